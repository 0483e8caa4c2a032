/**
 * Where each role lands after signing in (issue 17 "Landing by role"), the last visited screen winning when the app
 * opens again, a reload right after signing in staying signed in, and a platform admin signing in as a user and
 * returning (§4 Admin login) without errors — on every page, nobody asks the server for what their role is refused.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectSignedIn, signInThroughUi } from './helpers';
import { DEMO_PASSWORD, serverForThisFile } from './server';

const server = serverForThisFile();

/**
 * Console errors that are no fault of the page under test: the browser's line for each refused request (counted
 * below as refusals), and its note that pusher-js wrote to a live-updates socket it was closing as the shell
 * went away (signing out does it too).
 */
const BROWSER_NOISE = ['Failed to load resource', 'WebSocket is already in CLOSING or CLOSED state'];

/**
 * What went wrong on the page: errors it threw (a screen's crash caught by an error boundary is logged too) and API
 * requests the server refused (403), such as a calling token for someone with no calling line.
 */
function recordTrouble(page: Page): string[] {
  const trouble: string[] = [];
  page.on('pageerror', (error) => trouble.push(`error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !BROWSER_NOISE.some((noise) => message.text().startsWith(noise)))
      trouble.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/api/') && response.status() === 403)
      trouble.push(`refused: ${response.request().method()} ${pathname}`);
  });
  return trouble;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('each role lands where it works, and the app reopens on the last visited screen', () => {
  const landings: [email: string, path: string][] = [
    ['agent@demo.test', '/inbox'],
    ['owner@demo.test', '/inbox'],
    ['admin@demo.test', '/inbox'],
    ['reporting@demo.test', '/dashboard'],
    // No billing screen yet, and billing users may not see the activity feed: they see reports, so the dashboard.
    ['billing@demo.test', '/dashboard'],
    // An organization admin acts as administrator in the organization's companies, a platform admin as owner.
    ['orgadmin@demo.test', '/inbox'],
    ['superadmin@demo.test', '/inbox'],
  ];
  for (const [email, path] of landings) {
    test(`${email} → ${path}`, async ({ page }) => {
      const trouble = recordTrouble(page);
      await signInThroughUi(page, server.url, email);
      await expectSignedIn(page);
      await expect(page).toHaveURL(`${server.url}${path}`);

      await nav(page).getByRole('link', { name: 'Profile' }).click();
      await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
      // Opening the app at its root (as the desktop app starts): the last visited screen wins.
      await page.goto(`${server.url}/`);
      await expect(page).toHaveURL(`${server.url}/profile`);
      await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
      // The logo leads to the role's own screen.
      await page.getByRole('link', { name: 'Switchboard' }).click();
      await expect(page).toHaveURL(`${server.url}${path}`);
      expect(trouble).toEqual([]);
    });
  }
});

/**
 * What the app's persisted cache on this device says of the signed-in person (the `['User', 'me']` query): null for
 * "signed out", undefined while nothing is stored. The cache is written at most once a second, later on a busy
 * machine, so tests wait for this rather than for a fixed time.
 */
async function storedCurrentUser(page: Page): Promise<unknown> {
  // Read in the page (a string: this project's types have no DOM); the store is the web platform's (idb-keyval).
  const stored = await page.evaluate<string | null>(`new Promise((resolve, reject) => {
    const open = indexedDB.open('switchboard');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('cache')) return db.close(), resolve(null);
      const read = db.transaction('cache').objectStore('cache').get('switchboard.query-cache');
      read.onerror = () => reject(read.error);
      read.onsuccess = () => (db.close(), resolve(typeof read.result === 'string' ? read.result : null));
    };
  })`);
  if (stored === null) return undefined;
  const cache = JSON.parse(stored) as {
    clientState?: { queries?: { queryKey: unknown[]; state: { data: unknown } }[] };
  };
  const me = cache.clientState?.queries?.find((query) => JSON.stringify(query.queryKey) === '["User","me"]');
  return me ? me.state.data : undefined;
}

/** Waits until the device's persisted cache says "signed out". */
const signedOutIsStored = (page: Page) =>
  expect.poll(() => storedCurrentUser(page), { timeout: 15_000 }).toBeNull();

test('a reload, or a link opened in a second tab, right after signing in stays signed in', async ({
  page,
}) => {
  // Opening the app signed out leaves "signed out" in the cache the app keeps on this device.
  await page.goto(`${server.url}/contacts`);
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fcontacts/);
  // The cache is written to storage at most once a second: wait until "signed out" is there.
  await signedOutIsStored(page);
  // Signing in as a browser does, outside the page (the context shares its cookies): the session is valid, while
  // the cache on this device still says "signed out" — as it does for up to a second after signing in on the page.
  await page.request.get(`${server.url}/api/csrf-cookie`);
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const signedIn = await page.request.post(`${server.url}/api/sanctum/login`, {
    data: { email: 'agent@demo.test', password: DEMO_PASSWORD },
    headers: {
      'X-XSRF-TOKEN': decodeURIComponent(xsrf),
      origin: server.url,
      referer: `${server.url}/sign-in`,
    },
  });
  expect(signedIn.status()).toBe(200);
  expect((await page.request.get(`${server.url}/api/user`)).status()).toBe(200);

  await page.goto(`${server.url}/contacts`);
  await expectSignedIn(page);
  await expect(page).toHaveURL(`${server.url}/contacts`);

  const second = await page.context().newPage();
  await second.goto(`${server.url}/activity`);
  await expectSignedIn(second);
  await expect(second).toHaveURL(`${server.url}/activity`);
  // Closed before signing out: a signed-in second tab keeps writing its own cache (with the person) to the storage
  // both tabs share, until its next request meets the ended session — which would make the next step's page open
  // as signed in and then be told the session expired.
  await second.close();

  // And through the form: signed in on the page, a reload at once stays signed in.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${server.url}/sign-in`);
  // Again until "signed out" is stored.
  await signedOutIsStored(page);
  await page.goto(`${server.url}/contacts`);
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fcontacts/);
  await page.getByLabel('Email').fill('agent@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${server.url}/contacts`);
  await page.reload();
  await expectSignedIn(page);
  await expect(page).toHaveURL(`${server.url}/contacts`);
});

