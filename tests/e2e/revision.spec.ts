/**
 * End to end, an edit never takes an approved card offline. The owner renames
 * their approved card; the public keeps seeing the approved name while the owner is told the
 * change awaits review; the admin sees the change as old → new and approves it; then the public
 * card shows the new name.
 */
import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures';
import { newVerifiedUser, signInAdmin } from './helpers';

/** A verified investor (no subscription needed for a public card), signed in in a fresh context. */
async function newInvestor(browser: Browser) {
  return newVerifiedUser(browser, { first: 'Rana', last: 'Khalil', role: 'investor', phone: '50 765 4321' });
}

test('an edit of an approved card waits for review while the approved card stays public', async ({ browser }) => {
  const stamp = Date.now().toString(36);
  const oldName = `Rana Khalil ${stamp}`;
  const newName = `Rana K. Haddad ${stamp}`;
  const owner = await newInvestor(browser);
  const created = await owner.page.request.post('/api/business-cards', {
    data: { name: oldName, profession: 'Property Investor' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const card = await created.json();

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await signInAdmin(admin);
  const approved = await admin.request.patch(`/api/admin/business-cards/${card.id}/status`, {
    data: { status: 'approved', version: card.version },
  });
  expect(approved.status(), await approved.text()).toBe(200);

  // The owner renames the approved card in the editor.
  await owner.page.goto(`/edit-card/${card.id}`);
  await expect(owner.page.getByTestId('resubmit-warning')).toContainText('Your card stays public as approved');
  await owner.page.getByLabel('Full name (English)').fill(newName);
  await owner.page.getByRole('button', { name: 'Save changes' }).click();
  const confirm = owner.page.getByRole('dialog');
  await expect(confirm).toContainText('Your approved card stays public, unchanged');
  await confirm.getByRole('button', { name: 'Save and resubmit' }).click();
  await expect(owner.page.getByTestId('toast')).toContainText('Business Card Updated');

  // The owner is told the change awaits review; the card is still approved under its old name.
  await expect(owner.page).toHaveURL(/\/profile\?tab=cards/);
  const mine = owner.page.getByTestId('my-card').filter({ hasText: oldName });
  await expect(mine.getByTestId('card-status')).toHaveText('Approved');
  await expect(mine.getByTestId('revision-awaiting')).toContainText('Your changes are awaiting review');
  await expect(mine.getByTestId('revision-awaiting')).toContainText('stays public until an admin approves');
  await owner.page.goto(`/edit-card/${card.id}`);
  await expect(owner.page.getByTestId('revision-awaiting')).toBeVisible();
  // The editor continues from the proposed name, not the published one.
  await expect(owner.page.getByLabel('Full name (English)')).toHaveValue(newName);

  // The public still sees the approved name.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/cards/${card.id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: oldName })).toBeVisible();
  await expect(visitor.getByText(newName)).toHaveCount(0);

  // The admin sees the change as old → new in the review queue and approves it.
  await admin.goto('/admin');
  const row = admin.getByTestId('review-card').filter({ hasText: oldName });
  await expect(row.getByText('Edit of published content')).toBeVisible();
  const nameChange = row.getByTestId('revision-name');
  await expect(nameChange).toContainText('Name');
  await expect(nameChange.locator('del')).toHaveText(`Published value: ${oldName}`);
  await expect(nameChange.locator('ins')).toHaveText(`Proposed value: ${newName}`);
  await expect(nameChange.getByText('Was', { exact: true })).toBeVisible();
  await expect(nameChange.getByText('Now', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Approve ${oldName}` }).click();
  await expect(admin.getByTestId('toast').first()).toBeVisible();
  await expect(admin.getByTestId('review-card').filter({ hasText: oldName })).toHaveCount(0);

  // Now the public card shows the new name, and the owner's note is gone.
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name: newName })).toBeVisible();
  await owner.page.goto('/profile?tab=cards');
  const renamed = owner.page.getByTestId('my-card').filter({ hasText: newName });
  await expect(renamed.getByTestId('card-status')).toHaveText('Approved');
  await expect(renamed.getByTestId('revision-awaiting')).toHaveCount(0);

  await owner.context.close();
  await adminContext.close();
  await visitorContext.close();
});
