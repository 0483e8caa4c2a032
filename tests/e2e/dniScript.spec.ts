/**
 * The website tracking script in Chromium, on a page served by this test on another origin, against the real
 * platform server (issue 21, Tests: "The script in Chromium (Playwright) on a test page served locally: numbers in
 * text and `tel:` links in several formats are swapped; content added after load is swapped; the platform down →
 * the page keeps its numbers and throws nothing; a bot user agent gets no pool number"). The pool is made through
 * the API, for a source only this test's landing page (`?dni_e2e=1`) matches.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { formatLike } from '../../shared/domain/dniSwap';
import { demoMotorsAs } from './helpers';
import { serverForThisFile } from './server';

const server = serverForThisFile();

/** A person's desktop Chrome: Playwright's own user agent says HeadlessChrome, which is a bot (isBotUserAgent). */
const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** The website's own number, in the formats the page shows it. */
const TARGET = '(312) 555-0100';
const SHOWN = {
  paren: '(312) 555-0100',
  dashes: '312-555-0100',
  dots: '312.555.0100',
  intl: '+1 312 555 0100',
  plain: '3125550100',
} as const;

let site: Server;
let siteUrl = '';
/** An address where nothing listens: the platform down. */
let downScript = '';
let poolNumbers: string[] = [];

function pageHtml(scriptSrc: string, key: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Demo Motors — test page</title>
<script async src="${scriptSrc}" data-key="${key}"></script></head>
<body>
  <p id="paren">Sales ${SHOWN.paren}</p>
  <p id="dashes">Service ${SHOWN.dashes}</p>
  <p id="dots">Parts ${SHOWN.dots}</p>
  <p id="intl">From abroad ${SHOWN.intl}</p>
  <p id="plain">Text us ${SHOWN.plain}</p>
  <p id="other">Fax (312) 555-0142</p>
  <a id="tel-e164" href="tel:+13125550100">Call us</a>
  <a id="tel-dashes" href="tel:312-555-0100">${SHOWN.paren}</a>
  <textarea id="typed">${SHOWN.paren}</textarea>
  <div id="later"></div>
</body></html>`;
}

test.beforeAll(async () => {
  const { token, companyId } = await demoMotorsAs(server, 'owner@demo.test');
  const get = async (path: string) => {
    const response = await server.api('GET', path, undefined, token);
    expect(response.status, `GET ${path}`).toBe(200);
    return response.body;
  };
  const post = async (path: string, body: unknown) => {
    const response = await server.api('POST', path, body, token);
    expect(response.status, `POST ${path}: ${JSON.stringify(response.body)}`).toBe(201);
    return response.body;
  };

  // Three of Demo Motors' numbers that no pool holds yet: two for the pool, one as its fallback.
  const numbers = (await get(`/companies/${companyId}/numbers?perPage=1000`)).data as {
    id: number;
    number: string;
    type: number;
    status: string;
  }[];
  const pools = (await get(`/companies/${companyId}/dniPools`)).data as {
    numbers: { id: number }[];
    fallback_number: { id: number } | null;
  }[];
  const taken = new Set(
    pools.flatMap((pool) => [...pool.numbers.map((n) => n.id), pool.fallback_number?.id]),
  );
  const free = numbers.filter((n) => n.status === 'active' && n.type !== 3 && !taken.has(n.id)).slice(0, 3);
  expect(free, 'three free numbers in Demo Motors').toHaveLength(3);
  const [first, second, fallback] = free as [(typeof free)[0], (typeof free)[0], (typeof free)[0]];
  poolNumbers = [first.number, second.number];

  const source = await post('/dniSources', {
    company_id: companyId,
    name: 'E2E landing page',
    conditions: [{ kind: 'param', key: 'dni_e2e', value: '1' }],
  });
  await post(`/companies/${companyId}/dniPools`, {
    name: 'E2E website pool',
    type: 'session',
    source_ids: [source.id],
    numbers: [{ number_id: first.id }, { number_id: second.id }],
    target_numbers: [TARGET],
    fallback_number_id: fallback.id,
  });
  const { key } = await get(`/trackingNumbers/script?companyId=${companyId}`);

  // The platform down: a port that was free a moment ago.
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  downScript = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/api/dni/script.js`;
  await new Promise((resolve) => closed.close(resolve));

  site = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://site').pathname;
    const src = path === '/down' ? downScript : `${server.url}/api/dni/script.js`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml(src, key));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  // Another site than the platform's (localhost, not 127.0.0.1): the script's calls are cross-origin, as on a
  // customer's website.
  siteUrl = `http://localhost:${(site.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => site?.close(resolve));
});

/** Fails the test on any error the page throws. */
function noPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}

/**
 * What the page writes to its console, but for the browser's own reports of failed requests (a blocked or refused
 * request is always reported by Chromium itself): the script must add nothing.
 */
function consoleLines(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (!/Failed to load resource|net::ERR_|blocked by CORS policy/.test(text))
      lines.push(`${message.type()}: ${text}`);
  });
  return lines;
}

async function expectOwnNumbers(page: Page): Promise<void> {
  for (const [id, shown] of Object.entries(SHOWN)) await expect(page.locator(`#${id}`)).toContainText(shown);
  await expect(page.locator('#tel-e164')).toHaveAttribute('href', 'tel:+13125550100');
  await expect(page.locator('#tel-dashes')).toHaveAttribute('href', 'tel:312-555-0100');
}

