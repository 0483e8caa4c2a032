/**
 * Porting a number in against the real server and its sandbox porting desk (steps of 1.5 s here): the owner opens
 * Ports, runs the new-port wizard (a step refused before it is sent, the letter of authorisation dropped in, no
 * bill), lands on the request, watches the desk ask for the bill, uploads it, and sees the request complete and
 * the number among the company's numbers. The screens have no accessibility violations of any impact.
 */
import { expect, test } from '@playwright/test';
import { expectSignedIn, keepScreenshot, signInThroughUi } from './helpers';
import { axeViolations } from './screenCheck';
import { serverForThisFile } from './server';

const server = serverForThisFile({ PORT_DESK_STEP_MS: '1500' });

/** A 1×1 PNG (a photo of the signed letter). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** The first business day at least a week from now, in the browser's calendar (the runner's). */
function nextBusinessDay(): string {
  const date = new Date(Date.now() + 7 * 86_400_000);
  while (date.getDay() === 0 || date.getDay() === 6) date.setDate(date.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

test('the owner ports a number in: wizard, documents requested, upload, completed', async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughUi(page, server.url, 'owner@demo.test');
  await expectSignedIn(page);
  await page.goto(`${server.url}/numbers/ports`);
  await expect(page.getByRole('heading', { name: 'Ports', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Numbers and routing' })).toBeVisible();
  await expect(page.getByText('No port requests yet')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'New port request' }).first().click();
  const wizard = page.getByRole('dialog', { name: 'New port request' });
  await expect(wizard).toBeVisible();

  // Step 1: a toll-free number left as Local is refused before anything is sent; the type follows the number.
  await wizard.getByRole('textbox', { name: 'Number 1', exact: true }).fill('720-555-0142');
  await wizard.getByRole('button', { name: 'Add another number' }).click();
  await wizard.getByRole('textbox', { name: 'Number 2', exact: true }).fill('312-555-01');
  await wizard.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(wizard.getByText(/Enter a North American number/)).toBeVisible();
  await wizard.getByRole('button', { name: 'Remove number 2' }).click();
  await wizard.getByRole('button', { name: 'Next', exact: true }).click();

  // Step 2: the account.
  await wizard.getByRole('textbox', { name: 'Current carrier' }).fill('Old Telco');
  await wizard.getByRole('textbox', { name: 'Account number', exact: true }).fill('ACC-4417');
  await wizard.getByLabel('Account PIN', { exact: true }).fill('482921');
  await wizard.getByRole('textbox', { name: 'Authorised name' }).fill('Dana Motors');
  await wizard.getByRole('textbox', { name: 'Service address' }).fill('1 Main St, Chicago IL 60601');
  await wizard.getByLabel('Desired port date').fill(nextBusinessDay());
  await wizard.getByRole('button', { name: 'Next', exact: true }).click();

  // Step 3: the letter, no bill.
  await wizard
    .getByLabel('Signed letter of authorisation file')
    .setInputFiles({ name: 'loa.png', mimeType: 'image/png', buffer: PNG });
  await expect(wizard.getByText('loa.png')).toBeVisible();
  await wizard.getByRole('button', { name: 'Next', exact: true }).click();

  // Step 4: the review shows only the PIN's last 2.
  const review = wizard.getByRole('table', { name: 'Port request to send' });
  await expect(review).toContainText('••••21');
  await expect(review).not.toContainText('482921');
  await keepScreenshot(page, 'port-wizard-review');
  await wizard.getByRole('button', { name: 'Send port request' }).click();

  // The request's page: the desk asks for the bill.
  await expect(page.getByRole('heading', { name: /^Port #\d+$/, level: 1 })).toBeVisible();
  await expect(page.getByText('The porting desk needs a document')).toBeVisible({ timeout: 20_000 });
  expect(await axeViolations(page)).toEqual([]);
  await page
    .getByLabel('Upload the recent bill file')
    .setInputFiles({ name: 'bill.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: 'Send document' }).click();
  await expect(page.getByText('Document sent.')).toBeVisible();

  // Then submitted, FOC set, completed.
  await expect(page.getByText('The numbers are the company’s now.')).toBeVisible({ timeout: 30_000 });
  const history = page.getByRole('list', { name: 'Status history' });
  await expect(history).toContainText('Documents requested');
  await expect(history).toContainText('FOC date set');
  await expect(history).toContainText('Completed');
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, 'port-completed');

  // The number is one of the company's numbers now.
  await page.getByRole('link', { name: 'See the numbers' }).click();
  await page.getByRole('searchbox', { name: 'Search numbers' }).fill('(720) 555-0142');
  await expect(page.getByRole('table', { name: 'Numbers' }).getByText('(720) 555-0142')).toBeVisible();
});
