/** §8 "429: wait for the retry-after value …, retry up to 3 times; on the first retry warn" — against a real limiter. */
import { expect, test } from '@playwright/test';
import { expectSignedIn, signInThroughUi } from './helpers';
import { serverForThisFile } from './server';

// A small allowance over a short window, so the limiter answers 429 and Retry-After is a second or two — yet
// room enough that the page's own requests (the shell asks for several things at once) get through in three tries.
const server = serverForThisFile({ RATE_LIMIT_PER_MINUTE: '8', RATE_LIMIT_WINDOW_MS: '2000' });
const WARNING = "Oops! It appears that you've reached the limit of allowed requests per second.";

test('a 429 shows the warning once and the request still succeeds', async ({ page }) => {
  await signInThroughUi(page, server.url, 'owner@demo.test');
  await expectSignedIn(page);

  // The limiter counts per session. Another client of the same session (it shares the browser's cookies) keeps
  // the allowance spent until the page itself has been refused once — however slowly the page asks on a busy
  // machine — then stops, so the page's retry after Retry-After goes through.
  const limited: number[] = [];
  let spending = true;
  page.on('response', (response) => {
    if (response.status() !== 429) return;
    limited.push(Date.now());
    spending = false;
  });
  const spender = (async () => {
    while (spending) {
      // A burst over the allowance each time, so the window is spent however slowly the server answers.
      await Promise.all(
        Array.from({ length: 6 }, () => page.request.get(`${server.url}/api/user`).catch(() => undefined)),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('table', { name: 'Users' }).getByText('agent@demo.test')).toBeVisible({
    timeout: 20_000,
  });
  spending = false;
  await spender;
  expect(limited.length).toBeGreaterThan(0);
  await expect(page.getByText(WARNING)).toHaveCount(1);
});
