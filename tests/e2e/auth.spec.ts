import { expect, test } from './fixtures';
import { DEMO, latestMailTo, linkIn, signIn, uniqueEmail } from './helpers';

test('a newcomer signs up, verifies the e-mail, signs in and chooses a role', async ({ page }) => {
  const email = uniqueEmail('newcomer');
  // The landing page's role card is remembered for the role-selection page.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('business card');
  await page.evaluate(() => window.sessionStorage.setItem('selectedRole', 'banking_broker'));

  await page.goto('/signup');
  await page.getByLabel('First name').fill('Noura');
  await page.getByLabel('Last name').fill('Al Shamsi');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill('50 765 4321');
  await page.getByLabel('Password').first().fill('short');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText("Passwords don't match")).toBeVisible();

  // A common password is rated at once, with the same rule the server applies.
  await page.getByLabel('Password').first().fill('password');
  await expect(page.getByTestId('password-strength')).toContainText('Too easy to guess');
  await page.getByLabel('Password').first().fill('noura-pass-1');
  await expect(page.getByTestId('password-strength')).not.toContainText('Too easy to guess');
  await page.getByLabel('Confirm password').fill('noura-pass-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // Signing in before verifying is refused with a way to resend.
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('noura-pass-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Resend verification link' })).toBeVisible();

  const mail = await latestMailTo(email);
  const link = linkIn(mail, '/verify-email?token=');
  // The link signs the new user in: they choose their role at once.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page).toHaveURL(/\/role-selection$/);
  await expect(page.getByTestId('role-banking_broker')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('role-investor').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('toast')).toContainText('Registration Complete!');
  await expect(page).toHaveURL(/\/create-card$/);

  const me = await page.request.get('/api/auth/user');
  expect((await me.json()).role).toBe('investor');
});

test('the profile form saves all seven fields and the header shows the new name', async ({ page }) => {
  await signIn(page, DEMO.investor);
  await page.goto('/profile?tab=edit');
  await page.getByLabel('First name').fill('Carlos');
  await page.getByLabel('Company').fill('Mendez Family Office');
  await page.getByLabel('Position').fill('Principal');
  await page.getByLabel('Phone').fill('+971 50 111 2222');
  await page.getByLabel('Bio').fill('Investing in Dubai residential since 2015.');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('toast')).toContainText('Profile Updated');
  await page.reload();
  await expect(page.getByLabel('Company')).toHaveValue('Mendez Family Office');
  await expect(page.getByLabel('Bio')).toHaveValue('Investing in Dubai residential since 2015.');

  // A new e-mail address asks for the current password and waits for the link.
  await page.getByLabel('Email').fill('carlos.new@example.com');
  await page.getByLabel('Current password').fill('Demo1234!');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('toast')).toContainText('Check your new inbox');
  await expect(page.getByLabel('Email')).toHaveValue(DEMO.investor);
  await expect(page.getByText('Waiting for confirmation: carlos.new@example.com')).toBeVisible();
});

test('signed-out visitors see Access Denied on the profile and a 404 page for unknown paths', async ({ page }) => {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the language toggle switches to Arabic, right to left', async ({ page }) => {
  await page.goto('/about');
  await page.getByTestId('language-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('عن بطاقة');
});

test('a sign-up done in Arabic sends the verification e-mail in Arabic', async ({ page }) => {
  const email = uniqueEmail('arabic');
  await page.addInitScript(() => window.localStorage.setItem('bitaqa.lang', 'ar'));
  await page.goto('/signup');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByLabel('الاسم الأول').fill('نورة');
  await page.getByLabel('اسم العائلة').fill('الشامسي');
  await page.getByLabel('البريد الإلكتروني').fill(email);
  await page.getByLabel('رقم الهاتف').fill('50 765 4321');
  await page.getByLabel('كلمة المرور').first().fill('noura-pass-1');
  await page.getByLabel('تأكيد كلمة المرور').fill('noura-pass-1');
  await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
  await expect(page).toHaveURL(/\/verify-email\?sent=/);
  const mail = await latestMailTo(email, 'verify-email?token=');
  expect(mail).toContain('أهلًا بك في Bitaqa');
  expect(mail).toContain('dir="rtl"');
  expect(linkIn(mail, '/verify-email?token=')).toMatch(/\/verify-email\?token=[\w-]+$/);
});
