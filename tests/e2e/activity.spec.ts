/**
 * The activity feed against the real server and the demo seed (months of Demo Motors calls, voicemails, texts and
 * faxes): the owner opens Activity and sees seeded rows, scrolling loads the next page; filtered to voicemails
 * every row is one and its recording plays from the signed link; a call's transcript opens with its speakers; a
 * start date older than two years is refused on the screen, and the server's refusal shows when the browser's
 * clock lets one through; an export of calls (filtered by number) and one of voicemails (chosen columns)
 * download as CSV with their header rows, with the progress shown; and the screen has no serious accessibility
 * violations.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { SEARCH_WINDOW_MESSAGE } from '../../shared/domain/limits';
import { demoMotorsAs, expectSignedIn, keepScreenshot, signInThroughUi } from './helpers';
import { serverForThisFile } from './server';

const server = serverForThisFile();
const OWNER_TZ = 'America/Chicago';
const WINDOW_MESSAGE = SEARCH_WINDOW_MESSAGE;
let token = '';
let companyId = 0;

test.beforeAll(async () => {
  ({ token: token, companyId } = await demoMotorsAs(server, 'owner@demo.test'));
});

async function openActivity(page: Page) {
  await signInThroughUi(page, server.url, 'owner@demo.test');
  await expectSignedIn(page);
  const company = page.getByRole('combobox', { name: 'Company' });
  if ((await company.count()) && (await company.inputValue()) !== 'Demo Motors') {
    await company.click();
    await page.getByRole('option', { name: 'Demo Motors' }).click();
  }
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
  const feed = page.getByRole('feed', { name: 'Activity' });
  await expect(feed.getByRole('article').first()).toBeVisible();
  return feed;
}

/** What the test uses of an <audio> element (this project's tests have no DOM types). */
interface MediaLike {
  muted: boolean;
  currentTime: number;
  duration: number;
  paused: boolean;
  play(): Promise<void>;
}

/** `YYYY-MM-DD` of an instant in a time zone. */
function dateIn(iso: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(iso));
}

