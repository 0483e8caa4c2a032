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
  await expect(page.getByText('Search by area code, by state, near a city, or toll-free.')).toBeVisible();

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

test('the owner narrows the table, releases a number and keeps it, then releases two at once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInThroughUi(page, server.url, 'owner@demo.test');
  await expectSignedIn(page);
  await openNumbers(page);
  await expect(page.getByRole('region', { name: 'Number statistics' })).toContainText('Numbers');
  const table = page.getByRole('table', { name: 'Numbers' });

  // Filters live in the address: local numbers only.
  await page.getByRole('combobox', { name: 'Type', exact: true }).click();
  await page.getByRole('option', { name: 'Local Voice & SMS' }).click();
  await expect(page).toHaveURL(/type=2/);
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // One number's page: what a caller meets now, from the routing engine; release it, then keep it.
  await table.getByRole('row').nth(1).getByRole('link').first().click();
  const preview = page.getByRole('region', { name: 'What a caller meets now' });
  await expect(preview).toContainText(/^What a caller meets now(Open|Closed|Direct voicemail): /);
  await page.getByRole('button', { name: 'Release number' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Release number' }).click();
  await expect(page.getByText('This number is being released')).toBeVisible();
  await page.getByRole('button', { name: 'Keep this number' }).click();
  await expect(page.getByText('This number is being released')).toBeHidden();
  expect(await axeViolations(page)).toEqual([]);

  // Two at once from the table: the bulk release runs and names how many it released.
  await page.getByRole('link', { name: 'All numbers' }).click();
  await table
    .getByRole('checkbox', { name: /^Select \(/ })
    .nth(0)
    .check();
  await table
    .getByRole('checkbox', { name: /^Select \(/ })
    .nth(1)
    .check();
  const chosen = page.getByRole('region', { name: 'Chosen numbers' });
  await expect(chosen).toContainText('2 numbers chosen');
  await chosen.getByRole('button', { name: 'Release' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Release 2 numbers' }).click();
  await expect(page.getByText('2 of 2 released')).toBeVisible({ timeout: 30_000 });
  await expect(table.getByText(/^Releasing on /)).toHaveCount(2);
  await keepScreenshot(page, 'numbers-table');
});
