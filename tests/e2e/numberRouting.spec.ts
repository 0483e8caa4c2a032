/**
 * Routing a new number end to end, against the real server and its sandbox carrier and telephone network: the
 * owner buys a number (area code 312, ending in CARS), opens it from the Numbers list, sets its hours to 24/7,
 * routes extension 1 to an agent in the app and extension 2 to voicemail, and saves. A sandbox caller then dials
 * the number and presses 1: the agent's phone panel, signed in in another browser, rings.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectSignedIn, keepScreenshot, signInThroughUi } from './helpers';
import { axeViolations } from './screenCheck';
import { serverForThisFile } from './server';

const server = serverForThisFile();

async function choose(
  page: Page,
  scope: ReturnType<Page['getByRole']> | Page,
  label: string,
  option: string,
) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the owner routes a bought number to an agent in the app, and a call to it rings the agent', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const owner = await server.tokenFor('owner@demo.test');
  const me = await server.api('GET', '/user', undefined, owner);
  const companyId = me.body.companies[0].id as number;
  const agent = await server.tokenFor('agent@demo.test');
  await server.api('POST', `/companies/${companyId}/in-app-calling/status`, { status: 'active' }, agent);

  await signInThroughUi(page, server.url, 'owner@demo.test');
  await expectSignedIn(page);

  // Buy a number ending in CARS (2277).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Numbers' }).click();
  await page.getByRole('link', { name: 'Buy numbers' }).first().click();
  await page.getByRole('textbox', { name: 'Area code' }).fill('312');
  await page.getByRole('textbox', { name: 'Pattern' }).fill('CARS');
  await page.getByRole('radiogroup', { name: 'Search mode' }).getByText('Ends with', { exact: true }).click();
  await page.getByRole('button', { name: 'Search numbers' }).click();
  const row = page
    .getByRole('table', { name: 'Available numbers' })
    .getByRole('row')
    .filter({ has: page.getByText(/^\+1 \(312\) \d{3}CARS$/) })
    .first();
  const formatted = ((await row.getByText(/^\(312\) \d{3}-2277$/).textContent()) ?? '').trim();
  expect(formatted).toMatch(/^\(312\) \d{3}-2277$/);
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  await expect(page.getByText('Number bought')).toBeVisible();
  const e164 = `+1${formatted.replace(/\D/g, '')}`;

  // Open it from the list.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Numbers' }).click();
  await page.getByRole('searchbox', { name: 'Search numbers' }).fill(formatted);
  await page.getByRole('table', { name: 'Numbers' }).getByRole('link', { name: formatted }).click();
  await expect(page.getByRole('heading', { name: formatted, level: 1 })).toBeVisible();

  // Open all day, every day.
  await choose(page, page, 'Hours', '24/7');
  await expect(page.getByRole('combobox', { name: 'Monday opens', exact: true })).toHaveValue('All Day');
  await expect(page.getByRole('combobox', { name: 'Sunday closes', exact: true })).toHaveValue('All Day');
  await page.getByRole('button', { name: 'Save hours' }).click();
  await expect(page.getByText('The number has been updated').first()).toBeVisible();

  // Extension 1 (the bought number's voicemail) rings Aria in the app; a new extension 2 takes voicemail.
  const first = page.getByRole('group', { name: 'Extension 1' });
  await choose(page, first, 'Forward type', 'In-app calling');
  await first.getByRole('combobox', { name: 'Agents', exact: true }).click();
  await page.getByRole('option', { name: 'Aria Agent' }).click();
  await page.keyboard.press('Escape');
  await first.getByLabel('Extension label', { exact: true }).fill('Sales');
  await expect(first.getByRole('note')).toHaveText(
    'Rings Sales agents (Aria Agent) in the app for 20 s, then voicemail',
  );

  await page.getByRole('button', { name: 'Add extension' }).click();
  const second = page.getByRole('group', { name: 'Extension 2' });
  await choose(page, second, 'Forward type', 'Voicemail');
  await expect(second.getByRole('note')).toHaveText('Goes straight to voicemail');
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, 'number-routing');
  await page.getByRole('button', { name: 'Save routing' }).click();
  await expect(page.getByText('The number has been updated').first()).toBeVisible();

  const saved = await server.api('GET', `/numbers/list/${page.url().split('/').pop()}`, undefined, owner);
  expect(saved.body.schedule).toMatchObject({ preset: 1 });
  expect(saved.body.routes).toMatchObject([
    { extension: 1, type: 'in-app-calling', label: 'Sales', voicemail_enabled: false },
    { extension: 2, type: 'voicemail' },
  ]);

  // The agent, in a browser of their own, is rung when a caller picks extension 1.
  const context = await browser.newContext({ permissions: ['microphone', 'notifications'] });
  const agentPage = await context.newPage();
  await signInThroughUi(agentPage, server.url, 'agent@demo.test');
  await expectSignedIn(agentPage);
  const phone = agentPage.getByRole('complementary', { name: 'Phone' });
  await expect(phone.getByRole('status', { name: 'Reachable' })).toBeVisible();

  const placed = await server.api('POST', '/sandbox/calls', { from: '+12125550177', to: e164 }, owner);
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const pressed = await server.api('POST', `/sandbox/calls/${placed.body.id}/digits`, { digits: '1' }, owner);
  expect(pressed.status, JSON.stringify(pressed.body)).toBe(200);
  await expect(phone.getByRole('region', { name: 'Incoming call from (212) 555-0177' })).toBeVisible();
  await keepScreenshot(agentPage, 'number-routing-rings-agent');
  await server.api('POST', `/sandbox/calls/${placed.body.id}/hangup`, {}, owner);
  await context.close();
});
