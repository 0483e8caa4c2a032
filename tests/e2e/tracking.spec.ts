/**
 * Call tracking end to end, against the real server (issue 21, "Renderer": pools made of numbers from the
 * inventory, the rules editor, the install snippet with a copy button, the real-time feed). The owner opens Call
 * tracking from the main navigation, adds a source in the rules editor, makes a session pool of a free number of
 * Demo Motors, finds it in the list and on its own page, copies the install snippet, and — once a visitor from
 * the newsletter lands on the website through the script's public call — sees them on the live feed with the
 * pool's number and opens their timeline. The activity feed, filtered by the seeded Google Ads source, shows a
 * call's source and where it came from. A DNI call report is asked for and becomes downloadable. Deleting the
 * pool, keeping its numbers, leaves the number active. The seed's own pools and counts are not relied on. Each
 * screen has no accessibility violation axe can find.
 */
import { expect, type Page, test } from '@playwright/test';
import { demoMotorsAs, expectSignedIn, keepScreenshot, signInThroughUi } from './helpers';
import { axeViolations } from './screenCheck';
import { serverForThisFile } from './server';

const server = serverForThisFile();

/** Through the area's own tab strip. */
async function openTab(page: Page, tab: string, heading: string) {
  await page.getByRole('navigation', { name: 'Call tracking' }).getByRole('link', { name: tab }).click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

test('the owner adds a source, makes a session pool from the inventory, installs, watches the feed, reports', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { token, companyId } = await demoMotorsAs(server, 'owner@demo.test');
  // A number of Demo Motors no pool holds yet (as pool number or fallback): the pool is made of it.
  const pools = await server.api('GET', `/companies/${companyId}/dniPools`, undefined, token);
  expect(pools.status).toBe(200);
  const taken = new Set<number>();
  for (const pool of pools.body.data as {
    numbers: { id: number }[];
    fallback_number: { id: number } | null;
  }[]) {
    for (const number of pool.numbers) taken.add(number.id);
    if (pool.fallback_number) taken.add(pool.fallback_number.id);
  }
  const inventory = await server.api('GET', `/companies/${companyId}/numbers?perPage=1000`, undefined, token);
  const free = (inventory.body.data as { id: number; number: string; status: string }[]).filter(
    (number) => number.status === 'active' && !taken.has(number.id),
  );
  expect(free.length, 'Demo Motors has two numbers outside any pool').toBeGreaterThanOrEqual(2);
  const [poolNumber, fallbackNumber] = free as unknown as [{ number: string }, { number: string }];
  const digits = (e164: string) => e164.replace(/^\+1/, '');

  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await signInThroughUi(page, server.url, 'owner@demo.test');
  await expectSignedIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Call tracking' }).click();
  await expect(page.getByRole('heading', { name: 'Call tracking', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Tracking pools' }).or(page.getByText('No tracking pools yet')),
  ).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // A source of our own, in the rules editor: a UTM value, then a referrer domain.
  await openTab(page, 'Sources', 'Sources');
  await page.getByRole('button', { name: 'Add source' }).click();
  await page.getByRole('menuitem', { name: 'Custom source…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a source' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Newsletter');
  await dialog.getByRole('textbox', { name: 'Parameter of condition 1' }).fill('utm_source');
  await dialog.getByRole('textbox', { name: 'Value of condition 1' }).fill('newsletter');
  await expect(dialog.getByText('Weighed first')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add a condition' }).click();
  await dialog.getByRole('combobox', { name: 'Kind of condition 2' }).click();
  await page.getByRole('option', { name: 'Referrer domain' }).click();
  await dialog.getByRole('textbox', { name: 'Referring domain of condition 2' }).fill('mail.example.com');
  await dialog.getByRole('button', { name: 'Add source' }).click();
  await expect(page.getByText('Source “Newsletter” added.')).toBeVisible();
  const sources = page.getByRole('table', { name: 'Sources' });
  const row = sources.getByRole('row').filter({ hasText: 'Newsletter' });
  await expect(row).toContainText('utm_source = newsletter');
  await expect(row).toContainText('from mail.example.com');
  // (Checked once the dialog is closed: every Mantine modal's own header counts as a second banner landmark.)
  expect(await axeViolations(page)).toEqual([]);

  // A session pool of a free number, for that source, replacing the website's own number.
  await openTab(page, 'Pools', 'Call tracking');
  await page.getByRole('link', { name: 'New pool' }).click();
  await expect(page.getByRole('heading', { name: 'New tracking pool', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('Newsletter pool');
  const sourcesPicker = page.getByRole('combobox', { name: 'Sources' });
  await sourcesPicker.click();
  await sourcesPicker.fill('Newsletter');
  await page.getByRole('option', { name: 'Newsletter' }).click();
  await sourcesPicker.press('Escape');
  const numbersPicker = page.getByRole('combobox', { name: 'Pool numbers' });
  await numbersPicker.click();
  await numbersPicker.fill(digits(poolNumber.number).slice(-4));
  await page.getByRole('option').first().click();
  await numbersPicker.press('Escape');
  await expect(page.getByText('1 number chosen')).toBeVisible();
  const targets = page.getByRole('combobox', { name: 'Numbers on your website' });
  await targets.fill('(312) 555-0199');
  await targets.press('Enter');
  const fallback = page.getByRole('combobox', { name: 'Fallback number' });
  await fallback.click();
  await fallback.fill(digits(fallbackNumber.number).slice(-4));
  await page.getByRole('option').first().click();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Create pool' }).click();
  await expect(page.getByText('Pool “Newsletter pool” created.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Newsletter pool', level: 1 })).toBeVisible();
  await expect(page.getByText('Utilisation, last 30 days')).toBeVisible();
  // The chart's code loads on demand; its table view is there once it has.
  await expect(page.getByRole('button', { name: 'Show as table' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Numbers of Newsletter pool' }).getByRole('row')).toHaveCount(
    2,
  );
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, 'tracking-pool');

  // In the list, with its source and its one number.
  await openTab(page, 'Pools', 'Call tracking');
  const poolRow = page
    .getByRole('table', { name: 'Tracking pools' })
    .getByRole('row')
    .filter({ hasText: 'Newsletter pool' });
  await expect(poolRow).toContainText('Newsletter');
  await expect(poolRow).toContainText('Session');

  // The install snippet, copied, and the website number it will replace.
  await openTab(page, 'Install', 'Install');
  const snippet = page.getByTestId('tracking-snippet');
  await expect(snippet).toContainText('<script');
  await expect(page.getByText('(312) 555-0199')).toBeVisible();
  await page.getByRole('button', { name: 'Copy snippet' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  // A string: this program is type-checked without the DOM's types.
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe(await snippet.innerText());
  expect(await axeViolations(page)).toEqual([]);

  // A visitor from the newsletter lands on the website (the script's own call, as a browser makes it): the live
  // feed shows them with the pool's number, and their timeline opens from their row.
  const script = await server.api('GET', `/trackingNumbers/script?companyId=${companyId}`, undefined, token);
  const visit = await page.request.post(`${server.url}/api/dni/session`, {
    headers: {
      'Content-Type': 'text/plain',
      'User-Agent':
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
    },
    data: JSON.stringify({
      key: script.body.key,
      url: 'https://www.demomotors.test/offers?utm_source=newsletter&utm_campaign=november',
      referrer: null,
      title: 'November offers',
    }),
  });
  expect(visit.status()).toBe(200);
  expect((await visit.json()).number).toBe(poolNumber.number);

  await openTab(page, 'Live', 'Live');
  await expect(page.getByRole('heading', { name: /^Calls in the last 30 minutes/, level: 2 })).toBeVisible();
  const visitors = page.getByRole('table', { name: 'Visitors on the website now' });
  const visitor = visitors.getByRole('row').filter({ hasText: 'Newsletter' });
  await expect(visitor).toContainText('/offers?utm_source=newsletter');
  expect(await axeViolations(page)).toEqual([]);
  await visitor.getByRole('button', { name: /^Timeline of the visitor from Newsletter/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Visitor timeline' });
  await expect(drawer.getByText('november', { exact: true })).toBeVisible();
  await expect(drawer.getByText('Viewed a page')).toBeVisible();
  await expect(page).toHaveURL(/[?&]session=/);
  await keepScreenshot(page, 'tracking-live');

  // The activity feed, filtered by a seeded source: each call says its source, and opens where it came from —
  // the visit's medium and landing page, and the pages viewed before the call.
  await page.goto(`${server.url}/activity?source=${encodeURIComponent('Google Ads')}`);
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
  const feed = page.getByRole('feed', { name: 'Activity' });
  const first = feed.getByRole('article').first();
  await expect(first).toContainText('Source: Google Ads');
  await first.getByRole('button', { name: 'Where the call came from' }).click();
  const origin = first.getByRole('table', { name: 'Where the call came from' });
  await expect(origin).toContainText('Google Ads');
  await expect(origin).toContainText('Landing page');
  await expect(first.getByText('The visitor’s path before the call')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, 'tracking-activity');

  // A DNI call report of the last 30 days: asked for, made in the background, then downloadable.
  await page.goto(`${server.url}/tracking/reports`);
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Make report' }).click();
  await expect(page.getByText(/^Report of .* asked for: it is being made\.$/)).toBeVisible();
  const reports = page.getByRole('table', { name: 'DNI call reports' });
  await expect(reports.getByRole('link', { name: /^Download the report of / }).first()).toBeVisible({
    timeout: 30_000,
  });
  expect(await axeViolations(page)).toEqual([]);

  // Deleting the pool asks what becomes of its numbers; kept, the number stays the company's, active.
  await page.goto(`${server.url}/tracking`);
  await page.getByRole('link', { name: 'Newsletter pool', exact: true }).click();
  await page.getByRole('button', { name: 'Delete pool' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Newsletter pool' });
  await expect(confirm.getByRole('radio', { name: /^Keep the numbers/ })).toBeChecked();
  await confirm.getByRole('button', { name: 'Delete pool' }).click();
  await expect(page.getByText('Pool “Newsletter pool” deleted; its 1 number kept.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Call tracking', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Newsletter pool' })).toHaveCount(0);
  const after = await server.api('GET', `/companies/${companyId}/numbers?perPage=1000`, undefined, token);
  expect(
    (after.body.data as { number: string; status: string }[]).find((n) => n.number === poolNumber.number)
      ?.status,
  ).toBe('active');
  await context.close();
});
