/**
 * The inbox against the real server: a text that arrives at Demo Motors' main line (the sandbox plays the outside
 * party) shows live, unread, without a reload; the agent opens it, replies (seen as "Sending…" until the server
 * answers, then its delivery state), and the sandbox outbox has the text; an MMS with a PNG shows the image;
 * archive and restore from the header move the conversation out of and back into the list; and the inbox has no
 * serious accessibility violations. The arriving text raises a desktop alert; the contact is renamed from the
 * contact details the thread's toolbar opens.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { conversationsSubscribed, expectSignedIn, keepScreenshot, signInThroughUi } from './helpers';
import { serverForThisFile } from './server';

const server = serverForThisFile();
const MAIN_LINE = '+13125550100';
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
let token = '';

test.beforeAll(async () => {
  token = await server.tokenFor('agent@demo.test');
});

async function openInbox(page: Page) {
  const subscribed = conversationsSubscribed(page);
  await signInThroughUi(page, server.url, 'agent@demo.test');
  await expectSignedIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inbox' }).click();
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
  const list = page.getByRole('listbox', { name: 'Conversations' });
  await expect(list).toBeVisible();
  await subscribed;
  return list;
}

async function textArrives(from: string, body: string) {
  const sent = await server.api('POST', '/sandbox/messages', { from, to: MAIN_LINE, body }, token);
  expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
}

/**
 * Records the desktop alerts the page raises. The browser's own Notification is replaced by a recorder (a fake of
 * the browser API only: the page, the server and the realtime path that triggers the alert are all real).
 */
async function recordAlerts(page: Page) {
  await page.context().grantPermissions(['notifications'], { origin: server.url });
  await page.addInitScript(() => {
    const shown: { title: string; body: string }[] = [];
    (globalThis as unknown as { alerts: typeof shown }).alerts = shown;
    class RecordedNotification {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, options?: { body?: string }) {
        shown.push({ title, body: options?.body ?? '' });
      }
      close() {}
    }
    (globalThis as unknown as { Notification: unknown }).Notification = RecordedNotification;
  });
  return () =>
    page.evaluate(() => (globalThis as unknown as { alerts: { title: string; body: string }[] }).alerts);
}

