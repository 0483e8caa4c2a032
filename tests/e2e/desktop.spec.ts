/**
 * The desktop app's renderer as Electron would run it, as far as this machine allows (no Electron binary): the
 * built UI served by main's own app:// handler code (`serveAppFile`, with main's CSP) from an origin other than the
 * API's, and `window.desktop` provided by a stand-in for the preload bridge that records what the renderer asks of
 * main and lets the test send main's events. The server, realtime and the sandbox carrier are all real. This proves
 * the desktop half of the renderer end to end: bearer tokens handed to the bridge, cross-origin API and realtime
 * calls under the desktop CSP, and every renderer-side duty of the Desktop shell issue (badge, alerts, ringing
 * raise, tray presence and sign-out, notification clicks).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { serveAppFile } from '../../electron/main/appProtocol';
import { contentSecurityPolicy } from '../../electron/main/security';
import { conversationsSubscribed, expectSignedIn, signInThroughUi } from './helpers';
import { serverForThisFile } from './server';

const DIST = fileURLToPath(new URL('../../dist', import.meta.url));
const MAIN_LINE = '+13125550100';
const IN_APP_LINE = '+13125550104';

// The page's origin: a stand-in for app://switchboard, which the server must allow like the real one.
const serverEnv: Record<string, string> = {};
let appServer: Server;
let appOrigin = '';
test.beforeAll(async () => {
  appServer = createServer(async (request, response) => {
    const answer = await serveAppFile(
      { url: `${appOrigin}${request.url ?? '/'}` },
      { root: DIST, csp: contentSecurityPolicy(`${server.url}/api`) },
    );
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => appServer.listen(0, '127.0.0.1', resolve));
  appOrigin = `http://127.0.0.1:${(appServer.address() as AddressInfo).port}`;
  serverEnv.CORS_ORIGINS = appOrigin;
});
test.afterAll(() => new Promise<void>((resolve) => appServer.close(() => resolve())));

const server = serverForThisFile(serverEnv);
let owner = '';
let companyId = 0;
test.beforeAll(async () => {
  owner = await server.tokenFor('owner@demo.test');
  const me = await server.api('GET', '/user', undefined, owner);
  companyId =
    (me.body.companies as { id: number; name: string }[]).find((c) => c.name === 'Demo Motors')?.id ?? 0;
});

interface Invocation {
  channel: string;
  request: unknown;
}

/**
 * Defines `window.desktop` before the page's scripts run, as the preload does: `invoke` answers like main (tokens
 * kept here, never in the page's storage; refresh through the server), `on` subscribes to main's events. The test
 * reads `__desktop.invocations` and sends events with `__desktop.emit`.
 */
async function openDesktopRenderer(page: Page): Promise<void> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  (page as Page & { cspViolations?: string[] }).cspViolations = violations;
  await page.addInitScript(
    ({ apiBaseUrl }) => {
      type Listener = (payload: unknown) => void;
      const listeners = new Map<string, Set<Listener>>();
      const invocations: { channel: string; request: unknown }[] = [];
      const memory = new Map<string, string>();
      let tokens: { access_token: string; refresh_token: string } | null = null;
      let settings = {
        launchAtLogin: false,
        autoAway: false,
        shortcuts: { answer: '', decline: '', 'hang-up': '', mute: '' },
      };
      const answers: Record<string, (request: unknown) => unknown> = {
        'app:info': () => ({ name: 'Switchboard', version: 'e2e', platform: 'linux', apiBaseUrl }),
        'tokens:set': (request) => {
          tokens = request as typeof tokens;
          return null;
        },
        'tokens:get-access': () => tokens?.access_token ?? null,
        'tokens:refresh': async () => {
          if (!tokens) return null;
          const response = await fetch(`${apiBaseUrl}/sanctum/refresh`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ refresh_token: tokens.refresh_token }),
          });
          tokens = response.ok ? ((await response.json()) as typeof tokens) : null;
          return tokens?.access_token ?? null;
        },
        'tokens:clear': () => {
          tokens = null;
        },
        'audio:get': () => ({ inputDeviceId: null, outputDeviceId: null, ringtoneDeviceId: null }),
        'cache:get': (key) => memory.get(String(key)) ?? null,
        'cache:set': (request) => {
          const { key, value } = request as { key: string; value: string };
          memory.set(key, value);
        },
        'cache:remove': (key) => {
          memory.delete(String(key));
        },
        'settings:get': () => settings,
        'settings:set': (request) => {
          settings = request as typeof settings;
          return [];
        },
      };
      const desktop = {
        async invoke(channel: string, request?: unknown) {
          invocations.push({ channel, request });
          return answers[channel]?.(request);
        },
        on(channel: string, listener: Listener) {
          const set = listeners.get(channel) ?? new Set<Listener>();
          set.add(listener);
          listeners.set(channel, set);
          return () => set.delete(listener);
        },
      };
      Object.defineProperty(globalThis, 'desktop', { value: desktop });
      Object.defineProperty(globalThis, '__desktop', {
        value: {
          invocations,
          emit: (channel: string, payload?: unknown) => {
            for (const listener of listeners.get(channel) ?? []) listener(payload);
          },
        },
      });
    },
    { apiBaseUrl: `${server.url}/api` },
  );
  await signInThroughUi(page, appOrigin, 'agent@demo.test');
  await expectSignedIn(page);
}

