/** Enrolling an authenticator app, then signing in with a TOTP code (§5 "one carrying a kind means a second factor"). */
import { expect, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { expectSignedIn, signInThroughUi } from './helpers';
import { serverForThisFile } from './server';

const server = serverForThisFile();
const codeFor = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

test('MFA enrolment, then sign-in with a TOTP code', async ({ page }) => {
  await signInThroughUi(page, server.url, 'admin@demo.test');
  await expectSignedIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  await page.getByRole('button', { name: 'Use an authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('mfa-secret').innerText()).trim();
  await page.getByLabel('Code').fill(codeFor(secret));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByRole('heading', { name: 'Recovery codes' })).toBeVisible();
  await page.getByRole('button', { name: 'I saved them' }).click();

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  await signInThroughUi(page, server.url, 'admin@demo.test');
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not right.')).toBeVisible();
  await page.getByLabel('Code').fill(codeFor(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectSignedIn(page);
});
