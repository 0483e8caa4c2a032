/**
 * The inbox, offline, honestly (issue 17): a text sent while the server is down shows in the thread at once as
 * waiting for the connection and goes out exactly once when the server is back; what the agent was writing in one
 * conversation is still there after looking at another; and the app notices the server is back within 2 seconds
 * of it answering (it used to take about 15): the badge stops saying Offline.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectSignedIn, signInThroughUi } from './helpers';
import { DEMO_PASSWORD, serverForThisFile } from './server';

const server = serverForThisFile();
const MAIN_LINE = '+13125550100';
const ADA = { number: '+1 415 555 0181', row: /\(415\) 555-0181/ };
const GRACE = { number: '+1 415 555 0182', row: /\(415\) 555-0182/ };
let token = '';

test.beforeAll(async () => {
  token = await server.tokenFor('agent@demo.test');
  for (const { number } of [ADA, GRACE]) {
    const sent = await server.api(
      'POST',
      '/sandbox/messages',
      { from: number, to: MAIN_LINE, body: 'Hi' },
      token,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
  }
});

/** Signs the agent in and opens the conversation with `who` (its thread loaded). */
async function openConversation(page: Page, who: RegExp) {
  await signInThroughUi(page, server.url, 'agent@demo.test');
  await expectSignedIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inbox' }).click();
  const list = page.getByRole('listbox', { name: 'Conversations' });
  await list.getByRole('option', { name: who }).click();
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('Hi');
  return list;
}

const badge = (page: Page, label: string) =>
  page.getByRole('status').filter({ hasText: new RegExp(`^${label}$`) });

test('a text sent while the server is down waits in the thread and goes out once when it is back', async ({
  page,
}) => {
  await openConversation(page, ADA.row);
  const words = `Sent from the tunnel ${Date.now()}`;
  await server.stop();
  try {
    await page.getByRole('textbox', { name: 'Message' }).fill(words);
    await page.getByRole('button', { name: 'Send' }).click();
    const bubble = page
      .getByRole('log', { name: 'Messages' })
      .getByLabel('Sent message')
      .filter({ hasText: words });
    await expect(bubble).toContainText('Waiting for connection');
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  } finally {
    await server.start();
  }
  const bubble = page
    .getByRole('log', { name: 'Messages' })
    .getByLabel('Sent message')
    .filter({ hasText: words });
  await expect(bubble).toContainText(/Queued|Sent|Delivered/, { timeout: 15_000 });
  await expect(bubble).toHaveCount(1);

  // The carrier sends it after the server stores it: wait for it there, then make sure it is there once.
  const sentToAda = async () => {
    const outbox = await server.api('GET', '/sandbox/outbox?to=%2B14155550181', undefined, token);
    expect(outbox.status).toBe(200);
    return (outbox.body.data as { body: string }[]).filter((row) => row.body === words).length;
  };
  await expect.poll(sentToAda, { timeout: 15_000 }).toBe(1);
  await page.waitForTimeout(3000);
  expect(await sentToAda()).toBe(1);
});

test('a draft survives switching conversations, and is gone once sent or signed out', async ({ page }) => {
  const list = await openConversation(page, ADA.row);
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill('Half a thought for Ada');
  await list.getByRole('option', { name: GRACE.row }).click();
  await expect(message).toHaveValue('');
  await message.fill('Something for Grace');
  await list.getByRole('option', { name: ADA.row }).click();
  await expect(message).toHaveValue('Half a thought for Ada');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(message).toHaveValue('');
  await list.getByRole('option', { name: GRACE.row }).click();
  await expect(message).toHaveValue('Something for Grace');
  await list.getByRole('option', { name: ADA.row }).click();
  await expect(message).toHaveValue('');

  // Signing out leaves nothing of what was being written for the next person in this window (no reload).
  await message.fill('Private words');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByLabel('Email').fill('agent@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inbox' }).click();
  await page.getByRole('listbox', { name: 'Conversations' }).getByRole('option', { name: ADA.row }).click();
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('Hi');
  await expect(message).toHaveValue('');
});

test('the app notices the server is back within 2 seconds of it answering', async ({ page }) => {
  await openConversation(page, ADA.row);
  await expect(badge(page, 'Online')).toBeVisible();
  await server.stop();
  await expect(badge(page, 'Offline')).toBeVisible({ timeout: 20_000 });
  // Long enough that a backing-off probe would be waiting many seconds between questions.
  await page.waitForTimeout(20_000);
  await server.start();
  const answering = Date.now();
  // Noticed: the badge no longer says Offline ("Connecting…" while live updates reconnect)…
  await expect(badge(page, 'Offline')).toHaveCount(0, { timeout: 20_000 });
  expect(Date.now() - answering).toBeLessThan(2000);
  // …and live updates start over at once rather than at their own next retry (tens of seconds by then).
  await expect(badge(page, 'Online')).toBeVisible({ timeout: 5_000 });
  expect(Date.now() - answering).toBeLessThan(5000);
});
