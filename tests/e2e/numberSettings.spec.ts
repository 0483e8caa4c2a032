/**
 * The numbers area's settings screens against the real server (issue 20: Schedule, Greetings, Blocks):
 * - Schedule: the owner sets the company's business hours to Business Hours, Monday to Friday 9:00 AM–5:00 PM in
 *   Chicago's time zone (§3 "Times display as 12-hour AM/PM and are sent as 24-hour HH:MM"; §9 15-minute slots),
 *   and reads them back after a reload; an agent sees them read-only, told who can change them.
 * - Greetings: a text-to-speech greeting (espeak-ng on this server) with a voice and a preview, then changed and
 *   deleted with §8's messages; one recorded from Chromium's fake microphone; one uploaded as a WAV file.
 * - Blocks: the owner blocks a number on every number and one on a single number, searches, and removes a block;
 *   an agent may block but is told who can remove one.
 * The screens have no accessibility violations of any impact.
 */
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { demoMotorsAs, expectSignedIn, keepScreenshot, signInThroughUi } from './helpers';
import { axeViolations } from './screenCheck';

/**
 * The axe violations inside the open dialog, every rule but the two about banners: Mantine draws every modal's
 * title bar as a `<header>`, which axe reads as a second banner beside the shell's (the app's ui/ kit, not these
 * screens). The page as a whole is checked with no dialog open.
 */
