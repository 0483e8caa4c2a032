/** The shell: company switching, users and invitations, API keys, and an accessibility check (axe). */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { expectSignedIn, keepScreenshot, signInThroughUi } from './helpers';
import { serverForThisFile } from './server';

const server = serverForThisFile();

test('switching company changes the data shown', async ({ page }) => {
  await signInThroughUi(page, server.url, 'owner@demo.test');
  await expectSignedIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  const users = page.getByRole('table', { name: 'Users' });
  await expect(users.getByText('agent@demo.test')).toBeVisible();
  await keepScreenshot(page, 'shell-users');

  await page.getByRole('combobox', { name: 'Company' }).click();
  await page.getByRole('option', { name: 'Demo Realty' }).click();
  await expect(users.getByText('owner@demo.test')).toBeVisible();
  await expect(users.getByText('agent@demo.test')).toHaveCount(0);
});

test('an admin invites someone and resends the invitation', async ({ page }) => {
  await signInThroughUi(page, server.url, 'admin@demo.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill('new.agent@demo.test');
  await page.getByRole('textbox', { name: 'Name' }).fill('New Agent');
  await page.getByRole('button', { name: 'Invite' }).click();
  const invitations = page.getByRole('table', { name: 'Invitations' });
  await expect(invitations.getByText('new.agent@demo.test')).toBeVisible();
  await page.getByRole('button', { name: 'Resend invitation to new.agent@demo.test' }).click();
  await expect(page.getByText('Invitation was successfully resent')).toBeVisible();
});

test('an admin deactivates and activates a user (§8 "User accounts updated successfully")', async ({
  page,
}) => {
  await signInThroughUi(page, server.url, 'admin@demo.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'Deactivate Reese Reporting' }).click();
  await expect(page.getByText('User accounts updated successfully').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activate Reese Reporting' })).toBeVisible();
  await page.getByRole('button', { name: 'Activate Reese Reporting' }).click();
  await expect(page.getByRole('button', { name: 'Deactivate Reese Reporting' })).toBeVisible();
});

test('an API key is shown once, then works as a bearer token', async ({ page }) => {
  await signInThroughUi(page, server.url, 'agent@demo.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API keys' }).click();
  await expect(page.getByText('No API keys yet')).toBeVisible();
  await page.getByLabel('Key name').fill('Zapier');
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your new API key' });
  const token = (await dialog.locator('pre, code').first().innerText()).trim();
  expect(token).toMatch(/^sbp_/);
  const me = await server.api('GET', '/user', undefined, token);
  expect(me.body.email).toBe('agent@demo.test');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Revoke Zapier' }).click();
  await expect(page.getByText('No API keys yet')).toBeVisible();
  expect((await server.api('GET', '/user', undefined, token)).status).toBe(401);
});

test('sign-in and the shell have no serious accessibility violations', async ({ page }) => {
  await page.goto(`${server.url}/sign-in`);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const signIn = await new AxeBuilder({ page }).analyze();
  expect(
    signIn.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help}`),
  ).toEqual([]);

  await signInThroughUi(page, server.url, 'owner@demo.test');
  await expectSignedIn(page);
  // An owner lands on the inbox (issue 17 "Landing by role", landing.spec.ts); the shell is checked on Profile.
  await expect(page).toHaveURL(`${server.url}/inbox`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await keepScreenshot(page, 'shell-profile');
  const shell = await new AxeBuilder({ page }).analyze();
  expect(
    shell.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) =>
        v.nodes.map((n) => `${v.id}: ${n.html.slice(0, 120)} ${n.any.map((a) => a.message).join(' ')}`),
      ),
  ).toEqual([]);
});

test('a platform admin signs in as a user (§4 Admin login) and returns', async ({ page }) => {
  await signInThroughUi(page, server.url, 'superadmin@demo.test');
  await expectSignedIn(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'Sign in as Aria Agent' }).click();
  await expect(page.getByText('Signed in as Aria Agent by an administrator')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Return to my account' }).click();
  await expect(page.getByText('Signed in as Aria Agent by an administrator')).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
});

test("an organization admin sees and manages the organization's admins", async ({ page }) => {
  await signInThroughUi(page, server.url, 'orgadmin@demo.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  const admins = page.getByRole('table', { name: 'Organization admins' });
  await expect(admins.getByText('orgadmin@demo.test')).toBeVisible();
  await page.getByRole('button', { name: 'Remove orgadmin@demo.test as organization admin' }).click();
  await expect(page.getByText('Failed to remove Organization Admin')).toBeVisible();
  // Adding someone invites them (issue 33): the screen says so, and lists the invitation until it is accepted.
  await page.getByLabel('Admin email').fill('admin@demo.test');
  await page.getByRole('button', { name: 'Invite organization admin' }).click();
  await expect(page.getByText('Invitation sent to admin@demo.test.')).toBeVisible();
  await expect(admins.getByText('admin@demo.test', { exact: true })).toBeVisible();
  await expect(admins.getByText(/not yet accepted/)).toBeVisible();
});
