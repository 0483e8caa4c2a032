/**
 * Offline replay on the server: which writes the contract marks as replayable, and what a replayed change meets —
 * its record's version as last seen (`X-If-Updated-At`) matching → applied; stale → 409 naming the record, and
 * nothing changed; absent → as always; the same Idempotency-Key again → applied once (http/conflicts.ts).
 */
import { CONTRACT } from '@shared/api';
import { type Endpoint, STALE_FIELD, staleRecordMessage, VERSION_HEADER } from '@shared/api/contract';
import { MESSAGING_ENDPOINTS } from '@shared/api/messaging';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { eavAttributes, notes, users } from '../db/schema';
import { sharedTestApp } from '../testing/testApp';

const t = sharedTestApp();
let companyId: number;
beforeAll(() => {
  companyId = t.ids.companies.demoMotors;
});

/** Moves the app's clock on, so the next write stamps a later `updated_at` than the one before. */
let clock = Date.now();
const tick = () => {
  clock += 60_000;
  t.setNow(new Date(clock));
};

const json = <T = Record<string, unknown>>(response: LightMyRequestResponse) => response.json<T>();

async function newContact(name: string, number: string) {
  const response = await t.as('admin@demo.test', {
    method: 'POST',
    url: `/api/contacts?companyId=${companyId}`,
    payload: { name, number },
  });
  expect(response.statusCode).toBe(201);
  return json<{ id: number; updated_at: string; name: string }>(response);
}

const patchContact = (
  id: number,
  name: string,
  headers: Record<string, string> = {},
  as = 'admin@demo.test',
) => t.as(as, { method: 'PATCH', url: `/api/contacts/${id}`, headers, payload: { name } });

const contactName = async (id: number) =>
  json<{ name: string }>(await t.as('admin@demo.test', { method: 'GET', url: `/api/contacts/${id}` })).name;

describe('the contract marks which writes may be replayed', () => {
  const marked = Object.values(CONTRACT).flatMap((table) =>
    Object.values(table as Record<string, Endpoint>).filter((endpoint) => endpoint.replay),
  );

  it('marks the one-record writes of the screens that edit offline', () => {
    const names = marked.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /contacts',
        'PATCH /contacts/{id}',
        'DELETE /contacts/{id}',
        'POST /groups',
        'PATCH /groups/{id}',
        'DELETE /groups/{id}',
        'POST /companies/{companyId}/contactLabels',
        'PATCH /companies/{companyId}/contactLabels/{labelId}',
        'DELETE /companies/{companyId}/contactLabels/{labelId}',
        'POST /notes',
        'PUT /notes/{id}',
        'DELETE /notes/{id}',
        'POST /eavEntityTypes/{type}/eavAttributes',
        'PUT /eavEntityTypes/{type}/eavAttributes/{id}',
        'DELETE /eavAttributes/{id}',
        'PUT /conversations/{id}/read',
        'PUT /conversations/{id}/unread',
        'PUT /conversations/{id}/archive',
        'PUT /conversations/{id}/restore',
        'PUT /conversations/{id}/assign',
        'PUT /numbers/{id}',
        'PUT /companies/{companyId}/schedule',
        'PUT /user',
      ]),
    );
  });

  it('only writes the idempotency hook covers, each naming its record by a path value it has; JSON but for the text send', () => {
    for (const endpoint of marked) {
      const name = `${endpoint.method} ${endpoint.path}`;
      expect(['POST', 'PUT', 'PATCH', 'DELETE'], name).toContain(endpoint.method);
      // A text is queued offline only without files (renderer features/inbox/outbox.ts), so its replay is fields.
      if (endpoint !== MESSAGING_ENDPOINTS.send) expect(endpoint.multipart, name).toBeFalsy();
      const param = endpoint.replay?.param;
      if (param) expect(endpoint.path, name).toContain(`{${param}}`);
    }
  });

  it('accepts the version header from the desktop origin (CORS)', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/contacts/1',
      headers: {
        origin: 'app://switchboard',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': `idempotency-key, ${VERSION_HEADER.toLowerCase()}`,
      },
    });
    const allowed = String(preflight.headers['access-control-allow-headers']).toLowerCase();
    expect(allowed).toContain('idempotency-key');
    expect(allowed).toContain(VERSION_HEADER.toLowerCase());
  });
});

