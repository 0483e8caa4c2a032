/**
 * Campaigns against the real server (sends are not held for texting hours here: tests/e2e/server.ts): an admin
 * writes a campaign to a group of new contacts — a dynamic field put in at the cursor, the pre-send summary with
 * who gets it and a real recipient's text — sends it now, watches the counts rise live, pauses and resumes it,
 * opens the recipients' events, and sees a recipient's reply (through the sandbox) counted as responded. Someone
 * who may only look sees campaigns without the ways to change them; the screens have no accessibility
 * violations of any impact.
 */
import { expect, type Page, test } from '@playwright/test';
import { demoMotorsAs, expectSignedIn, keepScreenshot, signInThroughUi } from './helpers';
import { axeViolations } from './screenCheck';
import { serverForThisFile } from './server';

const server = serverForThisFile();
const MAIN_LINE = '+13125550100';
/** Enough recipients that the send (one text a second from a local number) is still going when it is paused. */
const PEOPLE = [
  ['Ada', 'Lovelace'],
  ['Grace', 'Hopper'],
  ['Katherine', 'Johnson'],
  ['Dorothy', 'Vaughan'],
  ['Mary', 'Jackson'],
  ['Hedy', 'Lamarr'],
  ['Radia', 'Perlman'],
  ['Barbara', 'Liskov'],
] as const;
const numberOf = (index: number) => `+1872555${String(140 + index).padStart(4, '0')}`;

let token = '';
let companyId = 0;
const groupName = `Campaign E2E ${Date.now()}`;

