/**
 * Text-messaging registration end to end, against the real server (issue 23: "completes the registration wizard
 * and sees the approved status"). The owner switches to Demo Realty, opens its seeded 10DLC draft from the
 * Text registration page and resumes the wizard: the business (its website is a page this test serves, which the
 * server is allowed to fetch by SMS_REGISTRATION_TEST_ORIGINS), the contact, the campaign, samples and an opt-in
 * with an uploaded proof, the number; runs the pre-submit check, reads the fees, agrees and submits (§8 message).
 * The sandbox registry's review then finishes at once (`…/sandbox-review`, the sandbox's stand-in for the days a
 * review takes) and the registration's page shows it approved. Each screen has no violation axe can find.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { expectSignedIn, keepScreenshot, signInThroughUi } from './helpers';
import { axeViolations } from './screenCheck';
import { serverForThisFile } from './server';

const POLICY =
  '<html><body><h1>Privacy policy</h1><p>Mobile phone numbers and SMS opt-in data will not be shared or sold ' +
  'to third parties or affiliates for marketing purposes.</p></body></html>';

/** The brand's website: a home page and its privacy policy, on 127.0.0.1 (let through by the server's setting). */
let site: Server;
let siteOrigin = '';
const env: Record<string, string> = {};
// The wizard is many steps; and a busy machine takes a while to start the server (its beforeAll shares this).
test.describe.configure({ timeout: 240_000 });
test.beforeAll(async () => {
  site = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(request.url === '/privacy' ? POLICY : '<html><body>Demo Realty</body></html>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  // Read by the server's start (its beforeAll runs after this one).
  env.SMS_REGISTRATION_TEST_ORIGINS = siteOrigin;
});
test.afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
});

const server = serverForThisFile(env);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function expectNoViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

async function saveAndContinue(page: Page, next: string) {
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { name: next, level: 2, exact: true })).toBeVisible();
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

test('the owner completes the 10DLC wizard and, after the sandbox review, sees it approved', async ({
  page,
}) => {
  await signInThroughUi(page, server.url, 'owner@demo.test');
  await expectSignedIn(page);
  await page.getByRole('combobox', { name: 'Company' }).click();
  await page.getByRole('option', { name: 'Demo Realty' }).click();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Text registration' })
    .click();
  await expect(page.getByRole('heading', { name: 'Text-messaging registration', level: 1 })).toBeVisible();
  await expectNoViolations(page);

  // The seeded draft, resumed.
  await page
    .getByRole('table', { name: 'Registrations' })
    .getByRole('link', { name: /^10DLC \(local numbers\) #/ })
    .click();
  await page.getByRole('link', { name: 'Continue the registration' }).click();
  await expect(page.getByRole('heading', { name: 'Business', level: 2 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Legal business name' })).toHaveValue('Demo Realty Inc.');
  await page.getByRole('textbox', { name: 'EIN (US tax id)' }).fill('98-7654321');
  await page.getByRole('textbox', { name: 'Website' }).fill(siteOrigin);
  await expectNoViolations(page);
  await saveAndContinue(page, 'Contact');

  await page.getByRole('textbox', { name: 'Business email' }).fill('hello@demo-realty.test');
  await page.getByRole('textbox', { name: 'Business phone' }).fill('+13055550110');
  await page.getByRole('textbox', { name: 'Street' }).fill('1 Ocean Dr');
  await page.getByRole('textbox', { name: 'City' }).fill('Miami');
  await page.getByRole('textbox', { name: 'State' }).fill('FL');
  await page.getByRole('textbox', { name: 'Postal code' }).fill('33139');
  await page.getByRole('textbox', { name: 'Contact first name' }).fill('Olivia');
  await page.getByRole('textbox', { name: 'Contact last name' }).fill('Owner');
  await saveAndContinue(page, 'Campaign');

  await page
    .getByRole('textbox', { name: 'What the campaign sends' })
    .fill('Showing confirmations and follow-ups for people who asked Demo Realty about a listing.');
  await page
    .getByRole('textbox', { name: 'How people opt in' })
    .fill('Buyers opt in on the showing request form on our website by ticking the SMS consent box.');
  await page.getByRole('textbox', { name: 'Privacy policy address' }).fill(`${siteOrigin}/privacy`);
  await expectNoViolations(page);
  await saveAndContinue(page, 'Opt-in & samples');

  await page
    .getByRole('textbox', { name: 'Sample message 1' })
    .fill('Demo Realty: your showing is confirmed for 3pm. Reply STOP to opt out.');
  await page
    .getByRole('textbox', { name: 'Sample message 2' })
    .fill('Demo Realty: new listings near you this week. Reply STOP to opt out.');
  await page.getByRole('button', { name: 'Add an opt-in method' }).click();
  await page
    .getByRole('textbox', { name: 'Opt-in 1: describe it' })
    .fill('The showing request form has an unticked SMS consent box with our terms.');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'form.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('link', { name: 'form.png' })).toBeVisible();
  await expectNoViolations(page);
  await saveAndContinue(page, 'Numbers');

  await choose(page, 'Add numbers', 'Main line +13055550110');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Numbers have been successfully added to the campaign.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Numbers in this registration' })).toContainText(
    '+13055550110',
  );
  await saveAndContinue(page, 'Check & submit');

  await page.getByRole('button', { name: 'Run the check' }).click();
  // The contact is not on the website's domain (the test site is an address): a warning, not a reason to reject.
  const findings = page.getByRole('list', { name: 'Check findings' });
  await expect(findings).toContainText('Should fix');
  await expect(findings).not.toContainText('Must fix');
  await expect(page.getByRole('table', { name: 'Fees due today' })).toContainText('$21');
  await expectNoViolations(page);
  await keepScreenshot(page, 'registration-check');
  await page.getByRole('checkbox', { name: 'I agree to pay $21 today for this registration' }).check();
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Your SMS Verification has been submitted successfully.')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^10DLC registration #\d+$/ })).toBeVisible();
  await expect(page.getByLabel('Registration status: Submitted')).toBeVisible();

  // The sandbox registry takes minutes to days; its sandbox-only shortcut finishes the review now.
  const id = Number(/registration\/(\d+)/.exec(page.url())?.[1]);
  const token = await server.tokenFor('owner@demo.test');
  const me = await server.api('GET', '/user', undefined, token);
  const realty = (me.body.companies as { id: number; name: string }[]).find(
    (c) => c.name === 'Demo Realty',
  )?.id;
  const reviewed = await server.api(
    'POST',
    `/companies/${realty}/sms-verification/campaign/${id}/sandbox-review`,
    undefined,
    token,
  );
  expect(reviewed.status).toBe(200);
  expect(reviewed.body.status).toBe('approved');
  await page.reload();
  await expect(page.getByLabel('Registration status: Approved')).toBeVisible();
  await expect(page.getByLabel('Brand status: Approved')).toBeVisible();
  await expect(page.getByLabel('Campaign status: Approved')).toBeVisible();
  await expectNoViolations(page);
  await keepScreenshot(page, 'registration-approved');
});
