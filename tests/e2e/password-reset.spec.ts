import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { latestMailTo, linkIn, uniqueEmail } from './helpers';

/** "Forgot password?" sends a link; the link sets a new password once. */
test('a user who forgot the password resets it from the e-mailed link and signs in', async ({ page }) => {
  const email = uniqueEmail('forgetful');
  const first = 'Quiet-river-pebble-58';
  const registered = await page.request.post('/api/auth/register', {
    data: {
      firstName: 'Layla',
      lastName: 'Haddad',
      email,
      phoneNumber: '50 765 4321',
      countryCode: '+971',
      password: first,
      confirmPassword: first,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const verify = new URL(linkIn(await latestMailTo(email), '/verify-email?token='));
  const verified = await page.request.post('/api/auth/verify-email', {
    data: { token: verify.searchParams.get('token') },
  });
  expect(verified.status()).toBe(200);
  // Verifying signs the new user in; this user comes back later, signed out, and has forgotten.
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Email').press('Enter');
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`If an account exists for ${email}`);

  // The reset mail is written after the answer; wait for it to arrive.
  let mail = '';
  await expect
    .poll(async () => {
      mail = await latestMailTo(email);
      return mail.includes('/reset-password?token=');
    })
    .toBe(true);
  const link = new URL(linkIn(mail, '/reset-password?token='));
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();

  await page.getByLabel('New password').fill('password');
  await expect(page.getByTestId('password-strength')).toContainText('Too easy to guess');
  const second = 'Amber-lantern-orchard-31';
  await page.getByLabel('New password').fill(second);
  await page.getByLabel('Confirm password').fill(`${second}x`);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm password').fill(second);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByTestId('toast')).toContainText('Password changed');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(second);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/role-selection$/);

  // The link works once: opened again, it says so and offers a new one.
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password').fill('Another-amber-lantern-32');
  await page.getByLabel('Confirm password').fill('Another-amber-lantern-32');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'This link has already been used' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
});

/** No WCAG 2.2 A/AA violation that axe finds, as in a11y.spec.ts. */
async function expectAccessible(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('the reset pages work in Arabic, right to left, at phone width', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByTestId('language-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'نسيت كلمة المرور؟' })).toBeVisible();
  // Keyboard: the e-mail field, then the submit button, in reading order.
  await page.getByLabel('البريد الإلكتروني').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'إرسال رابط إعادة التعيين' })).toBeFocused();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'هذا الرابط غير صالح' })).toBeVisible();
  await page.goto('/reset-password?token=a-token-from-an-e-mail');
  await expect(page.getByRole('heading', { name: 'اختر كلمة مرور جديدة' })).toBeVisible();
  await expect(page).toHaveTitle(/اختر كلمة مرور جديدة/);
  await expectAccessible(page);
});
