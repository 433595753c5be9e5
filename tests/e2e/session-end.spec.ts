/**
 * Sessions ending, in the browser: the header's Logout button posts, and a page whose session
 * ends elsewhere (another tab signed out) leaves private data and goes to sign-in by itself.
 */
import { expect, test } from './fixtures';
import { DEMO, signIn } from './helpers';

test('the Logout button signs out with a POST and lands home signed out', async ({ page }) => {
  await signIn(page, DEMO.investor);
  await page.goto('/profile');
  const posted = page.waitForRequest((r) => r.url().endsWith('/api/logout'));
  await page.getByRole('button', { name: 'Logout' }).click();
  expect((await posted).method()).toBe('POST');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('signing out in another tab closes this tab’s live connection and sends it to sign-in', async ({ page }) => {
  await signIn(page, DEMO.investor);
  await page.goto('/messages');
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'open');
  // Another tab of the same browser: same session cookie, a real POST.
  expect((await page.request.post('/api/logout', { maxRedirects: 0 })).status()).toBe(302);
  await expect(page).toHaveURL(/\/login$/);
});

test('a plain GET of /api/logout (a link or an image) does not sign out', async ({ page }) => {
  await signIn(page, DEMO.investor);
  await page.goto('/api/logout');
  await expect(page.getByRole('heading', { name: 'Sign out of Bitaqa?' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});