test.beforeAll(async () => {
  ({ token, companyId } = await demoMotorsAs(server, 'admin@demo.test'));
  const group = await server.api('POST', `/groups?companyId=${companyId}`, { name: groupName }, token);
  expect(group.status, JSON.stringify(group.body)).toBe(201);
  const ids: number[] = [];
  for (const [index, [first, last]] of PEOPLE.entries()) {
    const created = await server.api(
      'POST',
      `/contacts?companyId=${companyId}`,
      { first_name: first, last_name: last, number: numberOf(index) },
      token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    ids.push(created.body.id);
  }
  const added = await server.api('POST', `/groups/${group.body.id}/contacts`, { contacts: ids }, token);
  expect(added.status, JSON.stringify(added.body)).toBeLessThan(300);
});

async function openCampaigns(page: Page, email: string) {
  await signInThroughUi(page, server.url, email);
  await expectSignedIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
  await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Campaigns' })).toBeVisible();
}

const stat = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
const statValue = async (page: Page, name: string) =>
  Number(((await stat(page, name).locator('p').nth(1).textContent()) ?? '').replace(/\D/g, ''));

test('an admin writes a campaign, sends it, pauses and resumes it, and sees a reply as responded', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const title = `Spring tune-up ${Date.now()}`;
  await openCampaigns(page, 'admin@demo.test');
  await page.getByRole('link', { name: 'New campaign' }).click();
  await expect(page.getByRole('heading', { name: 'New campaign', level: 1 })).toBeVisible();

  // Nothing can be sent yet, and the reasons are listed.
  const sendNow = page.getByRole('button', { name: 'Send now' });
  await expect(sendNow).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save as draft' })).toBeDisabled();
  await expect(page.getByText('Add a title')).toBeVisible();
  await expect(page.getByText('Choose a group to send to')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Unsubscribe text' })).toHaveValue('Reply STOP to stop');

  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await expect(page.getByRole('button', { name: 'Save as draft' })).toBeEnabled();
  await page.getByRole('combobox', { name: 'Group' }).click();
  await page.getByRole('option', { name: new RegExp(`^${groupName}`) }).click();
  await expect(page.getByText('8 active contacts, 0 unsubscribed, 0 invalid')).toBeVisible();
  await page.getByRole('combobox', { name: 'Sending number' }).click();
  await page.getByRole('option', { name: /^Main line/ }).click();

  // A field goes in where the cursor is.
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill('Hi , your spring tune-up is 20% off this week.');
  await message.evaluate((box: { setSelectionRange(a: number, b: number): void }) =>
    box.setSelectionRange(3, 3),
  );
  await page.getByRole('button', { name: 'Insert First Name' }).click();
  await expect(message).toHaveValue('Hi %%first_name%%, your spring tune-up is 20% off this week.');

  // The pre-send summary: who gets it, what it costs, how long it takes, and a real recipient's text.
  const summary = page.getByRole('region', { name: 'Before you send' });
  const table = summary.getByRole('table', { name: 'Pre-send summary' });
  await expect(table.getByRole('row', { name: /^Recipients/ })).toContainText(
    '8 recipients of 8 group members',
  );
  await expect(table.getByRole('row', { name: /^Skipped/ })).toContainText('Nobody');
  await expect(table.getByRole('row', { name: /^Message/ })).toContainText('1 segment, GSM-7');
  await expect(table.getByRole('row', { name: /^Credits/ })).toContainText('8 credits');
  await expect(table.getByRole('row', { name: /^Takes/ })).toContainText('1 text a second');
  await expect(summary).toContainText(/As \w+ \w+ will get it/);
  await expect(summary).toContainText(
    /Hi \w+, your spring tune-up is 20% off this week\.\s*Reply STOP to stop/,
  );
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, 'campaign-editor');

  await expect(sendNow).toBeEnabled();
  await sendNow.click();
  const confirm = page.getByRole('dialog', { name: 'Send the campaign now' });
  await expect(confirm).toContainText('It goes to 8 recipients');
  await confirm.getByRole('button', { name: 'Send now' }).click();

  // The campaign's page: the counts rise live while it sends.
  await expect(page).toHaveURL(/\/campaigns\/\d+$/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect.poll(() => statValue(page, 'Sent'), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  const progress = page.getByRole('progressbar', { name: 'Progress' });
  await expect(progress).toBeVisible();

  // Paused while it sends: no new text goes out.
  await page.getByRole('button', { name: 'Pause' }).click();
  const state = page.getByRole('main').getByRole('status');
  await expect(state.filter({ hasText: /^Paused$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
  // A text already handed to the carrier when Pause was pressed is still counted, a moment later (under load, more
  // than a moment): wait for the count to settle, then it must stay put.
  let sentWhilePaused = -1;
  await expect
    .poll(
      async () => {
        const before = await statValue(page, 'Sent');
        await page.waitForTimeout(1_500);
        sentWhilePaused = await statValue(page, 'Sent');
        return sentWhilePaused === before;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await page.waitForTimeout(2_500);
  expect(await statValue(page, 'Sent')).toBe(sentWhilePaused);
  expect(sentWhilePaused).toBeLessThan(8);

  // Resumed, it sends to everyone, and they get it.
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect.poll(() => statValue(page, 'Sent'), { timeout: 30_000 }).toBe(8);
  await expect.poll(() => statValue(page, 'Delivered'), { timeout: 30_000 }).toBe(8);
  await expect(state.filter({ hasText: /^Sent$/ })).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByRole('button', { name: 'Pause' })).toHaveCount(0);
  const outbox = await server.api(
    'GET',
    `/sandbox/outbox?to=${encodeURIComponent(numberOf(0))}`,
    undefined,
    token,
  );
  expect((outbox.body.data as { body: string }[]).map((row) => row.body)).toContain(
    'Hi Ada, your spring tune-up is 20% off this week.\nReply STOP to stop',
  );

  // The events: one row per recipient, each with its conversation.
  const events = page.getByRole('table', { name: 'Campaign events' });
  await expect(events.getByRole('row')).toHaveCount(9);
  await page.getByRole('searchbox', { name: 'Search recipients' }).fill('Lovelace');
  await expect(events.getByRole('row')).toHaveCount(2);
  const ada = events.getByRole('link', { name: 'Ada Lovelace: open the conversation' });
  await expect(ada).toHaveAttribute('href', /^\/inbox\/\d+$/);
  await expect(events.getByRole('row', { name: /Ada Lovelace/ })).toContainText('Delivered');

  // Ada replies: the campaign counts her as responded, live, and her row shows the reply.
  const reply = await server.api(
    'POST',
    '/sandbox/messages',
    { from: numberOf(0), to: MAIN_LINE, body: 'Yes please, Saturday morning?' },
    token,
  );
  expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(300);
  await expect.poll(() => statValue(page, 'Responded'), { timeout: 15_000 }).toBe(1);
  await expect(events.getByRole('row', { name: /Ada Lovelace/ })).toContainText(
    'Yes please, Saturday morning?',
  );
  await page.getByRole('searchbox', { name: 'Search recipients' }).fill('');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Responded', exact: true }).click();
  await expect(events.getByRole('row')).toHaveCount(2);
  await expect(events).toContainText('Ada Lovelace');
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, 'campaign-page');

  await ada.click();
  await expect(page).toHaveURL(/\/inbox\/\d+$/);
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('Yes please, Saturday morning?');

  // In the list, found by its title and its displayed state.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
  await page.getByRole('searchbox', { name: 'Search campaigns' }).fill(title);
  const row = page.getByRole('table', { name: 'Campaigns' }).getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('Sent');
  await expect(row).toContainText(groupName);
  expect(await axeViolations(page)).toEqual([]);
  await row.getByRole('cell').nth(1).click();
  await expect(page).toHaveURL(/\/campaigns\/\d+$/);
});

test('an admin reschedules a scheduled campaign and deletes a draft', async ({ page }) => {
  await openCampaigns(page, 'admin@demo.test');
  const campaigns = page.getByRole('table', { name: 'Campaigns' });
  await campaigns.getByRole('link', { name: 'Spring sales event preview' }).click();
  await expect(
    page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: /^Scheduled$/ }),
  ).toBeVisible();
  await expect(page.getByText(/Scheduled for/)).toBeVisible();
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(
    page.getByRole('heading', { name: 'Edit Spring sales event preview', level: 1 }),
  ).toBeVisible();

  // Its time shows in the company's zone; a time past cannot be scheduled, one ahead can.
  await expect(page.getByRole('radio', { name: 'At a date and time' })).toBeChecked();
  const sendAt = page.getByLabel('Send at');
  await expect(sendAt).not.toHaveValue('');
  const schedule = page.getByRole('button', { name: 'Schedule', exact: true });
  await expect(schedule).toBeEnabled();
  await sendAt.fill('2020-01-01T10:00');
  await expect(schedule).toBeDisabled();
  await expect(page.getByText('Choose a delivery time in the future')).toBeVisible();
  const ahead = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await sendAt.fill(`${ahead}T09:15`);
  await page.getByRole('textbox', { name: 'Title' }).fill('Spring sales event preview (moved)');
  await expect(schedule).toBeEnabled();
  await keepScreenshot(page, 'campaign-edit');
  await schedule.click();
  await expect(page.getByText(/“Spring sales event preview \(moved\)” is scheduled for/)).toBeVisible();
  await expect(page).toHaveURL(/\/campaigns\/\d+$/);
  await expect(
    page.getByRole('heading', { name: 'Spring sales event preview (moved)', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText(/Scheduled for .*9:15 AM/)).toBeVisible();

  await page.getByRole('link', { name: '← Back to campaigns' }).click();
  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Draft', exact: true }).click();
  await expect(page).toHaveURL(/state=draft/);
  await campaigns.getByRole('link', { name: 'Trade-in appraisal weekend' }).click();
  await page.getByRole('button', { name: 'Delete campaign' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete campaign' });
  await confirm.getByRole('button', { name: 'Delete campaign' }).click();
  await expect(page.getByText('Campaign deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(campaigns.getByRole('link', { name: 'Trade-in appraisal weekend' })).toHaveCount(0);
});

test('someone who may only look sees the campaigns, without the ways to change them', async ({ page }) => {
  await openCampaigns(page, 'reporting@demo.test');
  await expect(page.getByRole('link', { name: 'New campaign' })).toHaveCount(0);
  const campaigns = page.getByRole('table', { name: 'Campaigns' });
  await campaigns.getByRole('link', { name: 'Holiday hours notice' }).click();
  await expect(page).toHaveURL(/\/campaigns\/\d+$/);
  // It failed, and says why.
  await expect(
    page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: /^Failed$/ }),
  ).toBeVisible();
  await expect(page.getByText('It failed', { exact: true })).toBeVisible();
  const events = page.getByRole('table', { name: 'Campaign events' });
  await expect(events.getByRole('row')).toHaveCount(11);
  // Without the inbox, recipients do not link to conversations.
  await expect(events.getByRole('link')).toHaveCount(0);
  for (const name of ['Edit', 'Pause', 'Resume', 'Delete campaign'])
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, 'campaign-failed');
  await page.goto(`${server.url}/campaigns/new`);
  await expect(page.getByText('Your role in this company cannot create or change campaigns.')).toBeVisible();
});