describe('a replayed change of a contact', () => {
  it('lands when the record is as the client last saw it', async () => {
    const contact = await newContact('Vera Version', '+13125550801');
    tick();
    const response = await patchContact(contact.id, 'Vera Matched', { [VERSION_HEADER]: contact.updated_at });
    expect(response.statusCode).toBe(200);
    expect(json(response).name).toBe('Vera Matched');
    expect(json(response).updated_at).not.toBe(contact.updated_at);
  });

  it('is refused with 409 naming the record when someone changed it meanwhile, and changes nothing', async () => {
    const contact = await newContact('Stella Stale', '+13125550802');
    tick();
    expect((await patchContact(contact.id, 'Stella by Olivia', {}, 'owner@demo.test')).statusCode).toBe(200);
    tick();
    const response = await patchContact(contact.id, 'Stella Offline', {
      [VERSION_HEADER]: contact.updated_at,
      'idempotency-key': 'conflict-contact-0001',
    });
    expect(response.statusCode).toBe(409);
    expect(json(response)).toEqual({
      message:
        'This contact was changed by someone else after you edited it offline; your change was not saved.',
      errors: { [STALE_FIELD]: [expect.stringContaining('Changed at')] },
    });
    expect(await contactName(contact.id)).toBe('Stella by Olivia');
  });

  it('without the header behaves as today: the change lands over the other one', async () => {
    const contact = await newContact('Otto Online', '+13125550803');
    tick();
    await patchContact(contact.id, 'Otto by Olivia', {}, 'owner@demo.test');
    tick();
    const response = await patchContact(contact.id, 'Otto Overwritten');
    expect(response.statusCode).toBe(200);
    expect(await contactName(contact.id)).toBe('Otto Overwritten');
  });

  it('repeated with the same Idempotency-Key is applied once: the repeat answers the first answer, not a 409', async () => {
    const contact = await newContact('Rita Replay', '+13125550804');
    tick();
    const send = () =>
      patchContact(contact.id, 'Rita Replayed', {
        [VERSION_HEADER]: contact.updated_at,
        'idempotency-key': 'replay-contact-0001',
      });
    const first = await send();
    expect(first.statusCode).toBe(200);
    tick();
    // The first attempt's answer was lost on the way back; the client sends it again, as it was made.
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(json(again)).toEqual(json(first));
  });

  it('a stale delete is refused and the contact stays; a current one deletes', async () => {
    const contact = await newContact('Dora Delete', '+13125550805');
    tick();
    await patchContact(contact.id, 'Dora Changed', {}, 'owner@demo.test');
    const stale = await t.as('admin@demo.test', {
      method: 'DELETE',
      url: `/api/contacts/${contact.id}`,
      headers: { [VERSION_HEADER]: contact.updated_at },
    });
    expect(stale.statusCode).toBe(409);
    expect(await contactName(contact.id)).toBe('Dora Changed');

    const current = json<{ updated_at: string }>(
      await t.as('admin@demo.test', { method: 'GET', url: `/api/contacts/${contact.id}` }),
    );
    const deleted = await t.as('admin@demo.test', {
      method: 'DELETE',
      url: `/api/contacts/${contact.id}`,
      headers: { [VERSION_HEADER]: current.updated_at },
    });
    expect(deleted.statusCode).toBe(204);
  });

  it('refuses a header that is no time (422), and answers 404, not 409, for another company’s contact', async () => {
    const contact = await newContact('Tess Time', '+13125550806');
    const garbled = await patchContact(contact.id, 'Tess', { [VERSION_HEADER]: 'yesterday-ish' });
    expect(garbled.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: object }>(garbled).errors)).toEqual([VERSION_HEADER]);

    const foreign = await patchContact(
      contact.id,
      'Not yours',
      { [VERSION_HEADER]: '2020-01-01T00:00:00.000Z' },
      'other@demo.test',
    );
    expect(foreign.statusCode).toBe(404);
    expect(await contactName(contact.id)).toBe('Tess Time');
  });
});

