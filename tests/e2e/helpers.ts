/** What the e2e tests do again and again: sign in through the UI, and keep screenshots as artifacts. */
import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, type TestServer } from './server';

export async function signInThroughUi(
  page: Page,
  baseUrl: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.goto(`${baseUrl}/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function expectSignedIn(page: Page): Promise<void> {
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

export async function keepScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

/** A demo user's API token and the id of Demo Motors, the seeded company the tests act in. */
export async function demoMotorsAs(
  server: TestServer,
  email: string,
): Promise<{ token: string; companyId: number }> {
  const token = await server.tokenFor(email);
  const me = await server.api('GET', '/user', undefined, token);
  const companyId = (me.body.companies as { id: number; name: string }[]).find(
    (c) => c.name === 'Demo Motors',
  )?.id;
  expect(companyId, `${email} belongs to Demo Motors`).toBeGreaterThan(0);
  return { token, companyId: companyId as number };
}

/**
 * Resolves once the server has the page's subscription to its company's conversations channel: the
 * `subscription_succeeded` frame on the page's realtime socket (the channel's authorisation comes earlier, before
 * the server registers the subscription, and a text sent in between goes unheard). The shell subscribes at
 * sign-in, for every screen: call it before the sign-in or load that opens the socket.
 */
export function conversationsSubscribed(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        const frame = String(payload);
        if (frame.includes('subscription_succeeded') && frame.includes('private-conversations.')) resolve();
      });
    });
  });
}