test('swaps the website’s number in text and tel: links, in each format, and in content added later', async ({
  browser,
}) => {
  const context = await browser.newContext({ userAgent: DESKTOP_CHROME });
  const page = await context.newPage();
  const errors = noPageErrors(page);
  const visit = page.waitForResponse((response) => response.url().endsWith('/api/dni/session'));
  await page.goto(`${siteUrl}/?dni_e2e=1`);
  const answer = await (await visit).json();
  expect(poolNumbers).toContain(answer.number);
  expect(answer.number).not.toBe('+13125550100');
  const number: string = answer.number;

  for (const [id, shown] of Object.entries(SHOWN))
    await expect(page.locator(`#${id}`)).toContainText(formatLike(shown, number));
  await expect(page.locator('#tel-e164')).toHaveAttribute('href', `tel:${number}`);
  await expect(page.locator('#tel-dashes')).toHaveAttribute(
    'href',
    `tel:${formatLike('312-555-0100', number)}`,
  );
  await expect(page.locator('#tel-dashes')).toHaveText(formatLike(TARGET, number));
  // Another number, and what the visitor types, are left alone.
  await expect(page.locator('#other')).toHaveText('Fax (312) 555-0142');
  await expect(page.locator('#typed')).toHaveValue(TARGET);

  // Added after load (a chat widget, a lazy section): swapped too.
  // (A string: this program is type-checked without the DOM's types.)
  await page.evaluate(`{
    const later = document.getElementById('later');
    later.innerHTML = '<p id="added">Call 1-312-555-0100</p><a id="added-tel" href="tel:+1-312-555-0100">Call</a>';
    const text = document.createElement('p');
    text.id = 'added-text';
    text.textContent = 'Or (312) 555-0100';
    later.append(text);
  }`);
  await expect(page.locator('#added')).toHaveText(`Call ${formatLike('1-312-555-0100', number)}`);
  await expect(page.locator('#added-tel')).toHaveAttribute(
    'href',
    `tel:${formatLike('+1-312-555-0100', number)}`,
  );
  await expect(page.locator('#added-text')).toHaveText(`Or ${formatLike(TARGET, number)}`);
  // Rewritten in place later: a text's content, a link's href.
  await page.evaluate(`{
    document.getElementById('other').firstChild.data = 'Now 312.555.0100';
    document.getElementById('added-tel').setAttribute('href', 'tel:3125550100');
  }`);
  await expect(page.locator('#other')).toHaveText(`Now ${formatLike('312.555.0100', number)}`);
  await expect(page.locator('#added-tel')).toHaveAttribute('href', `tel:${formatLike('3125550100', number)}`);

  // The session is kept in first-party cookies on the customer's site; the next page view keeps the same number.
  const cookies = await context.cookies(siteUrl);
  const session = cookies.find((cookie) => cookie.name === '_sbdni_s');
  expect(session?.value).toBe(answer.session_id);
  expect(session?.sameSite).toBe('Lax');
  expect(cookies.find((cookie) => cookie.name === '_sbdni_v')?.value).toBe(answer.visitor_id);
  const again = page.waitForResponse((response) => response.url().endsWith('/api/dni/session'));
  await page.reload();
  expect((await (await again).json()).number).toBe(number);
  await expect(page.locator('#paren')).toHaveText(`Sales ${formatLike(SHOWN.paren, number)}`);

  expect(errors).toEqual([]);
  await context.close();
});