test('an agent opening a conversation asks for nothing their role is refused', async ({ page }) => {
  const trouble = recordTrouble(page);
  await signInThroughUi(page, server.url, 'agent@demo.test');
  await expectSignedIn(page);
  await page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first().click();
  await expect(page).toHaveURL(/\/inbox\/\d+$/);
  await expect(page.getByRole('log', { name: 'Messages' })).toBeVisible();
  // Agents may not list the company's users: the assignee picker offers what the agent may know, themselves.
  await page.getByRole('combobox', { name: 'Assign' }).click();
  await expect(page.getByRole('option', { name: 'Aria Agent (me)' })).toBeVisible();
  expect(trouble).toEqual([]);
});

test('the Inbox navigation item shows the unread count', async ({ page }) => {
  await signInThroughUi(page, server.url, 'agent@demo.test');
  await expectSignedIn(page);
  await expect(nav(page).getByRole('link', { name: /^Inbox, \d+ unread$/ })).toBeVisible();
});

test('the connection badge says it is online, in words', async ({ page }) => {
  await signInThroughUi(page, server.url, 'agent@demo.test');
  await expectSignedIn(page);
  await expect(page.getByRole('status').filter({ hasText: 'Online' })).toBeVisible();
});

test('a platform admin signs in as a user and returns without errors, the header keeping the company', async ({
  page,
}) => {
  const trouble = recordTrouble(page);
  // The company switcher when there is a choice (the platform admin's), its name when there is one company.
  const companies = page.getByRole('combobox', { name: 'Company' });
  const company = page.getByLabel('Company');
  const userMenu = page.getByRole('button', { name: 'User menu' });
  await signInThroughUi(page, server.url, 'superadmin@demo.test');
  await expectSignedIn(page);
  await expect(userMenu).toContainText('Platform admin');
  await expect(companies).toHaveValue('Demo Motors');

  await nav(page).getByRole('link', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'Sign in as Aria Agent' }).click();
  await expect(page.getByText('Signed in as Aria Agent by an administrator')).toBeVisible();
  await expect(page).toHaveURL(`${server.url}/inbox`);
  await expect(company).toHaveText('Demo Motors');
  await expect(userMenu).toContainText('Aria Agent');
  await expect(userMenu).toContainText('User');
  await expect(nav(page).getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(page.getByRole('listbox', { name: 'Conversations' })).toBeVisible();

  await page.getByRole('button', { name: 'Return to my account' }).click();
  await expect(page.getByText('Signed in as Aria Agent by an administrator')).toHaveCount(0);
  await expect(userMenu).toContainText('Sam Superadmin');
  await expect(userMenu).toContainText('Platform admin');
  await expect(companies).toHaveValue('Demo Motors');
  await expect(nav(page).getByRole('link', { name: 'Users' })).toBeVisible();
  expect(trouble).toEqual([]);
});
