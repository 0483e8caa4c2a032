/**
 * The agent's workspace at 1440×900 (issue 17, "Layout"): the conversation thread gets the room — the contact's
 * details open from the thread's toolbar and stay as the agent left them after a reload; the phone is a dock
 * that collapses to a slim bar and opens by itself when a call rings; `?` shows the keyboard shortcuts; and no
 * control of the phone dock or the thread's toolbar cuts its own words.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectSignedIn, keepScreenshot, signInThroughUi } from './helpers';
import { serverForThisFile } from './server';

const server = serverForThisFile();
const IN_APP_LINE = '+13125550104';
/** The thread must have room for a message to read as sentences, not three words a line. */
const MIN_THREAD_WIDTH = 520;

test.use({ viewport: { width: 1440, height: 900 }, permissions: ['microphone', 'notifications'] });

let owner = '';
let companyId = 0;

test.beforeAll(async () => {
  owner = await server.tokenFor('owner@demo.test');
  companyId = (await server.api('GET', '/user', undefined, owner)).body.companies[0].id;
  // The agent starts available, so a sandbox call rings them.
  const agent = await server.tokenFor('agent@demo.test');
  await server.api('POST', `/companies/${companyId}/in-app-calling/status`, { status: 'active' }, agent);
});

async function openSeededConversation(page: Page): Promise<Locator> {
  await signInThroughUi(page, server.url, 'agent@demo.test');
  await expectSignedIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inbox' }).click();
  await page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first().click();
  const thread = page.getByRole('log', { name: 'Messages' });
  await expect(thread).toBeVisible();
  return thread;
}

const widthOf = async (locator: Locator) => (await locator.boundingBox())?.width ?? 0;

/** The buttons inside `region` whose words overflow their box without a title giving them whole. */
function cutButtons(region: Locator): Promise<string[]> {
  return region.evaluate((root) =>
    [...root.querySelectorAll('button, [role="button"], a')]
      .flatMap((button) => [button, ...button.querySelectorAll('*')])
      .filter((element) => element.getClientRects().length > 0)
      .filter((element) => element.scrollWidth > element.clientWidth + 1 && !element.closest('[title]'))
      .map((element) => `${element.tagName} "${element.textContent?.trim()}"`),
  );
}

