/**
 * The card's Area is chosen from the canonical list of UAE communities with an
 * accessible autocomplete (keyboard and pointer, English and Arabic); a place not in the list is
 * kept as typed only when the user says so.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { newVerifiedUser } from './helpers';

const area = (page: Page) => page.getByRole('combobox', { name: /^(Area|المنطقة)$/ });
const suggestions = (page: Page) => page.getByRole('listbox', { name: /^(Suggestions|اقتراحات)$/ });

test('the card Area suggests communities, is driven by keyboard, sets the emirate, and keeps "Other" as typed', async ({
  browser,
}) => {
  const { page, context } = await newVerifiedUser(browser, { first: 'Noura', last: 'Saleh', role: 'investor' });
  await page.goto('/create-card');
  await expect(page.getByRole('heading', { name: 'Create your business card' })).toBeVisible();
  await page.getByLabel('Profession / title (English)').fill('Property investor');

  // An abbreviation finds the community; arrows and Enter choose it.
  await area(page).fill('jvc');
  await expect(suggestions(page)).toBeVisible();
  await expect(suggestions(page).getByRole('option').first()).toContainText('JVC');
  await area(page).press('ArrowDown');
  await expect(area(page)).toHaveAttribute('aria-activedescendant', /option-0$/);
  await area(page).press('Enter');
  await expect(area(page)).toHaveValue('JVC');
  await expect(suggestions(page)).toBeHidden();

  // A community in another emirate sets the emirate too.
  await area(page).fill('yas');
  await page.getByRole('option', { name: /Yas Island/ }).click();
  await expect(area(page)).toHaveValue('Yas Island');
  await expect(page.getByLabel('Emirate')).toHaveValue('abu_dhabi');

  // A half-typed name is not saved as a place: the list offers the real one, or "Other".
  await area(page).fill('Al Warsan 2');
  await expect(page.getByRole('option', { name: 'Other: keep “Al Warsan 2” as typed' })).toBeVisible();
  await page.getByRole('option', { name: 'Other: keep “Al Warsan 2” as typed' }).click();
  await expect(page.getByText('Not in our list of areas: shown as typed.')).toBeVisible();

  await area(page).fill('Dubai Mar');
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Choose an area from the list, or choose “Other” to keep what you typed')).toBeVisible();
  await area(page).fill('Dubai Mar');
  await suggestions(page)
    .getByRole('option', { name: /Dubai Marina/ })
    .click();
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByTestId('toast')).toContainText('Business Card Created');
  const [card] = await (await page.request.get('/api/business-cards/my')).json();
  expect(card).toMatchObject({ area: 'Dubai Marina', areaId: 'dubai-marina', emirate: 'dubai' });

  // In Arabic the same field shows and suggests Arabic names.
  await context.addCookies([{ name: 'bitaqa.lang', value: 'ar', url: page.url() }]);
  await page.addInitScript(() => window.localStorage.setItem('bitaqa.lang', 'ar'));
  await page.goto(`/edit-card/${card.id}`);
  await expect(area(page)).toHaveValue('دبي مارينا');
  await area(page).fill('قرية جميرا');
  await expect(suggestions(page).getByRole('option').first()).toContainText('قرية جميرا الدائرية');
  await context.close();
});