/** What the page's globals hold, seen from the test (the root tsconfig has no DOM library). */
type PageGlobals = {
  __desktop: { invocations: Invocation[]; emit(channel: unknown, payload: unknown): void };
  localStorage: object;
  sessionStorage: object;
};

const invocations = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as PageGlobals).__desktop.invocations);
const requestsOn = async (page: Page, channel: string) =>
  (await invocations(page)).filter((entry) => entry.channel === channel).map((entry) => entry.request);
const emit = (page: Page, channel: string, payload?: unknown) =>
  page.evaluate(([name, value]) => (globalThis as unknown as PageGlobals).__desktop.emit(name, value), [
    channel,
    payload,
  ] as const);
const cspViolations = (page: Page) => (page as Page & { cspViolations?: string[] }).cspViolations ?? [];

test('signs in with bearer tokens held by main, and works across origins under the desktop CSP', async ({
  page,
}) => {
  await openDesktopRenderer(page);
  const [pair] = (await requestsOn(page, 'tokens:set')) as { access_token: string; refresh_token: string }[];
  expect(pair?.access_token).toBeTruthy();
  expect(pair?.refresh_token).toBeTruthy();
  // The renderer keeps no copy of either token.
  const stored = await page.evaluate(() => {
    const { localStorage, sessionStorage } = globalThis as unknown as PageGlobals;
    return JSON.stringify({ ...localStorage, ...sessionStorage });
  });
  expect(stored).not.toContain(pair?.access_token);
  expect(stored).not.toContain(pair?.refresh_token);

  // Screens load from the API across origins, and realtime connects.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click();
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Online' })).toBeVisible();
  expect(cspViolations(page)).toEqual([]);
});

