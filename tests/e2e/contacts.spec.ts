/**
 * The contacts screens against the real server: an agent edits a contact and sees it in the list; a number another
 * contact already has is refused, and the optimistic change (§4) is rolled back everywhere with the server's
 * message; a new label is applied to two contacts in bulk; the search and a group link narrow the list; the
 * selected contacts download as a CSV. Each test makes its own contacts through the API (distinctive names, area
 * codes the seed does not use), so seeded data never changes the outcome.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { demoMotorsAs, expectSignedIn, keepScreenshot, signInThroughUi } from './helpers';
import { serverForThisFile } from './server';

const server = serverForThisFile();
/** The demo company's main line (texts and calls from a contact arrive on it). */
const MAIN_LINE = '+13125550100';
let token = '';
let companyId = 0;

test.beforeAll(async () => {
  ({ token: token, companyId } = await demoMotorsAs(server, 'agent@demo.test'));
});

async function createContact(name: string, number: string, extra: Record<string, unknown> = {}) {
  const created = await server.api(
    'POST',
    `/contacts?companyId=${companyId}`,
    { name, number, ...extra },
    token,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: number; name: string; number: string };
}

async function openContacts(page: Page, email = 'agent@demo.test') {
  await signInThroughUi(page, server.url, email);
  await expectSignedIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click();
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
  return page.getByRole('table', { name: 'Contacts' });
}

/** WCAG 2 contrast ratio of two computed `rgb(…)` colours. */
function contrastRatio(first: string, second: string): number {
  const luminance = (color: string) => {
    const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((value) => {
      const channel = Number(value) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search contacts' }).fill(text);
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(text);
}

test('an agent edits a contact, and a number another contact has is refused and rolled back everywhere', async ({
  page,
}) => {
  const zelda = await createContact('Zelda Quill', '+1 415 555 0142');
  await createContact('Yusuf Quarry', '+1 646 555 0177');
  const table = await openContacts(page);
  await search(page, 'Zelda Quill');
  await table.getByRole('link', { name: 'Zelda Quill' }).click();
  await expect(page.getByRole('heading', { name: 'Zelda Quill', level: 1 })).toBeVisible();

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Zelda Quillon');
  await page.getByRole('button', { name: 'Save contact' }).click();
  await expect(page.getByText('Saved Zelda Quillon.')).toBeVisible();
  await page.getByRole('link', { name: /Back to contacts/ }).click();
  await expect(page).toHaveURL(/search=Zelda\+Quill/);
  await expect(table.getByRole('link', { name: 'Zelda Quillon' })).toBeVisible();

  // Hold the save (and any refetch of the list) at the network, so the optimistic state can be seen before
  // the server's answer; the requests then go to the real server unchanged.
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/contacts**', async (route) => {
    const request = route.request();
    if (request.method() === 'PATCH' || new URL(request.url()).pathname === '/api/contacts') await gate;
    await route.continue();
  });

  await table.getByRole('link', { name: 'Zelda Quillon' }).click();
  const number = page.getByRole('textbox', { name: 'Number', exact: true });
  await expect(number).toHaveValue('(415) 555-0142');
  await number.fill('646 555 0177');
  await number.blur();
  await expect(number).toHaveValue('(646) 555-0177');
  await page.getByRole('button', { name: 'Save contact' }).click();
  // Optimistic: the contact's heading and the list show the new number before the server answers.
  const header = page.getByRole('main');
  await expect(header.getByText('(646) 555-0177', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: /Back to contacts/ }).click();
  const row = table.getByRole('row', { name: /Zelda Quillon/ });
  await expect(row).toContainText('(646) 555-0177');
  await keepScreenshot(page, 'contacts-optimistic');

  release();
  await expect(
    page.getByText(/Your changes to Zelda Quillon were not saved: This number belongs to Yusuf Quarry/),
  ).toBeVisible();
  // The refusal is a flash with a title, under which Mantine greys the message; the theme keeps that grey at AA
  // (4.5:1). Measured from the rendered colours: axe leaves this message "incomplete" (its two lines lie over
  // different parts of the page, so axe cannot settle the background), so it would pass without checking it.
  const refusal = page.getByRole('alert').filter({ hasText: 'Not saved' });
  const [background, text] = await refusal
    .locator('.mantine-Notification-description')
    .evaluate((description) => {
      // The root tsconfig has no DOM types: name the two browser calls used here.
      const dom = globalThis as unknown as {
        getComputedStyle(element: unknown): { color: string; backgroundColor: string };
      };
      const root = (description as unknown as { closest(selector: string): unknown }).closest(
        '.mantine-Notification-root',
      );
      return [dom.getComputedStyle(root).backgroundColor, dom.getComputedStyle(description).color];
    });
  expect(contrastRatio(background, text)).toBeGreaterThanOrEqual(4.5);
  await expect(row).toContainText('(415) 555-0142');
  await expect(row).not.toContainText('(646) 555-0177');
  await page.unroute('**/api/contacts**');

  // On the editor, the refusal names the field; the heading keeps the saved number.
  await table.getByRole('link', { name: 'Zelda Quillon' }).click();
  await number.fill('(646) 555-0177');
  await page.getByRole('button', { name: 'Save contact' }).click();
  await expect(page.getByText('This number belongs to Yusuf Quarry already.').first()).toBeVisible();
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('main').getByText('(415) 555-0142', { exact: true })).toBeVisible();
  await keepScreenshot(page, 'contacts-refused');

  const stored = await server.api('GET', `/contacts/${zelda.id}`, undefined, token);
  expect(stored.body).toMatchObject({ name: 'Zelda Quillon', number: '+14155550142' });
});