test('the thread has the room; the contact details open and close from the toolbar and are remembered', async ({
  page,
}) => {
  const thread = await openSeededConversation(page);
  const details = page.getByRole('button', { name: 'Contact details' });
  await expect(details).toHaveAttribute('aria-expanded', 'false');
  const width = await widthOf(thread);
  test.info().annotations.push({ type: 'thread width at 1440×900', description: String(width) });
  expect(width).toBeGreaterThanOrEqual(MIN_THREAD_WIDTH);
  await keepScreenshot(page, 'workspace-thread');

  await details.click();
  const drawer = page.getByRole('dialog', { name: 'Contact details' });
  await expect(drawer.getByRole('region', { name: 'Contact' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Contact details' })).toBeVisible();

  // Esc closes them and focus is back on the button that opened them.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Contact details' })).toBeHidden();
  await expect(details).toHaveAttribute('aria-expanded', 'false');
  await expect(details).toBeFocused();
  await page.reload();
  await expect(page.getByRole('log', { name: 'Messages' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Contact details' })).toHaveCount(0);
  expect(await widthOf(page.getByRole('log', { name: 'Messages' }))).toBeGreaterThanOrEqual(MIN_THREAD_WIDTH);

  const toolbar = page.getByRole('group', { name: 'Conversation actions' });
  for (const name of ['Mark as unread', 'Archive', 'Block', 'Add note', 'Contact details'])
    await expect(toolbar.getByRole('button', { name })).toBeVisible();
  expect(await cutButtons(toolbar)).toEqual([]);
});

test('at 1280×800 too the thread keeps its room, the navigation a rail of named icons', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const thread = await openSeededConversation(page);
  const width = await widthOf(thread);
  test.info().annotations.push({ type: 'thread width at 1280×800', description: String(width) });
  expect(width).toBeGreaterThanOrEqual(MIN_THREAD_WIDTH);
  const nav = page.getByRole('navigation', { name: 'Main' });
  expect(await widthOf(nav)).toBeLessThan(100);
  await expect(nav.getByRole('link', { name: 'Contacts' })).toBeVisible();
  await keepScreenshot(page, 'workspace-thread-1280');
});

test('the phone dock collapses to a slim bar, stays so after a reload, and opens by itself when a call rings', async ({
  page,
}) => {
  await signInThroughUi(page, server.url, 'agent@demo.test');
  await expectSignedIn(page);
  const phone = page.getByRole('complementary', { name: 'Phone' });
  await expect(phone.getByRole('status', { name: 'Reachable' })).toBeVisible();
  expect(await cutButtons(phone)).toEqual([]);

  await phone.getByRole('button', { name: 'Collapse phone' }).click();
  const open = phone.getByRole('button', { name: 'Open phone' });
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  await expect(open).toBeFocused();
  await expect(phone.getByRole('status', { name: 'Available for calls' })).toBeVisible();
  await expect(phone.getByRole('status', { name: /^Phone connected/ })).toBeVisible();
  expect(await widthOf(phone)).toBeLessThan(100);
  await page.reload();
  await expect(phone.getByRole('button', { name: 'Open phone' })).toBeVisible();

  // A ring opens it whatever the agent chose; the ring's controls are whole.
  const placed = await server.api('POST', '/sandbox/calls', { from: '+12125550166', to: IN_APP_LINE }, owner);
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const card = phone.getByRole('region', { name: 'Incoming call from (212) 555-0166' });
  await expect(card).toBeVisible();
  expect(await cutButtons(phone)).toEqual([]);
  await card.getByRole('button', { name: 'Answer' }).click();

  // Collapsed during the call, the bar keeps its time, Mute and Hang up.
  const call = phone.getByRole('region', { name: 'Call with (212) 555-0166' });
  await expect(call.getByRole('button', { name: 'Keypad' })).toBeVisible();
  expect(await cutButtons(phone)).toEqual([]);
  await phone.getByRole('button', { name: 'Collapse phone' }).click();
  await expect(phone.getByRole('timer', { name: 'Call duration' })).toHaveText(/^\d+:\d\d$/);
  const mute = phone.getByRole('button', { name: 'Mute' });
  await mute.click();
  await expect(mute).toHaveAttribute('aria-pressed', 'true');
  await phone.getByRole('button', { name: 'Hang up' }).click();

  // The call is over: the dock opens on its wrap-up, which has the focus; saved, the dock is collapsed again.
  const wrapUp = phone.getByRole('region', { name: 'Wrap-up: (212) 555-0166' });
  await expect(wrapUp).toBeFocused();
  expect(await cutButtons(phone)).toEqual([]);
  await keepScreenshot(page, 'workspace-phone-wrap-up');
  await wrapUp.getByRole('button', { name: 'Skip wrap-up' }).click();
  await expect(phone.getByRole('button', { name: 'Open phone' })).toBeVisible();
});

test('? shows the keyboard shortcuts; g i goes to the inbox and / finds its search', async ({ page }) => {
  await signInThroughUi(page, server.url, 'agent@demo.test');
  await expectSignedIn(page);
  await page.keyboard.press('?');
  const overview = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(overview.getByRole('table').first()).toBeVisible();
  await expect(overview).toContainText('Go to the inbox');
  await expect(overview).toContainText('Alt+Shift+H');
  await page.keyboard.press('Escape');
  await expect(overview).toBeHidden();

  await page.keyboard.press('g');
  await page.keyboard.press('i');
  await expect(page).toHaveURL(/\/inbox$/);
  const search = page.getByRole('searchbox', { name: 'Search conversations' });
  await expect(search).toBeVisible();
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  // Typed into a field, `?` is a character, not a shortcut.
  await page.keyboard.type('?');
  await expect(search).toHaveValue('?');
  await expect(overview).toHaveCount(0);
});
