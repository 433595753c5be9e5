/**
 * The everyday flows without friction: sign-up lands on "check your e-mail", the verification
 * link signs the user in and carries on to where they were going, sign-in keeps `?next=` for
 * this site only, and the AI never overwrites a title the user typed.
 */
import { expect, test } from './fixtures';
import { DEMO, latestMailTo, newVerifiedUser, uniqueEmail } from './helpers';

test('sign-up shows "check your e-mail", and the link signs in and continues to the deep link', async ({ page }) => {
  const email = uniqueEmail('flows');
  const destination = '/messages?conversation=c-flows';
  await page.goto(`/signup?next=${encodeURIComponent(destination)}`);
  await page.getByLabel('First name').fill('Mona');
  await page.getByLabel('Last name').fill('Khalil');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill('50 765 4321');
  await page.getByLabel('Password').first().fill('a-long-flows-pass-1');
  await page.getByLabel('Confirm password').fill('a-long-flows-pass-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend verification link' })).toBeVisible();

  const link = (await latestMailTo(email)).match(/\/verify-email\?token=[\w-]+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link as string);
  // A new user picks a role first, then arrives where they were going, signed in.
  await expect(page).toHaveURL(/\/role-selection$/);
  await page.getByTestId('role-real_estate_broker').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/messages\?conversation=c-flows$/);
});

test('sign-in keeps a same-site ?next= and refuses other sites', async ({ browser }) => {
  for (const [next, expected] of [
    ['/messages?conversation=abc', /\/messages\?conversation=abc$/],
    ['//evil.com', /^http:\/\/(127\.0\.0\.1|localhost):\d+\/$/],
    ['https://evil.com/', /^http:\/\/(127\.0\.0\.1|localhost):\d+\/$/],
    ['/\\evil.com', /^http:\/\/(127\.0\.0\.1|localhost):\d+\/$/],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await page.getByLabel('Email').fill(DEMO.broker);
    await page.getByLabel('Password').fill('Demo1234!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page, next).toHaveURL(expected);
    await context.close();
  }
});

test('the AI writes the card’s Arabic side into its empty fields and leaves a typed title alone, with undo', async ({
  browser,
}) => {
  const { page } = await newVerifiedUser(browser, { first: 'Layla', last: 'Aboud', role: 'real_estate_broker' });
  await page.goto('/create-card');
  await page.getByLabel('Profession / title (English)').fill('Senior Property Consultant');
  await page.getByLabel('Profession / title (Arabic)').fill('مستشارة أولى');
  await page.getByLabel('AI writes in').selectOption('ar');
  await page.getByRole('button', { name: 'Generate with AI' }).click();
  await expect(page.getByTestId('toast').first()).toContainText('AI Content Generated');
  await expect(page.getByLabel('Profession / title (Arabic)')).toHaveValue('مستشارة أولى');
  await expect(page.getByLabel('Professional bio (Arabic)')).toHaveValue(/[\u0600-\u06FF]/);
  // The English side is the user's and stays as typed.
  await expect(page.getByLabel('Profession / title (English)')).toHaveValue('Senior Property Consultant');
  await expect(page.getByLabel('Professional bio (English)')).toHaveValue('');

  // Asked to rewrite, it replaces the Arabic title with the English one's translation; Undo puts the typed one back.
  await page.getByLabel('Also rewrite what I wrote').check();
  await page.getByRole('button', { name: 'Generate with AI' }).click();
  await expect(page.getByLabel('Profession / title (Arabic)')).toHaveValue('مستشار عقاري أول');
  await expect(page.getByLabel('Profession / title (English)')).toHaveValue('Senior Property Consultant');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByLabel('Profession / title (Arabic)')).toHaveValue('مستشارة أولى');
});
