/**
 * Billing end to end, against the real server on the sandbox provider (issue 23: "the owner adds a test card, sees
 * usage and invoices, meets the past-due banner, retries"). The owner of Demo Motors (seeded on Premium, monthly,
 * with four paid invoices) opens Billing, sees the plan, the usage meters and the invoices, and replaces the card
 * with the sandbox's declined test card through the payment form — whose card number never leaves the page (every
 * request is checked). The sandbox's test clock then renews the period: declined, the account is past due and the
 * banner says so on every screen with the balance (§8, §9 USD); an agent of the company meets the notice too,
 * without the sum. A good card is saved ("still past due"), Retry payment settles the balance and the banner goes.
 * The billing screen has no accessibility violation axe can find.
 */
import { expect, type Page, test } from '@playwright/test';
import { demoMotorsAs, expectSignedIn, keepScreenshot, signInThroughUi } from './helpers';
import { axeViolations } from './screenCheck';
import { serverForThisFile } from './server';

const server = serverForThisFile();

const CARD_NUMBERS = ['4242424242424242', '4000000000000002', '4000000000003220'];
const PAST_DUE =
  'Your account has an outstanding balance of $149. Please update your payment info to reactivate your account.';

const PAST_DUE_FOR_OTHERS =
  "This account's payment is past due: buying numbers, sending campaigns and paid registrations wait until the account owner updates the payment info.";

async function addCard(page: Page, number: string) {
  await page.getByRole('button', { name: /^(Update|Add) card$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment method' });
  await dialog.getByRole('textbox', { name: 'Card number' }).fill(number);
  await dialog.getByRole('textbox', { name: 'Expiry' }).fill('12/30');
  await dialog.getByRole('textbox', { name: 'CVC' }).fill('123');
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await expect(dialog).toHaveCount(0);
}

test('the owner adds a test card, sees usage and invoices, meets the past-due banner and retries', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const sent: string[] = [];
  page.on('request', (request) => sent.push(`${request.url()} ${request.postData() ?? ''}`));

  const { token, companyId } = await demoMotorsAs(server, 'owner@demo.test');
  await signInThroughUi(page, server.url, 'owner@demo.test');
  await expectSignedIn(page);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Billing', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Premium (monthly)' })).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText('Visa ending 4242')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Usage this period' })).toBeVisible();
  await expect(page.getByText('Call minutes')).toBeVisible();
  const invoices = page.getByRole('table', { name: 'Invoices' });
  await expect(invoices.getByRole('row')).toHaveCount(5);
  await expect(invoices.getByRole('row').nth(1)).toContainText('$149');
  await expect(invoices.getByRole('row').nth(1)).toContainText('Paid');
  expect(await axeViolations(page)).toEqual([]);

  // The declined test card is saved (saving charges nothing, §8).
  await addCard(page, '4000 0000 0000 0002');
  await expect(
    page.getByText(
      'Your payment info was saved successfully. You will not be charged until the next billing cycle.',
    ),
  ).toBeVisible();
  await expect(page.getByText('Visa ending 0002')).toBeVisible();

  // The sandbox's test clock renews the period now: declined.
  const renewal = await server.api(
    'POST',
    `/company/${companyId}/subscription/sandbox-renew`,
    undefined,
    token,
  );
  expect(renewal.status).toBe(200);
  expect(renewal.body.message).toBe('The renewal was declined: the account is past due.');

  await page.reload();
  const banner = page.getByRole('alert').filter({ hasText: 'Payment past due' });
  await expect(banner).toContainText(PAST_DUE);
  await expect(page.getByText('Payment retry period')).toBeVisible();
  await keepScreenshot(page, 'billing-past-due');
  // On every screen.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Contacts', exact: true })
    .click();
  await expect(banner).toContainText(PAST_DUE);

  // An agent of the company is told too: what waits and who settles it, without the sum or the buttons.
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await signInThroughUi(agent, server.url, 'agent@demo.test');
  await expectSignedIn(agent);
  const agentBanner = agent.getByRole('alert').filter({ hasText: 'Payment past due' });
  await expect(agentBanner).toContainText(PAST_DUE_FOR_OTHERS);
  await expect(agentBanner).not.toContainText('$');
  await expect(agentBanner.getByRole('button')).toHaveCount(0);
  await agentContext.close();

  await banner.getByRole('link', { name: 'Update payment info' }).click();
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();

  await addCard(page, '4242 4242 4242 4242');
  await expect(
    page.getByText(
      'Your payment info was saved, but your account is still past due. Please contact Customer Success.',
    ),
  ).toBeVisible();
  await banner.getByRole('button', { name: 'Retry payment' }).click();
  await expect(page.getByText('Payment received. Your account is active again.')).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(invoices.getByRole('row').nth(1)).toContainText('Paid');

  // The card numbers typed never left the page.
  const leaked = sent.filter((line) =>
    CARD_NUMBERS.some((number) => line.replace(/\s/g, '').includes(number)),
  );
  expect(leaked).toEqual([]);
});
