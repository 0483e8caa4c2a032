/**
 * Offline-tolerant, for admins on bad networks: with the server stopped, cached screens still render with the
 * offline banner, an edit made offline is kept, and it replays (once, by its Idempotency-Key) when the server is back.
 */
import { expect, test } from '@playwright/test';
import { NOT_AVAILABLE_OFFLINE } from '../../shared/domain/messages';
import { expectSignedIn, signInThroughUi } from './helpers';
import { serverForThisFile } from './server';

const server = serverForThisFile();

test('cached screens render offline and a queued profile edit replays after restart', async ({ page }) => {
  await signInThroughUi(page, server.url, 'agent@demo.test');
  await expectSignedIn(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'API keys' }).click();
  await expect(page.getByText('No API keys yet')).toBeVisible();
  await nav.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();

  await server.stop();
  await nav.getByRole('link', { name: 'API keys' }).click();
  await expect(page.getByText('You are offline')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('No API keys yet')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
  // A screen never opened before the outage says so, instead of spinning under the offline banner.
  await nav.getByRole('link', { name: 'Contacts' }).click();
  await expect(page.getByRole('main').getByText(NOT_AVAILABLE_OFFLINE.title)).toBeVisible();
  await expect(page.getByRole('main').getByText(NOT_AVAILABLE_OFFLINE.text)).toBeVisible();

  await nav.getByRole('link', { name: 'Profile' }).click();
  await page.getByLabel('Name').fill('Aria Offline');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(
    page.getByText('Saved on this device. It will be sent when the connection is back.'),
  ).toBeVisible();

  await server.start();
  await expect(page.getByText('You are offline')).toHaveCount(0, { timeout: 45_000 });
  await expect(page.getByText('Successfully updated user info')).toBeVisible({ timeout: 20_000 });
  const token = await server.tokenFor('agent@demo.test');
  const me = await server.api('GET', '/user', undefined, token);
  expect(me.body.name).toBe('Aria Offline');
});
