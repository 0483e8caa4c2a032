/**
 * Number templates end to end, against the real server: the owner opens Numbers → Templates (empty), makes a
 * template with AI extraction on (§5: recording and transcription show on and locked, saying why) and one
 * extension forwarding to a phone, applies it to the Service line from the template's screen, and the line's
 * routing (read back through the API the routing engine's storage answers) is the template's. The list counts the
 * number; deleting the template is confirmed and undone. The screens have no accessibility violations.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectSignedIn, keepScreenshot, signInThroughUi } from './helpers';
import { axeViolations } from './screenCheck';
import { serverForThisFile } from './server';

const server = serverForThisFile();

/** Through the numbers area's own navigation, from any of its screens. */
async function openTemplates(page: Page) {
  await page
    .getByRole('navigation', { name: 'Numbers and routing' })
    .getByRole('link', { name: 'Templates' })
    .click();
  await expect(page.getByRole('heading', { name: 'Number templates', level: 1 })).toBeVisible();
}

test('the owner makes a template, applies it to a number, and the number routes by it', async ({ page }) => {
  test.setTimeout(120_000);
  const owner = await server.tokenFor('owner@demo.test');
  const me = await server.api('GET', '/user', undefined, owner);
  const companyId = me.body.companies[0].id as number;
  const lines = await server.api('GET', `/companies/${companyId}/numbers?search=Service`, undefined, owner);
  const service = lines.body.data.find((row: { label: string }) => row.label === 'Service') as { id: number };

  await signInThroughUi(page, server.url, 'owner@demo.test');
  await expectSignedIn(page);
  await page.goto(`${server.url}/numbers/templates`);
  await expect(page.getByRole('heading', { name: 'Number templates', level: 1 })).toBeVisible();
  await expect(page.getByText('No templates yet')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // A new template: a name, AI extraction on, one extension forwarding to (312) 555-0177.
  await page.getByRole('link', { name: 'New template' }).first().click();
  await expect(page.getByRole('heading', { name: 'New template', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('Showroom');
  await page.getByRole('switch', { name: /^AI extraction/ }).click();
  await expect(page.getByRole('switch', { name: 'Record calls' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Record calls' })).toBeDisabled();
  await expect(page.getByRole('switch', { name: 'Transcribe calls' })).toBeDisabled();
  await expect(page.getByText(/always records and transcribes calls/)).toBeVisible();
  await page.getByRole('combobox', { name: 'Forward 1 number', exact: true }).fill('(312) 555-0177');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(page.getByText('The template was created.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Showroom', level: 1 })).toBeVisible();
  await keepScreenshot(page, 'number-template');

  // Apply it to the Service line.
  await page.getByRole('button', { name: 'Apply to numbers' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply template to numbers' });
  const numbers = dialog.getByRole('combobox', { name: 'Numbers', exact: true });
  await numbers.click();
  await numbers.fill('Service');
  await page.getByRole('option', { name: /Service$/ }).click();
  await expect(dialog.getByText('1 number chosen')).toBeVisible();
  // Escape closes the list of numbers (it covers the buttons), not the dialog.
  await numbers.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByText('The template was applied to 1 number.')).toBeVisible();

  // The line routes by the template now, recording and transcribing (§5).
  const line = await server.api('GET', `/numbers/list/${service.id}`, undefined, owner);
  expect(line.body.routes.map((route: { forwards: unknown }) => route.forwards)).toEqual([
    [{ number: '+13125550177', state: null }],
  ]);
  expect(line.body).toMatchObject({ recording_enabled: true, call_transcription_enabled: true });

  // The list counts it; deleting asks first and can be undone.
  await openTemplates(page);
  const table = page.getByRole('table', { name: 'Number templates' });
  const row = table.getByRole('row').filter({ hasText: 'Showroom' });
  await expect(row).toContainText('1 number');
  expect(await axeViolations(page)).toEqual([]);
  await row.getByRole('button', { name: 'Delete Showroom' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete template' });
  await expect(confirm).toContainText('keep their configuration');
  await confirm.getByRole('button', { name: 'Delete template' }).click();
  await expect(page.getByText('No templates yet')).toBeVisible();
  await page.getByRole('button', { name: 'Undo deleting Showroom' }).click();
  await expect(page.getByText('The template “Showroom” is back.')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Showroom' })).toContainText('None');
});
