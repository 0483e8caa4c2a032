/**
 * The marketplace against the real server and the demo seed: the owner opens the numbers area's Marketplace tab, sees the KPI
 * cards and the seeded numbers, reads the toll-free line's listings history, changes the Service line's price
 * (§8 'Marketplace number updated successfully.'), offers the Sales line under its vanity words and lists it at
 * once, withdraws it, and downloads the report as marketplace_report.csv. No accessibility violations.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectSignedIn, keepScreenshot, signInThroughUi } from './helpers';
import { axeViolations } from './screenCheck';
import { serverForThisFile } from './server';

const server = serverForThisFile();

test('the owner reads the marketplace, edits a price, offers and withdraws a number, downloads the report', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInThroughUi(page, server.url, 'owner@demo.test');
  await expectSignedIn(page);

  // Through the area's tabs from another screen of it (the Numbers list's own tabs are that screen's to add).
  await page.goto(`${server.url}/schedule`);
  await page
    .getByRole('navigation', { name: 'Numbers and routing' })
    .getByRole('link', { name: 'Marketplace' })
    .click();
  await expect(page.getByRole('heading', { name: 'Marketplace', level: 1 })).toBeVisible();
  const figures = page.getByRole('list', { name: 'Marketplace figures' });
  await expect(figures.getByRole('listitem', { name: 'On offer: 2' })).toBeVisible();
  await expect(figures.getByRole('listitem', { name: 'Total asking: $5,750.50' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Marketplace numbers' });
  const tollFree = table.getByRole('row').filter({ hasText: '(888) 555-0103' });
  await expect(tollFree).toContainText('Listed');
  await expect(tollFree).toContainText('$4,500');
  await expect(tollFree).toContainText('or $149/month');
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, 'marketplace');

  // The toll-free line's history: the open listing and the earlier one, withdrawn.
  await page.getByRole('button', { name: 'Listings of (888) 555-0103' }).click();
  const history = page.getByRole('dialog', { name: 'Listings of (888) 555-0103' });
  const listings = history.getByRole('table', { name: 'Listings' });
  await expect(listings.getByRole('row')).toHaveCount(3);
  await expect(listings).toContainText('Open');
  await expect(listings).toContainText('(withdrawn)');
  await expect(listings).toContainText('$5,000');
  await keepScreenshot(page, 'marketplace-listings');
  // (No axe check while a dialog is open: axe counts every Mantine modal's <header> as a second banner landmark,
  // whichever screen opens one.)
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();

  // A new price for the Service line, under offer.
  await page.getByRole('button', { name: 'Edit (312) 555-0102' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit (312) 555-0102' });
  await edit.getByRole('textbox', { name: 'Asking price (USD)' }).fill('1199.99');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Marketplace number updated successfully.')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: '(312) 555-0102' })).toContainText('$1,199.99');

  // Offer the Sales line as JKL (555 on the keypad), listed at once.
  await page.getByRole('button', { name: 'Offer a number' }).first().click();
  const offer = page.getByRole('dialog', { name: 'Offer a number' });
  await offer.getByRole('combobox', { name: 'Number' }).click();
  await page.getByRole('option', { name: '(312) 555-0101 · Sales' }).click();
  await offer.getByRole('textbox', { name: 'Asking price (USD)' }).fill('2500');
  await offer.getByRole('textbox', { name: 'Vanity words' }).fill('JKL');
  await offer.getByRole('button', { name: 'Offer it' }).click();
  await expect(page.getByText('(312) 555-0101 is on the marketplace.')).toBeVisible();
  const sales = table.getByRole('row').filter({ hasText: '(312) 555-0101' });
  await expect(sales).toContainText('+1 (312) JKL0101');
  await expect(sales).toContainText('Listed');
  await expect(figures.getByRole('listitem', { name: 'On offer: 3' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Withdraw it: its listing closes.
  await page.getByRole('button', { name: 'Edit (312) 555-0101' }).click();
  await page
    .getByRole('dialog', { name: 'Edit (312) 555-0101' })
    .getByRole('button', { name: 'Withdraw' })
    .click();
  await expect(sales).toContainText('Withdrawn');
  await expect(figures.getByRole('listitem', { name: 'On offer: 2' })).toBeVisible();

  // The report, as a file named marketplace_report.csv.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download report' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('marketplace_report.csv');
  const csv = await readFile((await file.path()) ?? '', 'utf8');
  expect(csv).toContain('Number,Vanity form,Status,Asking price');
  // The vanity form starts with "+", so like every export's cell it is kept from being read as a formula.
  expect(csv).toContain(`(312) 555-0101,'+1 (312) JKL0101,Withdrawn,"$2,500"`);
});
