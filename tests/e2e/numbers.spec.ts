/**
 * Finding and buying numbers against the real server and its sandbox carrier: the owner opens Buy numbers,
 * searches area code 312 for numbers ending in CARS (§5 "Ends with", letters as keypad digits), sees a result in
 * its vanity form, buys it and finds it in the Numbers list; then buys three numbers at once and watches the bulk
 * purchase's progress end in "3 bought". The screens have no accessibility violations of any impact.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectSignedIn, keepScreenshot, signInThroughUi } from './helpers';
import { axeViolations } from './screenCheck';
import { serverForThisFile } from './server';

const server = serverForThisFile();

async function openNumbers(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Numbers' }).click();
  await expect(page.getByRole('heading', { name: 'Numbers', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Numbers' })).toBeVisible();
}

async function searchAvailable(page: Page, areaCode: string, pattern: string, mode: string) {
  await page.getByRole('textbox', { name: 'Area code' }).fill(areaCode);
  await page.getByRole('textbox', { name: 'Pattern' }).fill(pattern);
  await page.getByRole('radiogroup', { name: 'Search mode' }).getByText(mode, { exact: true }).click();
  await expect(page.getByRole('radio', { name: mode })).toBeChecked();
  await page.getByRole('button', { name: 'Search numbers' }).click();
  const results = page.getByRole('table', { name: 'Available numbers' });
  await expect(results).toBeVisible();
  return results;
}

test('the owner finds a vanity number, buys it, then buys three at once', async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughUi(page, server.url, 'owner@demo.test');
  await expectSignedIn(page);
  await openNumbers(page);
  await expect(page.getByRole('group', { name: 'Number limit' })).toContainText(/\d+ of \d+ numbers/);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Buy numbers' }).first().click();
  await expect(page.getByRole('heading', { name: 'Buy numbers', level: 1 })).toBeVisible();

  // A search refused before it is sent: a local number needs a place.
  await page.getByRole('button', { name: 'Search numbers' }).click();
  await expect(page.getByText('Search by area code, by state, or toll-free.')).toBeVisible();

  // Area code 312, ending in CARS (2277): the results show the number with its letters.
  const results = await searchAvailable(page, '312', 'CARS', 'Ends with');
  const row = results
    .getByRole('row')
    .filter({ has: page.getByText(/^\+1 \(312\) \d{3}CARS$/) })
    .first();
  await expect(row).toBeVisible();
  const formatted = ((await row.getByText(/^\(312\) \d{3}-2277$/).textContent()) ?? '').trim();
  expect(formatted).toMatch(/^\(312\) \d{3}-2277$/);
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, 'buy-numbers-results');

  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  await expect(page.getByText('Number bought')).toBeVisible();

  // It is one of the company's numbers now.
  await openNumbers(page);
  await page.getByRole('searchbox', { name: 'Search numbers' }).fill(formatted);
  await expect(page.getByRole('table', { name: 'Numbers' }).getByText(formatted)).toBeVisible();

  // Three at once: the progress bar moves with the purchase and ends with what was bought.
  await page.getByRole('link', { name: 'Buy numbers' }).first().click();
  const more = await searchAvailable(page, '312', '', 'Contains');
  const boxes = more.getByRole('checkbox', { name: /^Select \(/ });
  await expect(boxes.nth(2)).toBeVisible();
  for (const index of [0, 1, 2]) await boxes.nth(index).check();
  await page.getByRole('button', { name: 'Buy 3 numbers' }).click();
  const purchase = page.getByRole('region', { name: 'Bulk purchase' });
  await expect(purchase.getByRole('progressbar', { name: 'Bulk purchase progress' })).toBeVisible();
  await expect(purchase.getByRole('status')).toHaveText('3 bought', { timeout: 30_000 });
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, 'bulk-purchase-finished');

  await purchase.getByRole('link', { name: 'See the numbers' }).click();
  await expect(page.getByRole('heading', { name: 'Numbers', level: 1 })).toBeVisible();
});