test('heartbeats while the page is open, so the visitor keeps their number', async ({ browser }) => {
  const context = await browser.newContext({ userAgent: DESKTOP_CHROME });
  const page = await context.newPage();
  const errors = noPageErrors(page);
  // The platform's real answer, with the shortest heartbeat the script accepts (10 s) instead of a minute.
  await page.route('**/api/dni/session', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), heartbeat_seconds: 10 } });
  });
  const visit = page.waitForResponse((response) => response.url().endsWith('/api/dni/session'));
  const beat = page.waitForRequest((request) => request.url().endsWith('/api/dni/heartbeat'), {
    timeout: 15_000,
  });
  await page.goto(`${siteUrl}/?dni_e2e=1`);
  const answer = await (await visit).json();
  const request = await beat;
  expect(request.method()).toBe('POST');
  expect(JSON.parse(request.postData() ?? '{}')).toEqual({
    key: expect.any(String),
    session_id: answer.session_id,
  });
  expect((await request.response())?.status()).toBe(204);
  expect(errors).toEqual([]);
  await context.close();
});

test('the platform down or failing: the page keeps its own numbers and throws nothing', async ({
  browser,
}) => {
  const context = await browser.newContext({ userAgent: DESKTOP_CHROME });
  const page = await context.newPage();
  const errors = noPageErrors(page);
  const written = consoleLines(page);

  // The script cannot even be loaded (nothing listens where it is).
  await page.goto(`${siteUrl}/down?dni_e2e=1`);
  await page.waitForLoadState('networkidle');
  await expectOwnNumbers(page);

  // The script loads, but the platform's answer fails: refused, an error page, or no answer within 3 s.
  for (const failure of ['abort', 'error', 'hang'] as const) {
    await page.unrouteAll();
    let asked = false;
    await page.route('**/api/dni/session', async (route) => {
      asked = true;
      if (failure === 'abort') await route.abort('connectionrefused');
      else if (failure === 'error') await route.fulfill({ status: 500, body: '<html>Internal error</html>' });
      // 'hang': never answered; the script gives up after its 3 s.
    });
    await page.goto(`${siteUrl}/?dni_e2e=1&failure=${failure}`);
    await expect.poll(() => asked, { message: `the script asked the platform (${failure})` }).toBe(true);
    await page.waitForTimeout(failure === 'hang' ? 3500 : 500);
    await expectOwnNumbers(page);
  }
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  expect(errors).toEqual([]);
  expect(written).toEqual([]);
  await context.close();
});

test('a bot’s user agent gets no pool number: the page keeps its own', async ({ browser }) => {
  const context = await browser.newContext({ userAgent: GOOGLEBOT });
  const page = await context.newPage();
  const errors = noPageErrors(page);
  const visit = page.waitForResponse((response) => response.url().endsWith('/api/dni/session'));
  await page.goto(`${siteUrl}/?dni_e2e=1`);
  const answer = await (await visit).json();
  expect(answer).toMatchObject({ number: null, session_id: null });
  await page.waitForTimeout(300);
  await expectOwnNumbers(page);
  // Nothing is kept about a bot, not even a cookie.
  expect((await context.cookies(siteUrl)).map((cookie) => cookie.name)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
