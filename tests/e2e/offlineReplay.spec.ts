/**
 * Offline replay is the contract's, not one screen's: an admin edits five records with the browser offline (two
 * contacts, a note, a group and a new label), while someone else changes one of those contacts on the server.
 * When the connection is back the changes are replayed in order: the four others land exactly once — the note's
 * first answer is even lost on the way back, and its repeat (same Idempotency-Key) is not applied again — and the
 * admin is told which contact conflicted, which keeps the other person's change.
 */
import { expect, type Page, test } from '@playwright/test';
import { QUEUED_OFFLINE } from '../../shared/domain/messages';
import { demoMotorsAs, expectSignedIn, signInThroughUi } from './helpers';
import { serverForThisFile } from './server';

const server = serverForThisFile();
let adminToken = '';
let companyId = 0;

test.beforeAll(async () => {
  ({ token: adminToken, companyId } = await demoMotorsAs(server, 'admin@demo.test'));
});

async function made(method: string, path: string, body: unknown) {
  const response = await server.api(method, path, body, adminToken);
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
  return response.body as { id: number; name: string };
}

/** The page's window, as the step below uses it (these programs are typed without the DOM). */
interface PageWindow {
  history: { pushState(state: unknown, unused: string, url: string): void };
  dispatchEvent(event: unknown): boolean;
  PopStateEvent: new (type: string) => unknown;
}

/** Moves within the app, as its own links do: the page (and its cache) stays, no request for a document. */
async function goTo(page: Page, path: string) {
  await page.evaluate((to) => {
    const view = globalThis as unknown as PageWindow;
    view.history.pushState({}, '', to);
    view.dispatchEvent(new view.PopStateEvent('popstate'));
  }, path);
}

test('five edits made offline replay once each, and the one that met someone else’s change is named', async ({
  page,
  context,
}) => {
  const run = Date.now();
  const carla = await made('POST', `/contacts?companyId=${companyId}`, {
    name: 'Carla Conflict',
    number: '+1 907 555 0161',
  });
  const bram = await made('POST', `/contacts?companyId=${companyId}`, {
    name: 'Bram Offline',
    number: '+1 907 555 0162',
  });
  const group = await made('POST', `/groups?companyId=${companyId}`, { name: `Replay group ${run}` });
  const note = `Called from the train, no signal ${run}`;
  const label = `Offline label ${run}`;

  // Online: the screens about to be used offline are opened once, so they (and their data) are at hand.
  await signInThroughUi(page, server.url, 'admin@demo.test');
  await expectSignedIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Groups' }).click();
  await expect(page.getByRole('button', { name: `Rename ${group.name}` })).toBeVisible();
  await goTo(page, `/contacts/${carla.id}`);
  await expect(page.getByRole('heading', { name: 'Carla Conflict', level: 1 })).toBeVisible();
  await goTo(page, `/contacts/${bram.id}`);
  await expect(page.getByRole('heading', { name: 'Bram Offline', level: 1 })).toBeVisible();

  await context.setOffline(true);
  // Meanwhile, someone else changes Carla on the server.
  const owner = await server.tokenFor('owner@demo.test');
  const changed = await server.api('PATCH', `/contacts/${carla.id}`, { name: 'Carla by Olivia' }, owner);
  expect(changed.status).toBe(200);

  // 1–2: Bram renamed, and a note on him.
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Bram Replayed');
  await page.getByRole('button', { name: 'Save contact' }).click();
  await expect(page.getByRole('heading', { name: 'Bram Replayed', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Add note' }).fill(note);
  await page.getByRole('button', { name: 'Add note' }).click();

  // 3: Carla renamed, from what this page last saw of her.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Carla Conflict', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Carla Offline');
  await page.getByRole('button', { name: 'Save contact' }).click();

  // 4–5: the group renamed and a label created; each dialog closes by itself once its change is kept on this
  // device, and the admin is told it will be sent when back online.
  await page.goBack();
  await page.getByRole('button', { name: `Rename ${group.name}` }).click();
  const rename = page.getByRole('dialog', { name: 'Rename group' });
  await rename.getByRole('textbox', { name: 'Name' }).fill(`${group.name} renamed`);
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename).toBeHidden();
  await expect(page.getByText(QUEUED_OFFLINE)).toBeVisible();
  await page.getByRole('button', { name: 'New label' }).click();
  const create = page.getByRole('dialog', { name: 'New label' });
  await create.getByRole('textbox', { name: 'Label' }).fill(label);
  await create.getByRole('button', { name: 'Create label' }).click();
  await expect(create).toBeHidden();

  // The note reaches the server when the connection is back, but its answer is lost on the way back: the app
  // sends it again with the same Idempotency-Key, and the server answers the first answer without a second note.
  let noteAnswerLost = false;
  await page.route('**/api/notes', async (route) => {
    if (noteAnswerLost || route.request().method() !== 'POST') return route.fallback();
    noteAnswerLost = true;
    await route.fetch();
    await route.abort('failed');
  });
  await context.setOffline(false);

  await expect(
    page.getByText(
      'The contact “Carla Conflict” was changed by someone else after you edited it offline; your change was not saved.',
    ),
  ).toBeVisible({ timeout: 45_000 });

  // Checked through the API: the four others landed, once each; Carla kept the other person's change.
  const labelsNamed = async () =>
    (
      (await server.api('GET', `/companies/${companyId}/contactLabels`, undefined, adminToken)).body as {
        label: string;
      }[]
    ).filter((each) => each.label === label).length;
  await expect.poll(labelsNamed, { timeout: 20_000 }).toBe(1);
  const groups = (await server.api('GET', `/groups?companyId=${companyId}`, undefined, adminToken)).body as {
    id: number;
    name: string;
  }[];
  expect(groups.find((each) => each.id === group.id)?.name).toBe(`${group.name} renamed`);
  const bramNow = (await server.api('GET', `/contacts/${bram.id}`, undefined, adminToken)).body;
  expect(bramNow.name).toBe('Bram Replayed');
  expect(noteAnswerLost).toBe(true);
  expect(bramNow.note_records.filter((each: { body: string }) => each.body === note)).toHaveLength(1);
  const carlaNow = (await server.api('GET', `/contacts/${carla.id}`, undefined, adminToken)).body;
  expect(carlaNow.name).toBe('Carla by Olivia');
});
