/**
 * The dashboard and the reports end to end, against the real server and the demo seed (months of Demo Motors
 * calls), as the owner (issue 22, "Renderer"): the dashboard draws every widget from the seed, its key figures
 * change when they are compared with another period, and axe finds no violation on it; a report grouped by
 * source shows rows and totals, is exported as CSV, is saved as a favorite, is reopened from the favorites list after a reload, and
 * the favorite is renamed and deleted (both at once on the screen, §4), the delete undone once.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectSignedIn, keepScreenshot, signInThroughUi } from './helpers';
import { axeViolations } from './screenCheck';
import { serverForThisFile } from './server';

const server = serverForThisFile();

const WIDGETS = [
  'Calls over time',
  'Outcomes',
  'Why calls were missed',
  'Top sources',
  'Top numbers',
  'Calls by day and hour',
  'Agent leaderboard',
] as const;

async function signInToDemoMotors(page: Page) {
  await signInThroughUi(page, server.url, 'owner@demo.test');
  await expectSignedIn(page);
  const company = page.getByRole('combobox', { name: 'Company' });
  if ((await company.count()) && (await company.inputValue()) !== 'Demo Motors') {
    await company.click();
    await page.getByRole('option', { name: 'Demo Motors' }).click();
  }
}

/** The KPI cards' sentences ("Calls 1,234, up 3.0 % from 1,198"), in order. */
async function kpiSentences(page: Page): Promise<string[]> {
  const cards = page.getByRole('region', { name: 'Key figures' }).getByRole('group');
  await expect(cards.first()).toBeVisible();
  return cards.evaluateAll((elements) =>
    elements.map((element) => (element.textContent ?? '').trim()).filter(Boolean),
  );
}