async function serious(page: Page) {
  return (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id}: ${n.html.slice(0, 120)} ${n.any.map((a) => a.message).join(' ')}`),
    );
}

test('the owner sees seeded activity, scrolls for more, and plays a voicemail', async ({ page }) => {
  const feed = await openActivity(page);
  const first = feed.getByRole('article').first();
  // Newest first, named for screen readers, with kind, direction and time.
  await expect(first).toHaveAttribute('aria-label', /^(Incoming|Outgoing) (call|voicemail|message|fax) /);
  await expect(first).toHaveAttribute('aria-posinset', '1');
  const total = Number(await first.getAttribute('aria-setsize'));
  expect(total).toBeGreaterThan(600);
  await expect(page.getByText(`${total.toLocaleString('en-US')} items`)).toBeVisible();

  // Near the end of the loaded rows the next page is asked for.
  const nextPage = page.waitForResponse(
    (response) =>
      response.url().includes('/api/activity?') && (response.request().postData() ?? '').includes('"page":2'),
  );
  await feed.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  expect((await nextPage).ok()).toBe(true);
  await feed.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(feed.locator('article[aria-posinset="50"]')).toBeAttached();

  // Only voicemails: every row is one, with its player.
  const show = page.getByRole('group', { name: 'Show' });
  for (const kind of ['Calls', 'Messages', 'Faxes'])
    await show.getByRole('checkbox', { name: kind, exact: true }).uncheck();
  await expect(page).toHaveURL(/types=voicemails/);
  await expect(first).toHaveAttribute('aria-label', /^Incoming voicemail from /);
  const labels = await feed.getByRole('article').evaluateAll((rows) => rows.map((row) => row.ariaLabel));
  expect(labels.length).toBeGreaterThan(3);
  for (const label of labels) expect(label).toMatch(/^Incoming voicemail from /);

  const player = first.getByLabel(/^Voicemail from /);
  await expect(player).toBeVisible();
  const src = (await player.getAttribute('src')) ?? '';
  expect(src).toMatch(/\/api\/recordings\/voicemail\/\d+\?company=\d+&expires=\d+&sig=/);
  const audio = await page.request.get(src);
  expect(audio.status()).toBe(200);
  expect(audio.headers()['content-type']).toBe('audio/wav');
  // Issue 17: the player knows the recording's length before it is played (not 0:00).
  await expect
    .poll(() =>
      player.evaluate((element) => {
        const audio = element as unknown as MediaLike;
        return audio.paused && Number.isFinite(audio.duration) ? audio.duration : 0;
      }),
    )
    .toBeGreaterThan(0);
  // It plays (the demo's recordings are short tones).
  await player.evaluate(async (element) => {
    const audio = element as unknown as MediaLike;
    audio.muted = true;
    await audio.play();
  });
  await expect
    .poll(() => player.evaluate((element) => (element as unknown as MediaLike).currentTime))
    .toBeGreaterThan(0);
  await keepScreenshot(page, 'activity-voicemails');

  // The compact density (the same choice as every table's) makes the rows shorter.
  const height = async () => (await first.boundingBox())?.height ?? 0;
  const comfortable = await height();
  await page.getByRole('radiogroup', { name: 'Row density' }).getByText('Compact').click();
  await expect.poll(height).toBeLessThan(comfortable);
});

test('a call’s transcript opens with its speakers and talk time', async ({ page }) => {
  // A call of the seed with a finished transcription, found through the API.
  let call:
    | { caller: string; started_at: string; transcription: { raw: { transcript: string }[] } }
    | undefined;
  for (let pageNumber = 1; !call && pageNumber <= 5; pageNumber++) {
    const found = await server.api(
      'GET',
      `/calls/search?companyId=${companyId}&perPage=200&page=${pageNumber}`,
      undefined,
      token,
    );
    call = found.body.data.find(
      (c: { isInbound: boolean; transcription: { state: string } | null }) =>
        c.isInbound && c.transcription?.state === 'complete',
    );
  }
  if (!call) throw new Error('the seed has no transcribed inbound call');

  const feed = await openActivity(page);
  const day = dateIn(call.started_at, OWNER_TZ);
  const show = page.getByRole('group', { name: 'Show' });
  for (const kind of ['Voicemails', 'Messages', 'Faxes'])
    await show.getByRole('checkbox', { name: kind, exact: true }).uncheck();
  await page.getByLabel('From', { exact: true }).fill(day);
  await page.getByLabel('To', { exact: true }).fill(day);
  // The searched page, not the list shown before it: counting the buttons of a list about to be replaced would
  // open transcripts that the search's rows then close again.
  const caller = call.caller;
  const searched = page.waitForResponse(
    (response) =>
      response.url().includes('/api/activity?') &&
      (response.request().postData() ?? '').includes(JSON.stringify(caller).slice(1, -1)),
  );
  await page.getByRole('searchbox', { name: 'Search activity' }).fill(caller);
  await expect(page).toHaveURL(/search=/);
  await searched;
  await expect(feed.getByRole('article').first()).toBeVisible();

  const firstLine = call.transcription.raw[0]?.transcript ?? '';
  // The caller may have called more than once that day: open every transcript shown, then find this call's.
  const buttons = feed.getByRole('button', { name: 'Show transcript' });
  for (let left = await buttons.count(); left > 0; left--) await buttons.first().click();
  const transcript = feed.getByRole('list', { name: 'Transcript' }).filter({ hasText: firstLine });
  await expect(transcript.getByRole('listitem').first()).toContainText(/^(Agent|Client) \d+:\d\d /);
  await expect(feed.getByText(/Talk time: Agent \d+% · Client \d+%/).first()).toBeVisible();
  await expect(feed.getByRole('button', { name: 'Hide transcript' }).first()).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await keepScreenshot(page, 'activity-transcript');
  expect(await serious(page)).toEqual([]);
});

test('a start date older than two years is refused on the screen and by the server', async ({ page }) => {
  await openActivity(page);
  const from = page.getByLabel('From', { exact: true });
  const threeYearsAgo = new Date(Date.now() - 3 * 365 * 24 * 3600 * 1000);
  let asked = false;
  page.on('request', (request) => {
    if (request.url().includes('/api/activity?') && (request.postData() ?? '').includes('"from"'))
      asked = true;
  });
  await from.fill(dateIn(threeYearsAgo, OWNER_TZ));
  await expect(page.getByText(WINDOW_MESSAGE)).toBeVisible();
  await expect(from).toHaveAttribute('aria-invalid', 'true');
  expect(asked).toBe(false);
  await expect(page).not.toHaveURL(/from=/);

  // A browser whose clock is a year behind lets 2½ years back through; the server's 422 is shown the same way.
  await page.clock.setFixedTime(new Date(Date.now() - 365 * 24 * 3600 * 1000));
  const refused = page.waitForResponse(
    (response) => response.url().includes('/api/activity?') && response.status() === 422,
  );
  await from.fill(dateIn(new Date(Date.now() - 2.5 * 365 * 24 * 3600 * 1000), OWNER_TZ));
  await refused;
  await expect(page.getByRole('alert').filter({ hasText: 'These dates cannot be searched' })).toContainText(
    WINDOW_MESSAGE,
  );
  await expect(from).toHaveAttribute('aria-invalid', 'true');
});

test('an activity export downloads', async ({ page }) => {
  await openActivity(page);
  // Narrowed to one number: the export uses the feed's filters.
  await page.getByRole('combobox', { name: 'Number', exact: true }).click();
  await page.getByRole('option', { name: /^Main line/ }).click();
  await expect(page).toHaveURL(/number=\d+/);

  // Hold the file at the network so the progress can be seen; it then comes from the real server unchanged.
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/companies/*/exports/*/download', async (route) => {
    await gate;
    await route.continue();
  });

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Export activity' });
  await expect(dialog.getByRole('radio', { name: 'Calls' })).toBeChecked();
  await expect(dialog).toContainText('Number: Main line');
  await expect(dialog.getByRole('checkbox', { name: 'Started at' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Start export' }).click();
  const progress = dialog.getByRole('progressbar', { name: 'Export progress' });
  await expect(progress).toBeVisible();
  await expect(dialog).toContainText(/Exporting calls…|Downloading the calls export…/);
  await keepScreenshot(page, 'activity-export-progress');

  const [download] = await Promise.all([page.waitForEvent('download'), Promise.resolve(release())]);
  expect(download.suggestedFilename()).toMatch(/^calls-.*\.csv$/);
  const rows: string[][] = parse(readFileSync(await download.path(), 'utf8'));
  expect(rows[0]).toEqual([
    'started_at',
    'direction',
    'caller',
    'called',
    'number_label',
    'contact',
    'outcome',
    'duration',
    'qualification',
    'source',
    'first_time',
    'agent',
    'tags',
    'note',
  ]);
  expect(rows.length).toBeGreaterThan(20);
  for (const row of rows.slice(1)) expect(row[4]).toBe('Main line');
  await expect(dialog.getByText('Export downloaded')).toBeVisible();
  await page.unroute('**/api/companies/*/exports/*/download');

  // Voicemails, without their transcription: the file has the chosen columns only.
  await dialog.getByRole('radio', { name: 'Voicemails' }).check();
  await dialog.getByRole('checkbox', { name: 'Transcription' }).uncheck();
  const [second] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Start export' }).click(),
  ]);
  const voicemails: string[][] = parse(readFileSync(await second.path(), 'utf8'));
  expect(voicemails[0]).toEqual(['at', 'caller', 'number', 'number_label', 'contact', 'duration']);
  expect(voicemails.length).toBeGreaterThan(1);
  expect(await serious(page)).toEqual([]);
});

test('the feed is keyboard-navigable and has no serious accessibility violations', async ({ page }) => {
  const feed = await openActivity(page);
  await expect(feed.getByRole('article').nth(5)).toBeVisible();
  // The ARIA feed pattern: Page Down / Page Up move between rows.
  await feed.locator('article[aria-posinset="1"]').focus();
  await page.keyboard.press('PageDown');
  await expect(feed.locator('article[aria-posinset="2"]')).toBeFocused();
  await page.keyboard.press('PageDown');
  await expect(feed.locator('article[aria-posinset="3"]')).toBeFocused();
  await page.keyboard.press('PageUp');
  await expect(feed.locator('article[aria-posinset="2"]')).toBeFocused();
  expect(await serious(page)).toEqual([]);
  await keepScreenshot(page, 'activity-feed');
});