describe('other kinds of record', () => {
  it('a note: a create replayed with its key is made once; a stale edit is refused', async () => {
    const contact = await newContact('Nora Notes', '+13125550807');
    const create = () =>
      t.as('admin@demo.test', {
        method: 'POST',
        url: '/api/notes',
        headers: { 'idempotency-key': 'replay-note-create-0001' },
        payload: { model_type: 'contact', model_id: contact.id, body: 'Called back, twice replayed' },
      });
    const first = await create();
    expect(first.statusCode).toBe(201);
    expect((await create()).statusCode).toBe(201);
    const made = await t.ctx.db.select().from(notes).where(eq(notes.model_id, contact.id));
    expect(made).toHaveLength(1);

    const note = json<{ id: number; updated_at: string }>(first);
    tick();
    const edit = (body: string, headers: Record<string, string> = {}) =>
      t.as('admin@demo.test', { method: 'PUT', url: `/api/notes/${note.id}`, headers, payload: { body } });
    expect((await edit('Edited online')).statusCode).toBe(200);
    const stale = await edit('Edited offline', { [VERSION_HEADER]: note.updated_at });
    expect(stale.statusCode).toBe(409);
    expect(json(stale).message).toBe(staleRecordMessage('note'));
    const [kept] = await t.ctx.db.select().from(notes).where(eq(notes.id, note.id));
    expect(kept?.body).toBe('Edited online');
  });

  it('a group: matching lands, stale is refused', async () => {
    const created = await t.as('admin@demo.test', {
      method: 'POST',
      url: `/api/groups?companyId=${companyId}`,
      payload: { name: 'Replay group' },
    });
    const group = json<{ id: number; updated_at: string }>(created);
    tick();
    const rename = (name: string, seen: string) =>
      t.as('admin@demo.test', {
        method: 'PATCH',
        url: `/api/groups/${group.id}`,
        headers: { [VERSION_HEADER]: seen },
        payload: { name },
      });
    const matched = await rename('Replay group renamed', group.updated_at);
    expect(matched.statusCode).toBe(200);
    const stale = await rename('Replay group again', group.updated_at);
    expect(stale.statusCode).toBe(409);
    expect(json(stale).message).toBe(staleRecordMessage('group'));
  });

  it('a custom field: a stale change is refused and the field keeps its name', async () => {
    const created = await t.as('admin@demo.test', {
      method: 'POST',
      url: `/api/eavEntityTypes/7/eavAttributes?companyId=${companyId}`,
      payload: { name: 'Replay score', data_type: 'stringText' },
    });
    expect(created.statusCode).toBe(201);
    const field = json<{ id: number; updated_at: string }>(created);
    const put = (name: string, headers: Record<string, string> = {}) =>
      t.as('admin@demo.test', {
        method: 'PUT',
        url: `/api/eavEntityTypes/7/eavAttributes/${field.id}`,
        headers,
        payload: { name, data_type: 'stringText' },
      });
    // Custom fields are stamped by the database's clock, which moves on by itself.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await put('Replay score (online)')).statusCode).toBe(200);
    const stale = await put('Replay score (offline)', { [VERSION_HEADER]: field.updated_at });
    expect(stale.statusCode).toBe(409);
    expect(json(stale).message).toBe(staleRecordMessage('customField'));
    const [kept] = await t.ctx.db.select().from(eavAttributes).where(eq(eavAttributes.id, field.id));
    expect(kept?.name).toBe('Replay score (online)');
  });

  it('the profile: the caller’s own record, by no path value', async () => {
    const [me] = await t.ctx.db.select().from(users).where(eq(users.email, 'agent2@demo.test'));
    const seen = me?.updated_at.toISOString() ?? '';
    tick();
    const put = (name: string) =>
      t.as('agent2@demo.test', {
        method: 'PUT',
        url: '/api/user',
        headers: { [VERSION_HEADER]: seen },
        payload: { name },
      });
    expect((await put('Andre Offline')).statusCode).toBe(200);
    const stale = await put('Andre Offline Again');
    expect(stale.statusCode).toBe(409);
    expect(json(stale).message).toBe(staleRecordMessage('user'));
  });

  it('a label: a rename seen at its version lands, a stale one is refused and the name stays', async () => {
    const created = await t.as('admin@demo.test', {
      method: 'POST',
      url: `/api/companies/${companyId}/contactLabels`,
      payload: { label: 'Replayed label' },
    });
    const label = json<{ id: number; updated_at: string }>(created);
    tick();
    const rename = (name: string, seen: string) =>
      t.as('admin@demo.test', {
        method: 'PATCH',
        url: `/api/companies/${companyId}/contactLabels/${label.id}`,
        headers: { [VERSION_HEADER]: seen },
        payload: { label: name },
      });
    const matched = await rename('Replayed label, renamed', label.updated_at);
    expect(matched.statusCode).toBe(200);
    expect(json<{ updated_at: string }>(matched).updated_at).not.toBe(label.updated_at);
    const stale = await rename('Replayed label, again', label.updated_at);
    expect(stale.statusCode).toBe(409);
    expect(json(stale).message).toBe(staleRecordMessage('label'));
    const remove = await t.as('admin@demo.test', {
      method: 'DELETE',
      url: `/api/companies/${companyId}/contactLabels/${label.id}`,
      headers: { [VERSION_HEADER]: label.updated_at },
    });
    expect(remove.statusCode).toBe(409);
    const list = await t.as('admin@demo.test', {
      method: 'GET',
      url: `/api/companies/${companyId}/contactLabels`,
    });
    expect(json<{ id: number; label: string }[]>(list).find((row) => row.id === label.id)?.label).toBe(
      'Replayed label, renamed',
    );
  });
});
