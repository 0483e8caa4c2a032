/** Custom fields: an admin creates a choice-list field on contacts, sees it listed, edits it and deletes it. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { expectSignedIn, keepScreenshot, signInThroughUi } from './helpers';
import { serverForThisFile } from './server';

const server = serverForThisFile();

test('an admin creates, edits and deletes a choice-list custom field on contacts', async ({ page }) => {
  await signInThroughUi(page, server.url, 'admin@demo.test');
  await expectSignedIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Custom fields' }).click();
  await expect(page.getByRole('heading', { name: 'Custom fields' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Contact' })).toHaveAttribute('aria-selected', 'true');

  // Create: a choice list with two choices, the second made the default.
  await page.getByRole('button', { name: 'New custom field' }).click();
  const create = page.getByRole('dialog', { name: 'New custom field' });
  await create.getByRole('textbox', { name: 'Name' }).fill('Trade-in interest E2E');
  await create.getByRole('textbox', { name: 'Description' }).fill('Whether they want to trade in a car');
  await create.getByRole('combobox', { name: 'Data type' }).click();
  await page.getByRole('option', { name: 'Choice list' }).click();
  await create.getByRole('textbox', { name: 'Choice 1' }).fill('Yes, soon');
  await create.getByRole('button', { name: 'Add choice' }).click();
  await create.getByRole('textbox', { name: 'Choice 2' }).fill('Not now');
  await create.getByRole('checkbox', { name: 'Required' }).check();
  await create.getByRole('combobox', { name: 'Default value' }).click();
  await page.getByRole('option', { name: 'Not now' }).click();
  await keepScreenshot(page, 'custom-fields-new');
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.html.slice(0, 120)}`)),
  ).toEqual([]);
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Custom field “Trade-in interest E2E” created.')).toBeVisible();
  await expect(create).toBeHidden();

  // Listed, with its data type and choices, and usage from countStats.
  const table = page.getByRole('table', { name: 'Custom fields' });
  const row = table.getByRole('row').filter({ hasText: 'Trade-in interest E2E' });
  await expect(row).toContainText('Choice list');
  await expect(row).toContainText('Yes, soon, Not now');
  await expect(row).toContainText('Required');
  await expect(row).toContainText(/0 of \d+ records/);

  // The same name again is refused on the name field.
  await page.getByRole('button', { name: 'New custom field' }).click();
  const again = page.getByRole('dialog', { name: 'New custom field' });
  await again.getByRole('textbox', { name: 'Name' }).fill('trade-in interest e2e');
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(again.getByText(/already exists here/)).toBeVisible();
  await again.getByRole('button', { name: 'Cancel' }).click();

  // Edit: rename, reorder the choices, add a third.
  await page.getByRole('button', { name: 'Edit Trade-in interest E2E' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit custom field' });
  await expect(edit.getByRole('textbox', { name: 'Choice 1' })).toHaveValue('Yes, soon');
  await edit.getByRole('textbox', { name: 'Name' }).fill('Trade-in E2E');
  await edit.getByRole('button', { name: 'Move choice 2 up' }).click();
  await expect(edit.getByRole('textbox', { name: 'Choice 1' })).toHaveValue('Not now');
  await edit.getByRole('button', { name: 'Add choice' }).click();
  await edit.getByRole('textbox', { name: 'Choice 3' }).fill('Maybe later');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Custom field “Trade-in E2E” saved.')).toBeVisible();
  const renamed = table.getByRole('row').filter({ hasText: 'Trade-in E2E' });
  await expect(renamed).toContainText('Not now, Yes, soon, Maybe later');
  await keepScreenshot(page, 'custom-fields-list');

  // Other entity types are listed too, each with its own fields.
  await page.getByRole('tab', { name: 'Call' }).click();
  await expect(page.getByText('Trade-in E2E')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Contact' }).click();

  // Delete, after a confirmation that says how many records carry values.
  await page.getByRole('button', { name: 'Delete Trade-in E2E' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Trade-in E2E?' });
  await expect(confirm).toContainText('No record carries a value of this field.');
  await confirm.getByRole('button', { name: 'Delete field' }).click();
  await expect(page.getByText('Custom field “Trade-in E2E” deleted.')).toBeVisible();
  await expect(table.getByText('Trade-in E2E')).toHaveCount(0);
});