test('the dashboard draws every widget from the seed, compares periods, and has no accessibility violation', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInToDemoMotors(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  const figures = page.getByRole('region', { name: 'Key figures' });
  await expect(figures.getByRole('group', { name: 'Missed rate' })).toBeVisible();
  await expect(figures).toContainText('Compared with');

  for (const title of WIDGETS) {
    const widget = page.getByRole('figure', { name: title });
    await expect(widget, title).toBeVisible();
    // Drawn from the seed: neither loading, failed nor empty, and linked to the activity feed.
    await expect(widget.getByRole('link', { name: `View these calls: ${title}` }), title).toBeVisible({
      timeout: 20_000,
    });
  }
  // The charts' figures as tables, and the heatmap's and leaderboard's own tables, hold numbers.
  await expect(page.getByRole('table', { name: /Calls per weekday and hour of day/ })).toBeVisible();
  await expect(page.getByRole('table', { name: /per agent/ }).getByRole('row')).not.toHaveCount(1);
  // The charts' chunk loaded: a drawn chart (hidden from assistive technology) is on the page.
  await expect(page.locator('.recharts-surface').first()).toBeVisible({ timeout: 20_000 });

  // Another comparison: new previous values, so new sentences, and the address keeps the choice.
  const before = await kpiSentences(page);
  const compared = await figures.getByText(/^Compared with/).textContent();
  await page.getByRole('combobox', { name: 'Compare with' }).click();
  await page.getByRole('option', { name: 'One year earlier' }).click();
  await expect(page).toHaveURL(/compare=1y/);
  await expect(figures.getByText(/^Compared with/)).not.toHaveText(compared ?? '');
  await expect(figures.getByText(/updating/)).toHaveCount(0);
  const after = await kpiSentences(page);
  expect(after).toHaveLength(before.length);
  expect(after).not.toEqual(before);

  // A widget links to the feed filtered to its calls.
  await page.getByRole('link', { name: 'View these calls: Outcomes' }).click();
  await expect(page).toHaveURL(/\/activity\?types=calls&from=\d{4}-\d{2}-\d{2}&to=/);
  await page.goBack();
  await expect(page.getByRole('figure', { name: 'Outcomes' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View these calls: Agent leaderboard' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  // Each agent on the leaderboard links to their calls.
  await expect(
    page.getByRole('table', { name: /per agent/ }).getByRole('link', { name: 'Aria Agent' }),
  ).toHaveAttribute('href', /\/activity\?types=calls&.*agent=\d+/);

  await keepScreenshot(page, 'analytics-dashboard');
  expect(await axeViolations(page)).toEqual([]);
});

test('a report by source is saved as a favorite, reopened after a reload, renamed and deleted', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInToDemoMotors(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();

  await page.getByRole('combobox', { name: 'Group by' }).click();
  await page.getByRole('option', { name: 'Source', exact: true }).click();
  await page.getByRole('radiogroup', { name: 'Date range' }).getByText('90 days').click();
  await expect(page).toHaveURL(/groupBy=source/);
  await expect(page).toHaveURL(/days=90/);

  const table = page.getByRole('table', { name: /Every figure by source/ });
  await expect(table).toBeVisible({ timeout: 20_000 });
  const rows = table.locator('tbody tr');
  expect(await rows.count()).toBeGreaterThan(0);
  await expect(table.locator('tfoot')).toContainText('Total');
  await expect(page.getByRole('figure', { name: 'Calls by source' })).toBeVisible();
  const address = page.url();

  // Exported as CSV: made in the background, its progress shown, then the file is saved.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^call-report-.+\.csv$/);
  const csv = readFileSync(await file.path(), 'utf8');
  expect(csv.split('\n')[0]).toMatch(/^"?Source"?,"?Calls"?,/);
  await expect(page.getByText('Report generated successfully.')).toBeVisible();

  // Printed (or saved as PDF), the report stands alone: no navigation, no phone panel, no controls.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeHidden();
  await expect(table).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  // Saved under a name of our own.
  const name = `Sources, 90 days ${Date.now()}`;
  await page.getByRole('button', { name: 'Save as favorite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save as favorite' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Search has been successfully added to favorites')).toBeVisible();
  const favorites = page.getByRole('list', { name: 'Favorite reports' });
  await expect(favorites.getByRole('link', { name })).toBeVisible();

  // Another report, then a reload: the favorite reopens the saved report.
  await page.goto(`${server.url}/reports`);
  await expect(page.getByRole('table', { name: /Every figure by day/ })).toBeVisible({ timeout: 20_000 });
  await page.reload();
  await favorites.getByRole('link', { name }).click();
  await expect(page).toHaveURL(address);
  await expect(page.getByRole('combobox', { name: 'Group by' })).toHaveValue('Source');
  await expect(page.getByRole('table', { name: /Every figure by source/ })).toBeVisible();
  await expect(favorites.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');

  // Renamed: the list shows the new name at once, and it holds after a reload.
  const renamed = `${name} (renamed)`;
  await favorites.getByRole('button', { name: `Rename ${name}` }).click();
  const rename = page.getByRole('dialog', { name: `Rename “${name}”` });
  await rename.getByRole('textbox', { name: 'Name' }).fill(renamed);
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(favorites.getByRole('link', { name: renamed })).toBeVisible();
  await expect(page.getByText('Favorite search has been successfully updated')).toBeVisible();
  await page.reload();
  await expect(favorites.getByRole('link', { name: renamed })).toBeVisible();

  // Deleted: gone at once; Undo brings it back; deleted again, gone for good.
  await favorites.getByRole('button', { name: `Delete ${renamed}` }).click();
  await expect(favorites.getByRole('link', { name: renamed })).toHaveCount(0);
  await expect(page.getByText('Favorite search has been successfully removed')).toBeVisible();
  await page.getByRole('button', { name: `Undo deleting ${renamed}` }).click();
  await expect(favorites.getByRole('link', { name: renamed })).toBeVisible();
  await expect(page.getByText(`“${renamed}” is back.`)).toBeVisible();
  await favorites.getByRole('button', { name: `Delete ${renamed}` }).click();
  await expect(favorites.getByRole('link', { name: renamed })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Favorite reports' })).toBeVisible();
  await expect(page.getByRole('link', { name: renamed })).toHaveCount(0);
  await expect(page.getByRole('table', { name: /Every figure by source/ })).toBeVisible({ timeout: 20_000 });
  expect(await axeViolations(page)).toEqual([]);
});

test('a report row of an agent opens the activity feed filtered to that agent’s calls, and a tag narrows it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInToDemoMotors(page);
  await page.goto(`${server.url}/reports?groupBy=agent&days=90`);
  const table = page.getByRole('table', { name: /Every figure by agent/ });
  await expect(table).toBeVisible({ timeout: 20_000 });
  await table.getByRole('link', { name: 'Aria Agent' }).click();

  await expect(page).toHaveURL(/\/activity\?.*agent=\d+/);
  const filters = page.getByRole('search', { name: 'Activity filters' });
  // The owner may list the company's users: the filter names the agent.
  await expect(filters.getByText('Aria Agent')).toBeVisible();
  await expect(filters.getByText('Only calls have an agent: other kinds are hidden.')).toBeVisible();
  const feed = page.getByRole('feed', { name: 'Activity' });
  await expect(feed.getByRole('article').first()).toBeVisible({ timeout: 20_000 });

  // A tag no call carries: nothing matches, and the feed says so rather than showing everything.
  const tag = filters.getByLabel('Tag', { exact: true });
  await tag.fill('no-such-tag');
  await tag.press('Enter');
  await expect(page).toHaveURL(/tag=no-such-tag/);
  await expect(feed.getByRole('article')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByText('No activity matches these filters')).toBeVisible();
});
