/**
 * The contact import wizard against the real server: a 300-row CSV with 5 bad rows is mapped (the suggestion
 * taken), added to a group, imported with a progress bar, and its bad rows downloaded as a report; the group's
 * count grows. A file without name and number columns gets §8's message.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { ERROR_MESSAGES } from '../../shared/domain/messages';
import { expectSignedIn, keepScreenshot, signInThroughUi } from './helpers';
import { serverForThisFile } from './server';

const server = serverForThisFile();
const folder = mkdtempSync(join(tmpdir(), 'contact-import-e2e-'));
test.afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Data rows (0-based) whose number cannot be a phone number. */
const BAD = new Map([
  [9, '12'],
  [60, 'not a number'],
  [150, '555'],
  [222, '000-000'],
  [299, '1234567890123456'],
]);
const ROWS = 300;

function writeCsv(): string {
  const lines = ['Full Name,Phone,Email,City'];
  for (let i = 0; i < ROWS; i++) {
    const number = BAD.get(i) ?? `(415) 555-${String(1000 + i).padStart(4, '0')}`;
    lines.push(`Importee ${String(i).padStart(3, '0')},${number},importee${i}@example.com,San Francisco`);
  }
  const path = join(folder, 'people.csv');
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

/** Serious or critical axe findings inside the dialog. */
async function dialogViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include('[role=dialog]').analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id}: ${n.html.slice(0, 120)} ${n.any.map((a) => a.message).join(' ')}`),
    );
}

async function openWizard(page: Page) {
  await signInThroughUi(page, server.url, 'admin@demo.test');
  await expectSignedIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click();
  await page.getByRole('button', { name: 'Import contacts' }).click();
  return page.getByRole('dialog', { name: 'Import contacts' });
}

test('an admin imports 300 rows into a group, follows the progress and downloads the 5 bad rows', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = await server.tokenFor('admin@demo.test');
  const companyId = (await server.api('GET', '/user', undefined, token)).body.companies[0].id as number;
  const groupName = `Import E2E ${Date.now()}`;
  const created = await server.api('POST', `/groups?companyId=${companyId}`, { name: groupName }, token);
  expect(created.status).toBe(201);
  expect(created.body.contact_count).toBe(0);

  const dialog = await openWizard(page);
  await expect(dialog.getByRole('button', { name: 'Choose file', exact: true })).toBeEnabled();
  expect(await dialogViolations(page)).toEqual([]);
  await dialog.getByLabel('Contacts file').setInputFiles(writeCsv());

  // The suggestion: Full Name → Name, Phone → Number, Email → Email.
  await expect(dialog.getByRole('combobox', { name: 'Number column', exact: true })).toHaveValue('Phone', {
    timeout: 30_000,
  });
  await expect(dialog.getByRole('combobox', { name: 'Name column', exact: true })).toHaveValue('Full Name');
  await expect(dialog.getByRole('combobox', { name: 'Email column', exact: true })).toHaveValue('Email');
  await expect(dialog.getByRole('table', { name: 'File preview' }).getByText('Importee 000')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Add to groups' }).click();
  await page.getByRole('option', { name: groupName }).click();
  await page.keyboard.press('Escape');
  await keepScreenshot(page, 'import-mapping');
  expect(await dialogViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText(`The contacts join ${groupName}.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Start import' }).click();

  const progress = dialog.getByRole('progressbar', { name: 'Import progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
  await expect(
    dialog.getByText('295 contacts imported, 0 updated, 5 rows could not be imported'),
  ).toBeVisible();
  // Issue 17: the stepper's Done step is filled once the import has finished.
  await expect(dialog.locator('.mantine-Stepper-step').filter({ hasText: 'Done' })).toHaveAttribute(
    'data-completed',
    'true',
  );
  const badRows = dialog.getByRole('table', { name: 'Rows that could not be imported' });
  await expect(badRows.getByRole('row')).toHaveCount(6);
  await expect(badRows.getByRole('cell', { name: '11', exact: true })).toBeVisible();
  await keepScreenshot(page, 'import-done');
  expect(await dialogViolations(page)).toEqual([]);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download report' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('people-errors.csv');
  const saved = join(folder, 'report.csv');
  await download.saveAs(saved);
  const [header, ...records] = parse(readFileSync(saved, 'utf8'), { bom: true }) as string[][];
  expect(header?.slice(0, 2)).toEqual(['row', 'reason']);
  expect(records).toHaveLength(5);
  // Row numbers are the file's lines: the header is row 1.
  expect(records.map((record) => Number(record[0]))).toEqual([...BAD.keys()].map((index) => index + 2));
  expect(records.map((record) => record[3])).toEqual([...BAD.values()]);
  for (const record of records) expect(record[1]).not.toBe('');

  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Groups' }).click();
  const row = page.getByRole('table', { name: 'Groups' }).getByRole('row').filter({ hasText: groupName });
  await expect(row.getByRole('cell').nth(1)).toHaveText('295');
  await expect(row.getByRole('cell').nth(2)).toHaveText('295');
});

test('a file without name and number columns gets the §8 message', async ({ page }) => {
  const path = join(folder, 'no-columns.csv');
  writeFileSync(path, 'colour,size\nred,10\nblue,12\n');
  const dialog = await openWizard(page);
  await dialog.getByLabel('Contacts file').setInputFiles(path);
  await expect(dialog.getByText(ERROR_MESSAGES.importInvalidFile)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(
    dialog.getByText(
      'Choose the Number column, and the Name column (or First name and Last name), to go on.',
    ),
  ).toBeVisible();

  // A file that is not a spreadsheet at all is refused with the server's words.
  await dialog.getByRole('button', { name: 'Back' }).click();
  const empty = join(folder, 'empty.csv');
  writeFileSync(empty, '');
  await dialog.getByLabel('Contacts file').setInputFiles(empty);
  await expect(dialog.getByRole('alert').filter({ hasText: ERROR_MESSAGES.importInvalidFile })).toBeVisible();
});

test('closing the wizard leaves the import running, followed by a notification (§4 background batches)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const lines = ['name,number'];
  for (let i = 0; i < 3000; i++) lines.push(`Background ${i},+1 206 555 ${String(3000 + i)}`);
  const path = join(folder, 'background.csv');
  writeFileSync(path, `${lines.join('\n')}\n`);

  const dialog = await openWizard(page);
  await dialog.getByLabel('Contacts file').setInputFiles(path);
  await expect(dialog.getByRole('combobox', { name: 'Number column', exact: true })).toHaveValue('number', {
    timeout: 30_000,
  });
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Start import' }).click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const finished = page.getByText('3,000 contacts imported, 0 updated, 0 rows could not be imported');
  await expect(finished).toBeVisible({ timeout: 60_000 });
  // Removed 5 seconds after it finished (§9 batch cleanup), and the list shows the new contacts.
  await expect(finished).toBeHidden({ timeout: 10_000 });
  await page.getByRole('searchbox', { name: 'Search contacts' }).fill('Background 2999');
  await expect(page.getByRole('table', { name: 'Contacts' }).getByText('Background 2999')).toBeVisible();
});