test('a text arrives live, the agent replies and sends an MMS, then archives and restores it', async ({
  page,
}) => {
  const alerts = await recordAlerts(page);
  const list = await openInbox(page);
  await textArrives('+1 415 555 0177', 'Is the blue hatchback still available?');
  // The desktop alert names the sender and shows the text (its thread is not the open one).
  await expect
    .poll(alerts)
    .toContainEqual({ title: '(415) 555-0177', body: 'Is the blue hatchback still available?' });

  // Live, without a reload, with its unread badge.
  const row = list.getByRole('option', { name: '(415) 555-0177, 1 unread' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Is the blue hatchback still available?');
  await row.click();
  await expect(page).toHaveURL(/\/inbox\/\d+$/);
  const thread = page.getByRole('log', { name: 'Messages' });
  await expect(thread).toContainText('Is the blue hatchback still available?');
  await expect(list.getByRole('option', { name: '(415) 555-0177', exact: true })).toBeVisible();

  // Hold the send at the network so "Sending…" can be seen; it then goes to the real server unchanged.
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/message?**', async (route) => {
    await gate;
    await route.continue();
  });
  await page.getByRole('textbox', { name: 'Message' }).fill('Yes it is! Come by any time today.');
  await page.getByRole('button', { name: 'Send' }).click();
  const bubble = thread.getByLabel('Sent message').filter({ hasText: 'Yes it is! Come by any time today.' });
  await expect(bubble).toContainText('Sending…');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  release();
  await expect(bubble).toContainText(/Queued|Sent|Delivered/);
  await expect(bubble).not.toContainText('Sending…');
  await expect(bubble).toContainText('Delivered');
  await page.unroute('**/api/message?**');

  const outbox = await server.api('GET', '/sandbox/outbox?to=%2B14155550177', undefined, token);
  expect(outbox.status).toBe(200);
  expect((outbox.body.data as { body: string }[]).map((row) => row.body)).toContain(
    'Yes it is! Come by any time today.',
  );

  // An MMS with a small PNG shows the image in the thread.
  await page
    .getByTestId('attach-input')
    .setInputFiles({ name: 'car.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'car.png' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Message' }).fill('Here it is.');
  await page.keyboard.press('Control+Enter');
  const mms = thread.getByLabel('Sent message').filter({ hasText: 'Here it is.' });
  await expect(mms.locator('img')).toBeVisible();
  await expect
    .poll(() =>
      mms.locator('img').evaluate((img) => {
        const image = img as unknown as { complete: boolean; naturalWidth: number };
        return image.complete && image.naturalWidth;
      }),
    )
    .toBe(1);
  await keepScreenshot(page, 'inbox-thread');

  // Archive: it leaves the list; in Archived it is there; Restore brings it back.
  await page.getByRole('button', { name: 'Archive' }).click();
  await expect(list.getByRole('option', { name: '(415) 555-0177', exact: true })).toHaveCount(0);
  await page.getByText('Archived', { exact: true }).click();
  await expect(list.getByRole('option', { name: '(415) 555-0177', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(list.getByRole('option', { name: '(415) 555-0177', exact: true })).toHaveCount(0);
  await page.getByText('Archived', { exact: true }).click();
  await expect(list.getByRole('option', { name: '(415) 555-0177', exact: true })).toBeVisible();

  // The contact's details, opened from the thread's toolbar (the texter became a contact named by their
  // number): renamed there, the conversation list and the thread's heading follow.
  await page.getByRole('button', { name: 'Contact details' }).click();
  const panel = page.getByRole('region', { name: 'Contact' });
  await expect(panel.getByRole('textbox', { name: 'Name' })).toHaveValue('(415) 555-0177');
  await panel.getByRole('textbox', { name: 'Name' }).fill('Jamie Rivera');
  await panel.getByRole('button', { name: 'Save contact' }).click();
  await expect(page.getByRole('heading', { name: 'Jamie Rivera', level: 2 })).toBeVisible();
  await expect(list.getByRole('option', { name: 'Jamie Rivera', exact: true })).toBeVisible();
});

test('the inbox has no serious accessibility violations', async ({ page }) => {
  const list = await openInbox(page);
  await textArrives('+1 415 555 0133', 'Checking accessibility');
  // Keyboard: the newest conversation is the active row; Enter opens it.
  await expect(list.getByRole('option').first()).toHaveAccessibleName(/\(415\) 555-0133/);
  await list.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  const thread = page.getByRole('log', { name: 'Messages' });
  await expect(thread).toContainText('Checking accessibility');
  await expect(page.getByRole('heading', { name: '(415) 555-0133', level: 2 })).toBeVisible();

  // A scheduled message is shown after the thread refetches, with its time and a Cancel that removes it.
  await page.getByRole('textbox', { name: 'Message' }).fill('See you tomorrow at nine.');
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const local = new Date(tomorrow.getTime() - tomorrow.getTimezoneOffset() * 60_000)
    .toISOString()
    .slice(0, 16);
  await page.getByLabel('Send at').fill(local);
  await page.getByRole('button', { name: 'Schedule message' }).click();
  await expect(thread).toContainText('See you tomorrow at nine.');
  await expect(thread).toContainText('Scheduled for');
  const violations = (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id}: ${n.html.slice(0, 120)} ${n.any.map((a) => a.message).join(' ')}`),
    );
  expect(violations).toEqual([]);

  await thread.getByRole('button', { name: 'Cancel' }).click();
  await expect(thread).not.toContainText('See you tomorrow at nine.');
});

test('a voicemail in a thread plays from its signed link', async ({ page }) => {
  // A seeded conversation of Demo Motors holding a voicemail with a recording, found through the API.
  const me = await server.api('GET', '/user', undefined, token);
  const companyId = (me.body.companies as { id: number; name: string }[]).find(
    (company) => company.name === 'Demo Motors',
  )?.id;
  type Item = { details: { type: string; recording_url: string | null } };
  let found: { conversation: number; url: string } | undefined;
  const list = await server.api('GET', `/companies/${companyId}/conversations?perPage=100`, undefined, token);
  for (const conversation of list.body.data as { id: number }[]) {
    const items = await server.api(
      'GET',
      `/inbox/conversations/items?conversationId=${conversation.id}&perPage=100`,
      undefined,
      token,
    );
    const voicemail = (items.body.data as Item[]).find(
      (item) => item.details.type === 'voicemail' && item.details.recording_url,
    );
    if (voicemail?.details.recording_url) {
      found = { conversation: conversation.id, url: voicemail.details.recording_url };
      break;
    }
  }
  if (!found) throw new Error('the seed has no recorded voicemail in a conversation');

  await openInbox(page);
  // Reloading on a nested route (a link from an alert, a refresh) loads the app, not a blank page.
  await page.goto(`${server.url}/inbox/${found.conversation}`);
  const player = page
    .getByRole('log', { name: 'Messages' })
    .getByLabel(/^Voicemail from /)
    .first();
  await expect(player).toBeVisible();
  await player.evaluate((audio) => (audio as unknown as { play(): Promise<void> }).play());
  await expect
    .poll(() => player.evaluate((audio) => (audio as unknown as { currentTime: number }).currentTime))
    .toBeGreaterThan(0);
});

test('two agents in one conversation see each other, and who is typing', async ({ page, browser }) => {
  await textArrives('+1 415 555 0188', 'Can someone call me back?');
  const list = await openInbox(page);
  await list.getByRole('option', { name: /\(415\) 555-0188/ }).click();
  const others = page.getByRole('status', { name: 'Others here' });
  await expect(others).toHaveText('');

  // A second agent, in a browser of their own, opens the same conversation.
  const context = await browser.newContext();
  try {
    const colleague = await context.newPage();
    await signInThroughUi(colleague, server.url, 'agent2@demo.test');
    await expectSignedIn(colleague);
    await colleague.goto(`${server.url}${new URL(page.url()).pathname}`);
    await expect(colleague.getByRole('status', { name: 'Others here' })).toHaveText(
      'Aria Agent is viewing this conversation.',
    );
    await expect(others).toHaveText('Andre Agent is viewing this conversation.');

    await colleague.getByRole('textbox', { name: 'Message' }).pressSequentially('Calling you now');
    await expect(others).toHaveText('Andre Agent is typing a reply.');

    // Leaving the thread is told at once.
    await colleague.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click();
    await expect(others).toHaveText('');
  } finally {
    await context.close();
  }
});

test('an inbox opened by loading its address (before realtime connected) still gets texts live', async ({
  page,
}) => {
  await signInThroughUi(page, server.url, 'agent@demo.test');
  await expectSignedIn(page);
  const subscribed = conversationsSubscribed(page);
  // A full load straight onto the inbox: the page mounts before the realtime connection exists.
  await page.goto(`${server.url}/inbox`);
  const list = page.getByRole('listbox', { name: 'Conversations' });
  await expect(list).toBeVisible();
  await subscribed;
  await textArrives('+1 415 555 0166', 'Are you open on Sunday?');
  await expect(list.getByRole('option', { name: '(415) 555-0166, 1 unread' })).toBeVisible();
});

test('a text reaches an agent on another screen: a desktop alert, and the unread count in the title until read', async ({
  page,
}) => {
  const alerts = await recordAlerts(page);
  const subscribed = conversationsSubscribed(page);
  await signInThroughUi(page, server.url, 'agent@demo.test');
  await expectSignedIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click();
  await subscribed;
  // The unread count of the conversations (§7 notificationCounts "messages") leads the title: the web build's
  // stand-in for the dock badge and the taskbar overlay.
  const unreadInTitle = async () => Number(/^\((\d+)\) /.exec(await page.title())?.[1] ?? 0);
  const me = await server.api('GET', '/user', undefined, token);
  const companyId = (me.body.companies as { id: number; name: string }[]).find(
    (company) => company.name === 'Demo Motors',
  )?.id;
  const counts = await server.api('GET', `/companies/${companyId}/notificationCounts`, undefined, token);
  const before = counts.body.messages as number;
  await expect.poll(unreadInTitle).toBe(before);

  await textArrives('+1 415 555 0155', 'Do you take trade-ins?');
  await expect.poll(alerts).toContainEqual({ title: '(415) 555-0155', body: 'Do you take trade-ins?' });
  await expect.poll(unreadInTitle).toBe(before + 1);
  expect(page.url()).toContain('/contacts');

  // Reading it takes it off the count.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inbox' }).click();
  await page
    .getByRole('listbox', { name: 'Conversations' })
    .getByRole('option', { name: '(415) 555-0155, 1 unread' })
    .click();
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('Do you take trade-ins?');
  await expect.poll(unreadInTitle).toBe(before);
});

test('an sms: link opens a new message to that number; sending it opens the new conversation', async ({
  page,
}) => {
  await signInThroughUi(page, server.url, 'agent@demo.test');
  await expectSignedIn(page);
  // Where the desktop app sends an sms: link (electron/main/links.ts).
  await page.goto(
    `${server.url}/inbox/new?number=%2B14155550144&body=${encodeURIComponent('Your car is ready.')}`,
  );
  const dialog = page.getByRole('dialog', { name: 'New message' });
  await expect(dialog.getByLabel('To')).toHaveValue('+14155550144');
  await expect(dialog.getByRole('textbox', { name: 'Message' })).toHaveValue('Your car is ready.');

  // Every field says what is wrong, and nothing is sent.
  await dialog.getByLabel('To').fill('12');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toContainText('Enter a valid phone number.');
  await expect(dialog).toContainText('Choose the number to send from.');

  await dialog.getByLabel('To').fill('(415) 555-0144');
  await dialog.getByLabel('From').click();
  await page.getByRole('option', { name: /\(312\) 555-0100/ }).click();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/inbox\/\d+$/);
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('Your car is ready.');

  const outbox = await server.api('GET', '/sandbox/outbox?to=%2B14155550144', undefined, token);
  expect(
    (outbox.body.data as { body: string; from: string }[]).map((row) => [row.from, row.body]),
  ).toContainEqual([MAIN_LINE, 'Your car is ready.']);
});