async function dialogViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .disableRules(['landmark-no-duplicate-banner', 'landmark-unique'])
    .analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.html.slice(0, 120)}`),
  );
}

import { serverForThisFile } from './server';

const server = serverForThisFile();

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page
    .getByRole('option', { name: option, exact: typeof option === 'string' })
    .first()
    .click();
}

async function signedIn(page: Page, email: string, path: string) {
  await signInThroughUi(page, server.url, email);
  await expectSignedIn(page);
  await page.goto(`${server.url}${path}`);
}

async function asAgent(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signedIn(page, 'agent@demo.test', path);
  return page;
}

/** A tenth of a second of silent 8 kHz mono 16-bit WAV: what a greeting upload takes. */
function silentWav(): Buffer {
  const samples = 800;
  const data = samples * 2;
  const wav = Buffer.alloc(44 + data);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + data, 4);
  wav.write('WAVE', 8);
  wav.write('fmt ', 12);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(8000, 24);
  wav.writeUInt32LE(16000, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(data, 40);
  return wav;
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

test('the owner sets the company’s business hours, Mon–Fri 9–5 in Chicago, and they read back after a reload', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { token, companyId } = await demoMotorsAs(server, 'owner@demo.test');
  await signedIn(page, 'owner@demo.test', '/schedule');
  await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Numbers and routing' }).getByRole('link', { name: 'Schedule' }),
  ).toHaveAttribute('aria-current', 'page');
  // A company has no hours above it to follow.
  await page.getByRole('combobox', { name: 'Hours', exact: true }).click();
  await expect(page.getByRole('option', { name: 'Follow the company’s hours' })).toHaveCount(0);
  await expect(page.getByRole('option')).toHaveText([
    '24/7',
    'Mon-Fri (9-5)',
    'Sat-Sun (9-5)',
    'Custom',
    'Direct Voicemail',
    'Business Hours',
  ]);
  await page.getByRole('option', { name: 'Business Hours', exact: true }).click();

  await page.getByRole('combobox', { name: 'Time zone', exact: true }).fill('Chicago');
  await page.getByRole('option', { name: /America\/Chicago/ }).click();

  for (const day of WEEKDAYS) {
    await choose(page, `${day} opens`, '9:00 AM');
    await choose(page, `${day} closes`, '5:00 PM');
  }
  // §9 "plus 'Closed' and 'All Day'": the weekend closed (the seeded company opens on Saturday).
  for (const day of ['Saturday', 'Sunday']) {
    for (const edge of ['opens', 'closes']) {
      const select = page.getByRole('combobox', { name: `${day} ${edge}`, exact: true });
      // Picking what a day already holds keeps it (no deselecting into "no hours").
      await choose(page, `${day} ${edge}`, 'Closed');
      await expect(select).toHaveValue('Closed');
    }
  }
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Save hours' }).click();
  await expect(page.getByText('Business hours saved.')).toBeVisible();

  // Stored 24-hour.
  const stored = await server.api('GET', `/companies/${companyId}/schedule`, undefined, token);
  expect(stored.body).toMatchObject({
    preset: 6,
    label: 'Business Hours',
    timezone: 'America/Chicago',
    mon_open_hour: '09:00',
    mon_close_hour: '17:00',
    fri_open_hour: '09:00',
    fri_close_hour: '17:00',
  });
  for (const edge of ['sat_open_hour', 'sun_open_hour'])
    expect([null, 'Closed']).toContain(stored.body[edge]);

  // Shown 12-hour after a reload.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Hours', exact: true })).toHaveValue('Business Hours');
  await expect(page.getByRole('combobox', { name: 'Time zone', exact: true })).toHaveValue(
    /America\/Chicago/,
  );
  for (const day of WEEKDAYS) {
    await expect(page.getByRole('combobox', { name: `${day} opens`, exact: true })).toHaveValue('9:00 AM');
    await expect(page.getByRole('combobox', { name: `${day} closes`, exact: true })).toHaveValue('5:00 PM');
  }
  await expect(page.getByRole('combobox', { name: 'Saturday opens', exact: true })).toHaveValue('Closed');
  await expect(page.getByText(/Now: Business Hours in America\/Chicago/)).toBeVisible();
  await keepScreenshot(page, 'company-schedule');

  // An agent sees the same hours and cannot change them.
  const agent = await asAgent(browser, '/schedule');
  await expect(agent.getByRole('combobox', { name: 'Monday opens', exact: true })).toHaveValue('9:00 AM');
  await expect(agent.getByRole('combobox', { name: 'Hours', exact: true })).toBeDisabled();
  await expect(agent.getByRole('note')).toHaveText(
    'Only owners and administrators can change the company’s business hours.',
  );
  await expect(agent.getByRole('button', { name: 'Save hours' })).toHaveCount(0);
  expect(await axeViolations(agent)).toEqual([]);
  await agent.context().close();
});

test('greetings: text to speech with a voice and a preview, changed and deleted; recorded; uploaded', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signedIn(page, 'owner@demo.test', '/greetings');
  await expect(page.getByRole('heading', { name: 'Greetings', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Greetings' });

  // Text to speech, previewed before it is saved.
  await page.getByRole('button', { name: 'New greeting' }).click();
  const dialog = page.getByRole('dialog', { name: 'New greeting' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Welcome line');
  await dialog.getByRole('textbox', { name: 'Text to speak' }).fill('Thanks for calling Demo Motors.');
  await expect(dialog.getByRole('combobox', { name: 'Voice', exact: true })).not.toHaveValue('');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const preview = dialog.getByLabel('Preview of the greeting');
  await expect(preview).toBeVisible();
  await expect
    .poll(() => preview.evaluate((audio) => (audio as unknown as { readyState: number }).readyState), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  expect(await dialogViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Add greeting' }).click();
  await expect(page.getByText('Greeting added successfully.')).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: 'Welcome line' });
  await expect(row).toContainText('“Thanks for calling Demo Motors.”');
  await expect(row).toContainText('Plays on calls');
  await expect(row.getByLabel('Play Welcome line')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, 'greetings');

  // Changed: new words.
  await row.getByRole('button', { name: 'Edit Welcome line' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Welcome line' });
  await edit.getByRole('textbox', { name: 'Text to speak' }).fill('Welcome to Demo Motors.');
  await edit.getByRole('button', { name: 'Save greeting' }).click();
  await expect(page.getByText('Greeting updated successfully.')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Welcome line' })).toContainText(
    '“Welcome to Demo Motors.”',
  );

  // Recorded from the (fake) microphone, listened back, saved: WebM plays in the app only.
  await page.getByRole('button', { name: 'New greeting' }).click();
  const record = page.getByRole('dialog', { name: 'New greeting' });
  await record.getByRole('textbox', { name: 'Name' }).fill('Recorded hello');
  await record.getByRole('radio', { name: 'Record' }).check();
  await record.getByRole('button', { name: 'Start recording' }).click();
  await expect(record.getByRole('progressbar', { name: 'Microphone level' })).toBeVisible();
  await expect(record.getByRole('timer', { name: 'Recording length' })).toContainText('0:01');
  await record.getByRole('button', { name: 'Stop recording' }).click();
  await expect(record.getByLabel('Your recording')).toBeVisible();
  expect(await dialogViolations(page)).toEqual([]);
  await record.getByRole('button', { name: 'Add greeting' }).click();
  await expect(page.getByText('Greeting added successfully.').first()).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Recorded hello' })).toContainText('App only');

  // Uploaded: a WAV file.
  await page.getByRole('button', { name: 'New greeting' }).click();
  const upload = page.getByRole('dialog', { name: 'New greeting' });
  await upload.getByRole('radio', { name: 'Upload a file' }).check();
  await upload.locator('input[type="file"]').setInputFiles({
    name: 'hold-tone.wav',
    mimeType: 'audio/wav',
    buffer: silentWav(),
  });
  await upload.getByRole('button', { name: 'Add greeting' }).click();
  await expect(page.getByText('Greeting added successfully.').first()).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'hold-tone' })).toContainText('WAV file');

  // Deleted after a confirmation.
  await table.getByRole('button', { name: 'Delete Welcome line' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete greeting' });
  await expect(confirm).toContainText('Welcome line');
  await confirm.getByRole('button', { name: 'Delete greeting' }).click();
  await expect(page.getByText('Greeting deleted successfully.')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Welcome line' })).toHaveCount(0);
});

test('blocks: the owner blocks a number everywhere and one on a single number, searches, and removes a block', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signedIn(page, 'owner@demo.test', '/blocks');
  await expect(page.getByRole('heading', { name: 'Blocks', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Blocked numbers' });

  // §5: an invalid number is refused before anything is sent.
  await page.getByRole('button', { name: 'Block a number' }).click();
  const dialog = page.getByRole('dialog', { name: 'Block a number' });
  const target = dialog.getByRole('textbox', { name: 'Phone number to block' });
  await target.fill('12345');
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(dialog.getByText('Enter a valid phone number to block.')).toBeVisible();

  // On every number: any common format, shown formatted.
  await target.fill('646.555.0199');
  await expect(dialog.getByText('Calls from (646) 555-0199 will be rejected.')).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Block on', exact: true })).toHaveValue(
    'All numbers of the company',
  );
  expect(await dialogViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(page.getByText('Number blocked.')).toBeVisible();
  const everywhere = table.getByRole('row').filter({ hasText: '(646) 555-0199' });
  await expect(everywhere).toContainText('All numbers');
  await expect(everywhere).toContainText('Olivia Owner');
  await expect(everywhere).toContainText(/\w{3} \d{1,2}, \d{4}/);

  // On one number: the first of the company's numbers.
  await page.getByRole('button', { name: 'Block a number' }).click();
  const second = page.getByRole('dialog', { name: 'Block a number' });
  await second.getByRole('textbox', { name: 'Phone number to block' }).fill('(212) 555-0123');
  await second.getByRole('combobox', { name: 'Block on', exact: true }).click();
  const firstNumber = page.getByRole('option').nth(1);
  const numberLabel = ((await firstNumber.textContent()) ?? '').trim();
  expect(numberLabel).toMatch(/^\(\d{3}\) \d{3}-\d{4}/);
  await firstNumber.click();
  await second.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(page.getByText('Number blocked.').first()).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: '(212) 555-0123' })).toContainText(numberLabel);
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, 'blocks');

  // Search by digits in any format.
  const search = page.getByRole('searchbox', { name: 'Search blocked numbers' });
  await search.fill('646-555');
  await expect(table.getByRole('row').filter({ hasText: '(212) 555-0123' })).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: '(646) 555-0199' })).toHaveCount(1);
  await search.fill('');

  // An agent may block but not remove, and is told who can.
  const agent = await asAgent(browser, '/blocks');
  const agentTable = agent.getByRole('table', { name: 'Blocked numbers' });
  await expect(agentTable.getByRole('row').filter({ hasText: '(646) 555-0199' })).toBeVisible();
  await expect(agent.getByRole('note')).toContainText('only owners and administrators can remove a block');
  await expect(agentTable.getByRole('button', { name: /^Remove the block/ })).toHaveCount(0);
  await agent.context().close();

  // Removed after a confirmation.
  await table.getByRole('button', { name: 'Remove the block on (646) 555-0199' }).click();
  const confirm: Locator = page.getByRole('dialog', { name: 'Remove block' });
  await expect(confirm).toContainText('Calls from (646) 555-0199 will ring');
  await confirm.getByRole('button', { name: 'Remove block' }).click();
  await expect(page.getByText('Block removed.')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: '(646) 555-0199' })).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: '(212) 555-0123' })).toHaveCount(1);
});
