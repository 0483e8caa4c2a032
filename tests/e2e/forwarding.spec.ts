/**
 * Forwarding numbers against the real server: the owner opens Numbers → Forwarding numbers (empty at first), adds
 * the showroom's phone (§8 'The forwarding number has been added to the list of forwarding numbers') and sees
 * the seeded routes that already forward to it, is told an international number must be ticked as one (§3
 * usingIntNumber), follows a usage link to the main line, picks the showroom from the forward field's
 * suggestions with the keyboard, copies the "Parts" extension from the suggestions, saves; then renames an entry
 * (§8 'has been updated'), is refused deleting one routes still use (the routes named), and deletes an unused one.
 */
import { expect, test } from '@playwright/test';
import { expectSignedIn, keepScreenshot, signInThroughUi } from './helpers';
import { axeViolations } from './screenCheck';
import { serverForThisFile } from './server';

const server = serverForThisFile();

test('the owner keeps the forwarding numbers, picks one when routing, and copies an extension', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInThroughUi(page, server.url, 'owner@demo.test');
  await expectSignedIn(page);

  // The numbers area's own screens are reached by address (and by its tabs, on the screens that carry them).
  await page.goto(`${server.url}/numbers/forwarding`);
  await expect(page.getByRole('heading', { name: 'Forwarding numbers', level: 1 })).toBeVisible();
  await expect(page.getByText('No forwarding numbers yet')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Add the showroom's phone: refused empty, then added.
  await page.getByRole('button', { name: 'Add forwarding number' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a forwarding number' });
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText('Enter a name for this forwarding number.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Showroom floor');
  await dialog.getByRole('textbox', { name: 'Phone number' }).fill('(312) 555-0160');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(
    page.getByText('The forwarding number has been added to the list of forwarding numbers').first(),
  ).toBeVisible();
  const table = page.getByRole('table', { name: 'Forwarding numbers' });
  await expect(table.getByRole('row', { name: /Showroom floor/ })).toContainText('(312) 555-0160');
  await expect(table.getByRole('button', { name: 'Where Showroom floor is used: 3 routes' })).toBeVisible();

  // An international number must be ticked as one.
  await page.getByRole('button', { name: 'Add forwarding number' }).first().click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('London office');
  await dialog.getByRole('textbox', { name: 'Phone number' }).fill('+44 20 7946 0958');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText(/This is an international number/)).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'International number' }).check();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(table.getByRole('row', { name: /London office/ })).toContainText('(international)');
  await expect(page.getByText('2 forwarding numbers: 1 used by routes, 1 unused.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, 'forwarding-numbers');

  // Where the showroom is used, and on to the main line.
  await table.getByRole('button', { name: 'Where Showroom floor is used: 3 routes' }).click();
  const usage = page.getByRole('dialog', { name: 'Where Showroom floor is used' });
  await expect(usage.getByRole('listitem')).toHaveCount(3);
  await usage.getByRole('link', { name: 'Main line · (312) 555-0100' }).click();
  await expect(page.getByRole('heading', { name: '(312) 555-0100', level: 1 })).toBeVisible();

  // A new extension forwards to the showroom, picked from the suggestions with the keyboard.
  await page.getByRole('button', { name: 'Add extension' }).click();
  const fourth = page.getByRole('group', { name: 'Extension 4' });
  const forward = fourth.getByLabel('Forward 1 number', { exact: true });
  await forward.fill('show');
  await expect(page.getByRole('option', { name: /Showroom floor/ })).toBeVisible();
  await forward.press('ArrowDown');
  await forward.press('Enter');
  await expect(forward).toHaveValue('(312) 555-0160');
  await fourth.getByLabel('Extension label', { exact: true }).fill('Showroom');

  // "Parts" copied from the main line's extension 3, under the next key.
  await page.getByRole('button', { name: 'Copy an existing extension' }).click();
  const copy = page.getByRole('dialog', { name: 'Copy an existing extension' });
  await copy.getByRole('searchbox', { name: 'Search extensions' }).fill('part');
  await copy.getByRole('button', { name: 'Copy Parts (on Main line ext. 3)' }).click();
  const fifth = page.getByRole('group', { name: 'Extension 5' });
  await expect(fifth.getByLabel('Extension label', { exact: true })).toHaveValue('Parts');
  await expect(fifth.getByLabel('Forward 1 number', { exact: true })).toHaveValue('+13125550164');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Save routing' }).click();
  await expect(page.getByText('The number has been updated').first()).toBeVisible();

  // Back on the list: the showroom is used by one more route; a rename; a refused delete; a delete.
  await page.goto(`${server.url}/numbers/forwarding`);
  await expect(table.getByRole('button', { name: 'Where Showroom floor is used: 4 routes' })).toBeVisible();
  await table.getByRole('button', { name: 'Edit London office' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit London office' });
  await edit.getByRole('textbox', { name: 'Name' }).fill('London branch');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The forwarding number has been updated').first()).toBeVisible();

  await table.getByRole('button', { name: 'Delete Showroom floor' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Showroom floor' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm.getByRole('alert')).toContainText('is still forwarded to by 4 routes');
  await expect(confirm.getByRole('list', { name: 'Routes that forward to Showroom floor' })).toContainText(
    'Main line (312) 555-0100, extension 4 “Showroom”',
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  await table.getByRole('button', { name: 'Delete London branch' }).click();
  await page
    .getByRole('dialog', { name: 'Delete London branch' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await expect(table.getByRole('row', { name: /London branch/ })).toHaveCount(0);
  await expect(page.getByText('1 forwarding number: 1 used by routes, 0 unused.')).toBeVisible();
});
