/**
 * The softphone in agents' hands: Chromium with fake media devices against the real server and its sandbox
 * telephone network. Calls are placed by the "outside world" through the sandbox API (as the owner); agents act
 * only through the phone panel, found by role and name as a screen reader finds it.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectSignedIn, keepScreenshot, signInThroughUi } from './helpers';
import { serverForThisFile } from './server';

const server = serverForThisFile();
const IN_APP_LINE = '+13125550104';
let owner = '';
let companyId = 0;

test.beforeAll(async () => {
  owner = await server.tokenFor('owner@demo.test');
  const me = await server.api('GET', '/user', undefined, owner);
  companyId = me.body.companies[0].id;
});

test.beforeEach(async () => {
  // Both agents start available.
  for (const email of ['agent@demo.test', 'agent2@demo.test']) {
    const token = await server.tokenFor(email);
    await server.api('POST', `/companies/${companyId}/in-app-calling/status`, { status: 'active' }, token);
  }
});

async function agentPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ permissions: ['microphone', 'notifications'] });
  const page = await context.newPage();
  await signInThroughUi(page, server.url, email);
  await expectSignedIn(page);
  const phone = page.getByRole('complementary', { name: 'Phone' });
  await expect(phone.getByRole('status', { name: 'Reachable' })).toBeVisible();
  await expect(phone.getByRole('switch', { name: 'Available for calls' })).toBeChecked();
  return page;
}

async function placeCall(from: string, extra: Record<string, unknown> = {}): Promise<number> {
  const placed = await server.api('POST', '/sandbox/calls', { from, to: IN_APP_LINE, ...extra }, owner);
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body.id as number;
}

const callRecord = async (id: number) => (await server.api('GET', `/calls/${id}`, undefined, owner)).body;
const phoneOf = (page: Page) => page.getByRole('complementary', { name: 'Phone' });

test('a sandbox call rings the active agent: the card, answer, timer, mute, keypad, hang up, wrap-up', async ({
  browser,
}) => {
  const page = await agentPage(browser, 'agent@demo.test');
  const phone = phoneOf(page);
  const id = await placeCall('+12125550188', { script: ['Hi, I am calling about the blue pickup.'] });

  const card = phone.getByRole('region', { name: 'Incoming call from (212) 555-0188' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('In-app agents');
  await expect(card).toContainText('Source: in-app');
  await expect(card).toContainText('New York, NY');
  await keepScreenshot(page, 'softphone-ringing');
  await card.getByRole('button', { name: 'Answer' }).click();

  const call = phone.getByRole('region', { name: 'Call with (212) 555-0188' });
  await expect(call).toBeVisible();
  const timer = call.getByRole('timer', { name: 'Call duration' });
  await expect(timer).toHaveText(/^0:0[1-9]$/, { timeout: 5000 });

  const mute = call.getByRole('button', { name: 'Mute' });
  await expect(mute).toHaveAttribute('aria-pressed', 'false');
  await mute.click();
  await expect(mute).toHaveAttribute('aria-pressed', 'true');
  await mute.click();
  await expect(mute).toHaveAttribute('aria-pressed', 'false');

  await call.getByRole('button', { name: 'Keypad' }).click();
  const keys = call.getByRole('group', { name: 'Keypad keys' });
  await keys.getByRole('button', { name: '5', exact: true }).click();
  await keys.getByRole('button', { name: '#', exact: true }).click();
  await expect
    .poll(async () => (await server.api('GET', `/sandbox/calls/${id}`, undefined, owner)).body.digits)
    .toEqual([
      expect.objectContaining({ by: 'agent', digits: '5' }),
      expect.objectContaining({ by: 'agent', digits: '#' }),
    ]);

  await call.getByRole('textbox', { name: 'Call notes' }).fill('Wants a test drive on Saturday');
  await keepScreenshot(page, 'softphone-connected');
  await call.getByRole('button', { name: 'Hang up' }).click();
  await expect(call).toBeHidden();

  const record = await callRecord(id);
  expect(record).toMatchObject({ outcome: 1, outcome_label: 'Answered' });
  expect(record.transcription).toMatchObject({
    state: 'complete',
    text: 'Hi, I am calling about the blue pickup.',
  });

  const wrapUp = phone.getByRole('region', { name: 'Wrap-up: (212) 555-0188' });
  await expect(wrapUp.getByRole('textbox', { name: 'Note' })).toHaveValue('Wants a test drive on Saturday');
  await wrapUp.getByLabel('Tags').fill('test-drive');
  await wrapUp.getByLabel('Tags').press('Enter');
  await wrapUp.getByRole('button', { name: 'Save wrap-up' }).click();
  await expect(wrapUp).toBeHidden();
  expect(await callRecord(id)).toMatchObject({
    note: 'Wants a test drive on Saturday',
    tags: ['test-drive'],
  });
});

test('decline; then, away, the agent is not rung and the caller reaches voicemail', async ({ browser }) => {
  const page = await agentPage(browser, 'agent@demo.test');
  const phone = phoneOf(page);
  const declined = await placeCall('+12125550111');
  const card = phone.getByRole('region', { name: 'Incoming call from (212) 555-0111' });
  await card.getByRole('button', { name: 'Decline' }).click();
  await expect(card).toBeHidden();
  expect((await server.api('GET', `/sandbox/calls/${declined}`, undefined, owner)).body.phase).toBe(
    'ringing',
  );
  await server.api('POST', `/sandbox/calls/${declined}/hangup`, {}, owner);

  await phone.getByRole('switch', { name: 'Available for calls' }).click();
  await expect(phone.getByRole('switch', { name: 'Available for calls' })).not.toBeChecked();
  await expect(page.getByText('You will not receive notifications for incoming calls.')).toBeVisible();
  const agent2 = await server.tokenFor('agent2@demo.test');
  await server.api('POST', `/companies/${companyId}/in-app-calling/status`, { status: 'away' }, agent2);

  const id = await placeCall('+12125550122');
  await expect.poll(async () => (await callRecord(id)).outcome, { timeout: 10_000 }).toBe(3);
  await expect(phone.getByRole('region', { name: /Incoming call/ })).toHaveCount(0);

  // The voicemail left is offered for a one-click call back, into the dialer.
  const voicemail = phone.getByRole('status', { name: 'New voicemail' });
  await expect(voicemail).toContainText('New voicemail from (212) 555-0122');
  await voicemail.getByRole('button', { name: 'Return call' }).click();
  await expect(phone.getByLabel('Phone number')).toHaveValue('(212) 555-0122');
});

test('two agents: both ring, one answers, the other is told who and stops ringing', async ({ browser }) => {
  const aria = await agentPage(browser, 'agent@demo.test');
  const andre = await agentPage(browser, 'agent2@demo.test');
  const id = await placeCall('+12125550133');
  const name = 'Incoming call from (212) 555-0133';
  await expect(phoneOf(aria).getByRole('region', { name })).toBeVisible();
  await expect(phoneOf(andre).getByRole('region', { name })).toBeVisible();

  await phoneOf(andre).getByRole('region', { name }).getByRole('button', { name: 'Answer' }).click();
  await expect(phoneOf(andre).getByRole('region', { name: 'Call with (212) 555-0133' })).toBeVisible();
  await expect(phoneOf(aria).getByRole('region', { name })).toBeHidden();
  await expect(phoneOf(aria).getByRole('alert')).toHaveText('Andre Agent answered this call.');
  await keepScreenshot(aria, 'softphone-answered-elsewhere');

  await phoneOf(andre).getByRole('button', { name: 'Hang up' }).click();
  // The click starts the hang-up; the record is read once the server has it (polled, not raced).
  await expect.poll(async () => (await callRecord(id)).user).toMatchObject({ name: 'Andre Agent' });
});

test('blind transfer to agent2: the first agent wraps up, agent2 rings with who transferred, and takes it', async ({
  browser,
}) => {
  const aria = await agentPage(browser, 'agent@demo.test');
  const andre = await agentPage(browser, 'agent2@demo.test');
  const id = await placeCall('+12125550144');
  const ring = 'Incoming call from (212) 555-0144';
  await phoneOf(aria).getByRole('region', { name: ring }).getByRole('button', { name: 'Answer' }).click();
  const call = phoneOf(aria).getByRole('region', { name: 'Call with (212) 555-0144' });
  await expect(call).toBeVisible();

  await call.getByRole('button', { name: 'Transfer' }).click();
  await call.getByLabel('Agent to transfer to').click();
  await aria.getByRole('option', { name: 'Andre Agent' }).click();
  await call.getByRole('button', { name: 'Transfer call' }).click();
  await expect(call).toBeHidden();
  await expect(phoneOf(aria).getByRole('region', { name: 'Wrap-up: (212) 555-0144' })).toBeVisible();

  const transferred = phoneOf(andre).getByRole('region', { name: ring });
  await expect(transferred).toContainText('Transferred by Aria Agent');
  await transferred.getByRole('button', { name: 'Answer' }).click();
  await expect(phoneOf(andre).getByRole('region', { name: 'Call with (212) 555-0144' })).toBeVisible();
  await phoneOf(andre).getByRole('button', { name: 'Hang up' }).click();
  await expect.poll(() => callRecord(id)).toMatchObject({ outcome: 1, user: { name: 'Andre Agent' } });
});

test('outbound call from the dialer with a chosen Caller ID lands in the sandbox outbox', async ({
  browser,
}) => {
  const page = await agentPage(browser, 'agent@demo.test');
  const phone = phoneOf(page);
  await phone.getByLabel('Phone number').fill('312-555-CALL');
  await expect(phone.getByText('Dials (312) 555-2255')).toBeVisible();
  await phone.getByLabel('Caller ID').click();
  await page.getByRole('option', { name: /^Sales ·/ }).click();
  await phone.getByRole('button', { name: 'Call', exact: true }).click();

  const call = phone.getByRole('region', { name: 'Call with (312) 555-2255' });
  await expect(call.getByRole('timer', { name: 'Call duration' })).toHaveText(/^0:0\d$/, { timeout: 10_000 });
  const agent = await server.tokenFor('agent@demo.test');
  const outbox = await server.api('GET', '/sandbox/outbox?to=%2B13125552255', undefined, agent);
  expect(outbox.body.data[0]).toMatchObject({ channel: 'call', to: '+13125552255', from: '+13125550101' });
  await call.getByRole('button', { name: 'Hang up' }).click();
  await expect(phone.getByRole('region', { name: 'Wrap-up: (312) 555-2255' })).toBeVisible();
});

test('a blocked caller never rings', async ({ browser }) => {
  const page = await agentPage(browser, 'agent@demo.test');
  const blocked = await server.api(
    'POST',
    '/blocks',
    { company_id: companyId, target: '+17025550199', global: true },
    owner,
  );
  expect(blocked.status).toBe(201);
  const id = await placeCall('+17025550199');
  expect((await callRecord(id)).outcome).toBe(4);
  await page.waitForTimeout(1000);
  await expect(phoneOf(page).getByRole('region', { name: /Incoming call/ })).toHaveCount(0);
});