test('edits and deletes cross-origin from the desktop renderer: PUT, PATCH and DELETE pass their preflight', async ({
  page,
}) => {
  await openDesktopRenderer(page);
  const label = await server.api(
    'POST',
    `/companies/${companyId}/contactLabels`,
    { label: 'Desktop CORS' },
    owner,
  );
  expect(label.status).toBe(201);
  const numbers = await server.api('GET', `/companies/${companyId}/numbers`, undefined, owner);
  const number = (numbers.body.data as { id: number; label: string }[])[0];
  // The page's own fetch, from its origin, with an owner's bearer token (the signed-in agent may not edit numbers):
  // the engine sends a preflight for each (a method other than GET/HEAD/POST, an Authorization header) and
  // refuses the call — a network error, no status — unless the server allows it.
  const statuses = await page.evaluate(
    async ({ api, token, labelId, numberId, numberLabel, company }) => {
      const call = async (method: string, path: string, body?: unknown) => {
        const response = await fetch(`${api}${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return response.status;
      };
      return [
        await call('PUT', `/numbers/${numberId}`, { label: numberLabel }),
        await call('PATCH', `/companies/${company}/contactLabels/${labelId}`, { label: 'Desktop CORS 2' }),
        await call('DELETE', `/companies/${company}/contactLabels/${labelId}`),
      ];
    },
    {
      api: `${server.url}/api`,
      token: owner,
      labelId: label.body.id as number,
      numberId: number?.id ?? 0,
      numberLabel: number?.label ?? '',
      company: companyId,
    },
  );
  expect(statuses[0]).toBe(200);
  expect(statuses[1]).toBe(200);
  expect([200, 204]).toContain(statuses[2]);
  expect(cspViolations(page)).toEqual([]);
});

test('the unread count goes to the badge, and a text is alerted through main', async ({ page }) => {
  // The text is sent once the shell's realtime subscription is in place (else it can go unheard under load).
  const subscribed = conversationsSubscribed(page);
  await openDesktopRenderer(page);
  await subscribed;
  const agent = await server.tokenFor('agent@demo.test');
  const counts = await server.api('GET', `/companies/${companyId}/notificationCounts`, undefined, agent);
  const before = counts.body.messages as number;
  await expect.poll(async () => (await requestsOn(page, 'badge:set')).at(-1)).toBe(before);

  const sent = await server.api(
    'POST',
    '/sandbox/messages',
    { from: '+1 415 555 0122', to: MAIN_LINE, body: 'Is the showroom open late?' },
    owner,
  );
  expect(sent.status).toBeLessThan(300);
  await expect
    .poll(() => requestsOn(page, 'notifications:show'))
    .toContainEqual(
      expect.objectContaining({
        kind: 'message',
        title: '(415) 555-0122',
        body: 'Is the showroom open late?',
      }),
    );
  await expect.poll(async () => (await requestsOn(page, 'badge:set')).at(-1)).toBe(before + 1);

  // Clicking the alert: main focuses the window and sends its route.
  const [alert] = (await requestsOn(page, 'notifications:show')) as { route: string }[];
  await emit(page, 'navigate:to', alert?.route);
  await expect(page).toHaveURL(/\/inbox\/\d+$/);
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('Is the showroom open late?');
  expect(cspViolations(page)).toEqual([]);
});

test("the tray's presence reaches the server and comes back to the tray; a ring raises the window", async ({
  page,
}) => {
  await page.context().grantPermissions(['microphone']);
  await openDesktopRenderer(page);
  const phone = page.getByRole('complementary', { name: 'Phone' });
  const available = phone.getByRole('switch', { name: 'Available for calls' });
  await expect(phone.getByRole('status', { name: 'Reachable' })).toBeVisible();

  await emit(page, 'presence:requested', 'active');
  await expect(available).toBeChecked();
  await expect.poll(async () => (await requestsOn(page, 'presence:set')).at(-1)).toBe('active');

  // A call rings: an OS notification with the caller and line, and main is asked to raise the window.
  const placed = await server.api('POST', '/sandbox/calls', { from: '+12125550177', to: IN_APP_LINE }, owner);
  expect(placed.status).toBe(201);
  const card = phone.getByRole('region', { name: 'Incoming call from (212) 555-0177' });
  await expect(card).toBeVisible();
  await expect.poll(() => requestsOn(page, 'call:ringing')).toEqual([true]);
  expect(await requestsOn(page, 'notifications:show')).toContainEqual(
    expect.objectContaining({ kind: 'call', title: 'Incoming call: (212) 555-0177' }),
  );
  await card.getByRole('button', { name: 'Decline' }).click();
  await expect.poll(() => requestsOn(page, 'call:ringing')).toEqual([true, false]);

  // Away from the tray: the server records it and the tray is told.
  await emit(page, 'presence:requested', 'away');
  await expect(available).not.toBeChecked();
  await expect.poll(async () => (await requestsOn(page, 'presence:set')).at(-1)).toBe('away');
  const agent = await server.tokenFor('agent@demo.test');
  const status = await server.api('GET', `/companies/${companyId}/in-app-calling/status`, undefined, agent);
  expect(JSON.stringify(status.body)).toContain('away');
});

test("the tray's Sign out signs out and clears the tokens in main", async ({ page }) => {
  await openDesktopRenderer(page);
  await emit(page, 'session:sign-out-requested');
  await expect(page).toHaveURL(/\/sign-in/);
  expect((await invocations(page)).map((entry) => entry.channel)).toContain('tokens:clear');
  await expect.poll(async () => (await requestsOn(page, 'badge:set')).at(-1)).toBe(0);
});
