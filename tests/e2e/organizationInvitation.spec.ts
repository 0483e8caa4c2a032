/**
 * Accepting an invitation to administer an organization (issue 33, finding 5: adding someone to an organization
 * invites them, and they become an admin by accepting), against the real server: the link is read from the mail
 * in the sandbox outbox and opened signed out; signing in comes back to it with its token, "Accept invitation"
 * makes the person an admin, and "Go to Demo Group" shows them among the organization's admins. Signed in as
 * someone else the page says so and switches account; a replaced link says it is no longer valid; an accepted one
 * says so. The signed-in page is kept in light and dark and checked with axe.
 */
import { expect, type Page, test } from '@playwright/test';
import { keepScreenshot, signInThroughUi } from './helpers';
import { axeViolations } from './screenCheck';
import { DEMO_PASSWORD, serverForThisFile } from './server';

const server = serverForThisFile();

test.use({ viewport: { width: 1280, height: 800 } });

/** Invites `email` to administer Demo Group, as its seeded admin. */
async function inviteToDemoGroup(email: string): Promise<void> {
  const orgAdmin = await server.tokenFor('orgadmin@demo.test');
  const organizations = await server.api('GET', '/business-units', undefined, orgAdmin);
  const demoGroup = (organizations.body.data as { id: number; name: string }[]).find(
    (organization) => organization.name === 'Demo Group',
  );
  expect(demoGroup?.id, 'orgadmin@demo.test administers Demo Group').toEqual(expect.any(Number));
  const invited = await server.api(
    'POST',
    `/business-units/${demoGroup?.id}/business-unit-users`,
    { email },
    orgAdmin,
  );
  expect(invited.status, JSON.stringify(invited.body)).toBe(200);
}

/** The invitation links mailed to `email`, newest first, as paths of the app. */
async function invitationLinks(email: string): Promise<string[]> {
  const platformAdmin = await server.tokenFor('superadmin@demo.test');
  const outbox = await server.api(
    'GET',
    `/sandbox/outbox?channel=mail&to=${encodeURIComponent(email)}`,
    undefined,
    platformAdmin,
  );
  return (outbox.body.data as { body: string }[]).flatMap((mail) => {
    const link = /https?:\/\/\S+\/accept-organization-invitation\?\S+/.exec(mail.body)?.[0];
    return link ? [new URL(link).pathname + new URL(link).search] : [];
  });
}

/** Signs in on the sign-in page the app is on now (so its way back is kept). */
async function signInHere(page: Page, email: string): Promise<void> {
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The page as it is now, in light then dark: a picture kept of each and no axe violation in either. */
async function keepInLightAndDark(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await keepScreenshot(page, `${name}-${scheme}`);
    expect(await axeViolations(page), `${name} in ${scheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the mailed link, opened signed out: sign in, accept, and administer the organization', async ({
  page,
}) => {
  await inviteToDemoGroup('other@demo.test');
  const [link] = await invitationLinks('other@demo.test');
  expect(link, 'the invitation mail has its link').toMatch(/^\/accept-organization-invitation\?token=\S+$/);

  // Signed out: what the page is, without saying what the invitation is to (the link alone proves nobody).
  await page.goto(`${server.url}${link}`);
  await expect(page.getByRole('heading', { name: 'Invitation to administer an organization' })).toBeVisible();
  await expect(page.getByText('Sign in to accept your invitation.')).toBeVisible();
  await expect(page.getByText('Demo Group')).toHaveCount(0);
  await keepScreenshot(page, 'accept-organization-invitation-signed-out');
  await page.getByRole('link', { name: 'Sign in' }).click();

  // Signing in brings the person back to the link, token and all.
  await signInHere(page, 'other@demo.test');
  await expect(page).toHaveURL(`${server.url}${link}`);
  const accept = page.getByRole('button', { name: 'Accept invitation' });
  await expect(accept).toBeVisible();
  await expect(page.getByText('Signed in as Otto Other (other@demo.test).')).toBeVisible();
  await keepInLightAndDark(page, 'accept-organization-invitation');

  // By keyboard: the button is the page's first stop.
  await page.keyboard.press('Tab');
  await expect(accept).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText('You are now an admin of Demo Group.');
  await keepInLightAndDark(page, 'accept-organization-invitation-accepted');

  const goToOrganization = page.getByRole('link', { name: 'Go to Demo Group' });
  await page.keyboard.press('Tab');
  await expect(goToOrganization).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${server.url}/users`);
  await expect(page.getByRole('combobox', { name: 'Company' })).toHaveValue('Demo Motors');
  const admins = page.getByRole('table', { name: 'Organization admins' });
  await expect(admins.getByText('other@demo.test', { exact: true })).toBeVisible();
  await expect(admins.getByText(/not yet accepted/)).toHaveCount(0);

  // The link works once.
  await page.goto(`${server.url}${link}`);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByRole('alert')).toHaveText('This invitation was already accepted.');
});

test('signed in as someone else: the page says who, and switching account accepts as the invited person', async ({
  page,
}) => {
  await inviteToDemoGroup('agent2@demo.test');
  const [link] = await invitationLinks('agent2@demo.test');
  await signInThroughUi(page, server.url, 'agent@demo.test');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  await page.goto(`${server.url}${link}`);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  const refusal = page.getByRole('alert');
  await expect(refusal).toContainText('This invitation was sent to another e-mail address.');
  await expect(refusal).toContainText('You are signed in as Aria Agent (agent@demo.test).');
  await keepScreenshot(page, 'accept-organization-invitation-other-person');
  await page.getByRole('button', { name: 'Sign out and switch account' }).click();

  await signInHere(page, 'agent2@demo.test');
  await expect(page).toHaveURL(`${server.url}${link}`);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByRole('status')).toHaveText('You are now an admin of Demo Group.');
});

test('a link replaced by a newer invitation is no longer valid, and says to ask for a new one', async ({
  page,
}) => {
  await inviteToDemoGroup('billing@demo.test');
  await inviteToDemoGroup('billing@demo.test');
  const [newer, replaced] = await invitationLinks('billing@demo.test');
  expect(replaced, 'the first of two invitation mails').toMatch(
    /^\/accept-organization-invitation\?token=\S+$/,
  );
  expect(replaced, 'a different link from the newer mail').not.toBe(newer);
  await signInThroughUi(page, server.url, 'billing@demo.test');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  await page.goto(`${server.url}${replaced}`);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This invitation link is no longer valid: a newer invitation replaced it, or it was withdrawn. Ask the person who invited you to send a new one.',
  );
  await expect(page.getByRole('button', { name: 'Accept invitation' })).toHaveCount(0);
});