test('two selected contacts get a new label in bulk', async ({ page }) => {
  const ames = await createContact('Bulkley Ames', '+1 206 555 0111');
  const boone = await createContact('Bulkley Boone', '+1 206 555 0112');
  const table = await openContacts(page);
  await search(page, 'Bulkley');
  await expect(table.getByRole('row')).toHaveCount(3);

  await page.getByRole('checkbox', { name: 'Select Bulkley Ames' }).check();
  await page.getByRole('checkbox', { name: 'Select Bulkley Boone' }).check();
  const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(toolbar).toContainText('2 contacts selected');
  await toolbar.getByRole('button', { name: 'Add label' }).click();

  const dialog = page.getByRole('dialog', { name: 'Add label' });
  await dialog.getByRole('textbox', { name: 'New label' }).fill('Spring Fair 2026');
  await dialog.getByRole('button', { name: 'Create label' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Label', exact: true })).toHaveValue('Spring Fair 2026');
  await dialog.getByRole('button', { name: 'Add label' }).click();
  await expect(page.getByText('Added “Spring Fair 2026” to 2 contacts.')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await expect(table.getByRole('row', { name: /Bulkley Ames/ })).toContainText('Spring Fair 2026');
  await expect(table.getByRole('row', { name: /Bulkley Boone/ })).toContainText('Spring Fair 2026');
  await expect(toolbar).toHaveCount(0);
  await keepScreenshot(page, 'contacts-bulk-label');
  for (const contact of [ames, boone]) {
    const stored = await server.api('GET', `/contacts/${contact.id}`, undefined, token);
    expect(stored.body.labels.map((label: { label: string }) => label.label)).toContain('Spring Fair 2026');
  }
});

test('the search narrows the list by name and by a phone-like number, and a group link filters it', async ({
  page,
}) => {
  const marlowe = await createContact('Quintessa Marlowe', '+1 503 555 0133');
  await createContact('Quintessa Doyle', '+1 503 555 0134');
  const group = await server.api(
    'POST',
    `/groups?companyId=${companyId}`,
    { name: 'Search E2E group' },
    token,
  );
  expect(group.status).toBeLessThan(300);
  expect(
    (await server.api('POST', `/groups/${group.body.id}/contacts`, { contacts: [marlowe.id] }, token)).status,
  ).toBeLessThan(300);

  const table = await openContacts(page);
  await search(page, 'Quintessa');
  await expect(table.getByRole('link', { name: /^Quintessa / })).toHaveCount(2);

  await search(page, 'Quintessa Marlowe');
  await expect(table.getByRole('link', { name: /^Quintessa / })).toHaveCount(1);
  await expect(table.getByRole('link', { name: 'Quintessa Marlowe' })).toBeVisible();

  await search(page, '(503) 555-0134');
  await expect(table.getByRole('link', { name: 'Quintessa Doyle' })).toBeVisible();
  await expect(table.getByRole('link', { name: /^Quintessa / })).toHaveCount(1);

  await search(page, 'Quintessa Nobody');
  await expect(page.getByText('No contacts match these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page.getByRole('searchbox', { name: 'Search contacts' })).toHaveValue('');

  await page.goto(`${server.url}/contacts?group=${group.body.id}`);
  await expect(table.getByRole('link', { name: 'Quintessa Marlowe' })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
});

test('the selected contacts download as a CSV file', async ({ page }) => {
  await createContact('Exporta One', '+1 617 555 0155', { email: 'one@exporta.test' });
  await createContact('Exporta Two', '+1 617 555 0156', { city: '=HYPERLINK("http://x")' });
  const table = await openContacts(page);
  await search(page, 'Exporta');
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(toolbar).toContainText('2 contacts selected');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    toolbar.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^contacts-.*\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines).toHaveLength(3);
  expect(csv).toContain('Exporta One');
  expect(csv).toContain('Exporta Two');
  expect(csv).toContain('one@exporta.test');
  // §7 exports neutralise formula cells: the city does not start with `=` in the file.
  expect(csv).toContain('HYPERLINK');
  expect(csv).not.toMatch(/(^|,)"?=HYPERLINK/m);
});

test('a contact with four labels shows two and "+2" on one line, the full list on hover, and Status in view at 1280 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const suffix = Date.now().toString(36);
  const names = ['Overflow Alpha', 'Overflow Bravo', 'Overflow Charlie', 'Overflow Delta'].map(
    (name) => `${name} ${suffix}`,
  );
  const labels: number[] = [];
  for (const label of names) {
    const created = await server.api('POST', `/companies/${companyId}/contactLabels`, { label }, token);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    labels.push(created.body.id as number);
  }
  await createContact('Olive Overflow', '+1 503 555 0164', { labels });
  const table = await openContacts(page);
  await search(page, 'Olive Overflow');
  const row = table.getByRole('row', { name: /Olive Overflow/ });
  // Issue 17: single-line rows with "+N" for extra labels and a full view on hover (or keyboard focus).
  const labelsCell = row.getByRole('button', { name: `4 labels: ${names.join(', ')}` });
  await expect(labelsCell).toContainText(`${names[0]}${names[1]}+2`);
  await labelsCell.hover();
  const fullList = page.getByRole('tooltip');
  for (const name of names) await expect(fullList.getByText(name, { exact: true })).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(fullList).toHaveCount(0);
  // By keyboard: the cell is the next stop after the contact's name.
  await row.getByRole('link', { name: 'Olive Overflow' }).focus();
  await page.keyboard.press('Tab');
  await expect(labelsCell).toBeFocused();
  await expect(page.getByRole('tooltip').getByText(names[3] as string, { exact: true })).toBeVisible();

  // The row is one line, and the Status column is not cut off by the table's sideways scrolling.
  const status = table.getByRole('columnheader', { name: 'Status' });
  const statusBox = await status.boundingBox();
  // The box the table scrolls sideways in (DataTable's scroll container): what lies past its edge is cut off.
  const frame = await table.locator('xpath=..').boundingBox();
  expect(statusBox && frame).toBeTruthy();
  if (!statusBox || !frame) return;
  expect(statusBox.x + statusBox.width).toBeLessThanOrEqual(Math.min(frame.x + frame.width, 1280));
  expect((await row.boundingBox())?.height).toBeLessThan(50);
});

test('column choice is remembered, and the list and the editor have no serious accessibility violations', async ({
  page,
}) => {
  const contact = await createContact('Colette Axeworth', '+1 617 555 0190', { email: 'colette@axe.test' });
  const table = await openContacts(page);
  await search(page, 'Colette Axeworth');
  await expect(table.getByRole('columnheader', { name: 'Email' })).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Email' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'City' }).click();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: 'Email' })).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: 'City' })).toBeVisible();
  await page.reload();
  await expect(table.getByRole('link', { name: 'Colette Axeworth' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Email' })).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: 'City' })).toBeVisible();

  const serious = async () =>
    // The flash messages' close button (ui/flash.ts, shared) has no accessible name yet: reported, not ours.
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) =>
        v.nodes.map((n) => `${v.id}: ${n.html.slice(0, 120)} ${n.any.map((a) => a.message).join(' ')}`),
      );
  await page.getByRole('checkbox', { name: 'Select Colette Axeworth' }).check();
  await expect(page.getByRole('toolbar', { name: 'Bulk actions' })).toBeVisible();
  expect(await serious()).toEqual([]);

  await table.getByRole('link', { name: 'Colette Axeworth' }).click();
  await expect(page.getByRole('heading', { name: 'Colette Axeworth', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Add note' }).fill('Called about the spring service offer.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('listitem', { name: 'Note by Aria Agent' })).toContainText(
    'spring service offer',
  );
  expect(await serious()).toEqual([]);
  await keepScreenshot(page, 'contacts-editor');
  const stored = await server.api('GET', `/contacts/${contact.id}`, undefined, token);
  expect(stored.body.note_records[0]).toMatchObject({ body: 'Called about the spring service offer.' });
});

test('a reporting user reads contacts but is offered no change', async ({ page }) => {
  await createContact('Regina Readonly', '+1 617 555 0191');
  await signInThroughUi(page, server.url, 'reporting@demo.test');
  await expectSignedIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click();
  const table = page.getByRole('table', { name: 'Contacts' });
  await search(page, 'Regina Readonly');
  await expect(table.getByRole('link', { name: 'Regina Readonly' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New contact' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Import contacts' })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Select Regina Readonly' }).check();
  const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(toolbar.getByRole('button', { name: 'Export' })).toBeVisible();
  await expect(toolbar.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(toolbar.getByRole('button', { name: 'Add label' })).toHaveCount(0);

  await table.getByRole('link', { name: 'Regina Readonly' }).click();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save contact' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete contact' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Add note' })).toHaveCount(0);
});

test('an agent adds a contact and deletes it; two more go in one bulk delete', async ({ page }) => {
  const table = await openContacts(page);
  await page.getByRole('link', { name: 'New contact' }).click();
  await expect(page.getByRole('heading', { name: 'New contact', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Nadia Newcombe');
  const number = page.getByRole('textbox', { name: 'Number', exact: true });
  await number.fill('555 01');
  await number.blur();
  await expect(page.getByText('Enter a valid phone number, for example (415) 555-2671.')).toBeVisible();
  await number.fill('206 555 0170');
  await number.blur();
  await expect(number).toHaveValue('(206) 555-0170');
  await page.getByRole('combobox', { name: 'Gender' }).click();
  await page.getByRole('option', { name: 'Female' }).click();
  await page.getByRole('button', { name: 'Save contact' }).click();
  await expect(page.getByText('Added Nadia Newcombe.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nadia Newcombe', level: 1 })).toBeVisible();
  const id = Number(/\/contacts\/(\d+)$/.exec(page.url())?.[1]);
  expect((await server.api('GET', `/contacts/${id}`, undefined, token)).body).toMatchObject({
    number: '+12065550170',
    gender: 'Female',
    source: 'Manual',
  });

  await page.getByRole('button', { name: 'Delete contact' }).click();
  await page
    .getByRole('dialog', { name: 'Delete contact' })
    .getByRole('button', { name: 'Delete contact' })
    .click();
  await expect(page.getByText('Deleted Nadia Newcombe.')).toBeVisible();
  await expect(page).toHaveURL(/\/contacts$/);
  expect((await server.api('GET', `/contacts/${id}`, undefined, token)).status).toBe(404);

  await createContact('Deletia One', '+1 503 555 0181');
  await createContact('Deletia Two', '+1 503 555 0182');
  await search(page, 'Deletia');
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete contacts' });
  await expect(dialog).toContainText('Delete 2 contacts?');
  await dialog.getByRole('button', { name: 'Delete 2 contacts' }).click();
  await expect(page.getByText('Deleted 2 contacts.')).toBeVisible();
  await expect(page.getByText('No contacts match these filters')).toBeVisible();
});

test('pages of the whole list, and an export of every matching contact', async ({ page }) => {
  const table = await openContacts(page);
  await expect(table.getByRole('row')).toHaveCount(26);
  const nameHeader = table.getByRole('columnheader', { name: /^Name/ });
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  const firstAscending = await table.getByRole('row').nth(1).getByRole('link').innerText();
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => new URL(page.url()).searchParams.get('dir')).toBe('desc');
  await expect(table.getByRole('row').nth(1).getByRole('link')).not.toHaveText(firstAscending);
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await pages.getByRole('button', { name: '2', exact: true }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
  await expect(table.getByRole('row')).toHaveCount(26);
  // Until page 2 has arrived, page 1's rows stay on screen and cannot be selected.
  await expect(table).toHaveAttribute('aria-busy', 'false');

  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(toolbar).toContainText('25 contacts selected');
  const selectAll = page.getByRole('button', { name: /^Select all [\d,]+ matching$/ });
  const total = Number((await selectAll.innerText()).replace(/\D/g, ''));
  expect(total).toBeGreaterThan(25);
  await selectAll.click();
  await expect(toolbar).toContainText(`${total.toLocaleString('en-US')} contacts selected`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    toolbar.getByRole('button', { name: 'Export' }).click(),
  ]);
  const rows = parse(readFileSync(await download.path(), 'utf8'), { bom: true }) as string[][];
  expect(rows.length - 1).toBe(total);
});

test('a contact’s calls and texts show in one timeline, newest first, more as it scrolls; Call and Text for an agent only', async ({
  browser,
}) => {
  const contact = await createContact('Tilda Timeline', '+1 971 555 0142');
  // A page and a bit of texts (a timeline page is 20), then a call the caller hangs up: the newest.
  for (let text = 1; text <= 22; text++) {
    const sent = await server.api(
      'POST',
      '/sandbox/messages',
      { from: contact.number, to: MAIN_LINE, body: `Timeline text ${text}` },
      token,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
  }
  const placed = await server.api(
    'POST',
    '/sandbox/calls',
    { from: contact.number, to: MAIN_LINE, voicemail: false },
    token,
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  await server.api('POST', `/sandbox/calls/${placed.body.id}/hangup`, {}, token);

  const openTimeline = async (email: string) => {
    const page = await (await browser.newContext()).newPage();
    const table = await openContacts(page, email);
    await search(page, 'Tilda Timeline');
    await table.getByRole('link', { name: 'Tilda Timeline' }).click();
    await expect(page.getByRole('heading', { name: 'Tilda Timeline', level: 1 })).toBeVisible();
    return { page, timeline: page.getByRole('list', { name: 'Calls, texts and notes with Tilda Timeline' }) };
  };

  const { page, timeline } = await openTimeline('agent@demo.test');
  const entries = timeline.getByRole('listitem');
  await expect(entries.first()).toContainText('Call');
  await expect(entries.nth(1)).toContainText('Timeline text 22');
  await expect(entries.nth(2)).toContainText('Timeline text 21');
  await expect(entries).toHaveCount(20);
  await page.getByRole('button', { name: 'Load older activity' }).scrollIntoViewIfNeeded();
  await expect(entries).toHaveCount(23);
  await expect(entries.last()).toContainText('Timeline text 1');
  await expect(page.getByRole('button', { name: 'Load older activity' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Text Tilda Timeline' })).toBeVisible();
  // Call fills the dialer; the call placed names whom it calls, and it joins her timeline.
  await page.getByRole('button', { name: 'Call Tilda Timeline' }).click();
  const phone = page.getByRole('complementary', { name: 'Phone' });
  await phone.getByRole('button', { name: 'Call', exact: true }).click();
  const call = phone.getByRole('region', { name: 'Call with Tilda Timeline' });
  await call.getByRole('button', { name: 'Hang up' }).click();
  await expect(phone.getByRole('region', { name: 'Wrap-up: Tilda Timeline' })).toBeVisible();
  await expect(entries.first()).toContainText(/^CallOutgoing/);
  await page.getByRole('button', { name: 'Text Tilda Timeline' }).click();
  await expect(page).toHaveURL(/\/inbox\/new\?number=/);

  const reporting = await openTimeline('reporting@demo.test');
  await expect(reporting.timeline.getByRole('listitem').first()).toContainText('Call');
  await expect(reporting.page.getByRole('button', { name: 'Call Tilda Timeline' })).toHaveCount(0);
  await expect(reporting.page.getByRole('button', { name: 'Text Tilda Timeline' })).toHaveCount(0);
});
