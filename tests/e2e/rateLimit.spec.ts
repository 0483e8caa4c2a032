/** §8 "429: wait for the retry-after value …, retry up to 3 times; on the first retry warn" — against a real limiter. */
import { expect, test } from '@playwright/test';
import { expectSignedIn, signInThroughUi } from './helpers';
import { serverForThisFile } from './server';

// A tiny allowance over a short window, so the limiter answers 429 and Retry-After is a second or two.
const server = serverForThisFile({ RATE_LIMIT_PER_MINUTE: '4', RATE_LIMIT_WINDOW_MS: '2000' });
const WARNING = "Oops! It appears that you've reached the limit of allowed requests per second.";

test('a 429 shows the warning once and the request still succeeds', async ({ page }) => {
  const limited: number[] = [];
  page.on('response', (response) => {
    if (response.status() === 429) limited.push(Date.now());
  });
  await signInThroughUi(page, server.url, 'owner@demo.test');
  await expectSignedIn(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (let i = 0; i < 4; i++) {
    await nav.getByRole('link', { name: 'Users' }).click();
    await nav.getByRole('link', { name: 'API keys' }).click();
  }
  await nav.getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('table', { name: 'Users' }).getByText('agent@demo.test')).toBeVisible({
    timeout: 20_000,
  });
  expect(limited.length).toBeGreaterThan(0);
  await expect(page.getByText(WARNING)).toHaveCount(1);
});
