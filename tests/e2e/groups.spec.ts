/** The groups screen against the real server: a group and a label created, renamed and deleted. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { expectSignedIn, keepScreenshot, signInThroughUi } from './helpers';
import { serverForThisFile } from './server';

const server = serverForThisFile();

async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id}: ${n.html.slice(0, 120)} ${n.any.map((a) => a.message).join(' ')}`),
    );
}

async function openGroups(page: Page) {
  await signInThroughUi(page, server.url, 'admin@demo.test');
  await expectSignedIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Groups' }).click();
  await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
}

test('an admin creates, renames and deletes a group', async ({ page }) => {
  const name = `E2E Group ${Date.now()}`;
  await openGroups(page);
  await page.getByRole('button', { name: 'New group' }).click();
  const create = page.getByRole('dialog', { name: 'New group' });
  // An empty name is refused with a message under the field.
  await create.getByRole('button', { name: 'Create group' }).click();
  await expect(create.getByText('Name the group.')).toBeVisible();
  await create.getByRole('textbox', { name: 'Name' }).fill(name);
  await create.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByText(`Group “${name}” created.`)).toBeVisible();
  const groups = page.getByRole('table', { name: 'Groups' });
  const link = groups.getByRole('link', { name, exact: true });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', /\/contacts\?group=\d+$/);
  await expect(groups.getByRole('row').filter({ hasText: name }).getByRole('cell').nth(1)).toHaveText('0');

  await page.getByRole('button', { name: `Rename ${name}` }).click();
  const rename = page.getByRole('dialog', { name: 'Rename group' });
  await rename.getByRole('textbox', { name: 'Name' }).fill(`${name} renamed`);
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Group renamed to “${name} renamed”.`)).toBeVisible();
  await expect(groups.getByRole('link', { name: `${name} renamed`, exact: true })).toBeVisible();
  await keepScreenshot(page, 'groups');

  await page.getByRole('button', { name: `Delete ${name} renamed` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete group' });
  await expect(confirm.getByText('contacts stay', { exact: false })).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete group' }).click();
  await expect(page.getByText(`Group “${name} renamed” deleted.`, { exact: false })).toBeVisible();
  await expect(groups.getByRole('link', { name: `${name} renamed`, exact: true })).toHaveCount(0);
});

test('an admin creates a virtual group from filters', async ({ page }) => {
  const name = `E2E Virtual ${Date.now()}`;
  await openGroups(page);
  await page.getByRole('button', { name: 'New group' }).click();
  const create = page.getByRole('dialog', { name: 'New group' });
  await create.getByRole('textbox', { name: 'Name' }).fill(name);
  await create.getByRole('checkbox', { name: 'Virtual group' }).check();
  await create.getByRole('textbox', { name: 'Search', exact: true }).fill('zzz-nobody-matches');
  await create.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByText(`Group “${name}” created.`)).toBeVisible();
  const row = page.getByRole('table', { name: 'Groups' }).getByRole('row').filter({ hasText: name });
  await expect(row.getByText('Virtual', { exact: true })).toBeVisible();
  await expect(row.getByText('Contacts matching: matching “zzz-nobody-matches”')).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText('0');
});

test('an admin creates, renames and deletes a label', async ({ page }) => {
  const label = `E2E Label ${Date.now()}`;
  await openGroups(page);
  await page.getByRole('button', { name: 'New label' }).click();
  const create = page.getByRole('dialog', { name: 'New label' });
  await create.getByRole('textbox', { name: 'Label' }).fill(label);
  await create.getByRole('button', { name: 'Create label' }).click();
  await expect(page.getByText(`Label “${label}” created.`)).toBeVisible();
  const labels = page.getByRole('table', { name: 'Labels' });
  await expect(labels.getByRole('cell', { name: label, exact: true })).toBeVisible();

  // The same label again (any letter case) is refused under the field.
  await page.getByRole('button', { name: 'New label' }).click();
  await create.getByRole('textbox', { name: 'Label' }).fill(label.toUpperCase());
  await create.getByRole('button', { name: 'Create label' }).click();
  await expect(create.getByRole('textbox', { name: 'Label' })).toHaveAttribute('aria-invalid', 'true');
  await create.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: `Rename ${label}` }).click();
  const rename = page.getByRole('dialog', { name: 'Rename label' });
  await rename.getByRole('textbox', { name: 'Label' }).fill(`${label} 2`);
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Label renamed to “${label} 2”.`)).toBeVisible();
  await expect(labels.getByRole('cell', { name: `${label} 2`, exact: true })).toBeVisible();

  await page.getByRole('button', { name: `Delete ${label} 2` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete label' });
  await confirm.getByRole('button', { name: 'Delete label' }).click();
  await expect(page.getByText(`Label “${label} 2” deleted.`)).toBeVisible();
  await expect(labels.getByRole('cell', { name: `${label} 2`, exact: true })).toHaveCount(0);
});

test('the groups page and its dialog have no serious accessibility violations', async ({ page }) => {
  await openGroups(page);
  await expect(page.getByRole('table', { name: 'Groups' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Labels' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'New group' }).click();
  const dialog = page.getByRole('dialog', { name: 'New group' });
  await dialog.getByRole('checkbox', { name: 'Virtual group' }).check();
  await expect(dialog.getByRole('textbox', { name: 'Search', exact: true })).toBeVisible();
  expect(await seriousViolations(page, '[role=dialog]')).toEqual([]);
});
