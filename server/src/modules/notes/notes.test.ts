/**
 * §7 Notes: added to a record of a company the caller may write contacts in; changed or deleted by their author
 * or by an owner or administrator. Contacts here are the test's own (numbers in 206).
 */
import { NOTE_ENDPOINTS } from '@shared/api/notes';
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldErrors, sharedTestApp } from '../../testing/testApp';

const t = sharedTestApp();
let motors: number;
let other: number;
let contactId: number;
let foreignContactId: number;
beforeAll(async () => {
  ({ demoMotors: motors, otherCo: other } = t.ids.companies);
  const own = await t.as('admin@demo.test', {
    method: 'POST',
    url: `/api/contacts?companyId=${motors}`,
    payload: { name: 'Note Subject', number: '(206) 555-6001' },
  });
  contactId = own.json().id;
  const foreign = await t.as('other@demo.test', {
    method: 'POST',
    url: `/api/contacts?companyId=${other}`,
    payload: { name: 'Foreign Subject', number: '(206) 555-6002' },
  });
  foreignContactId = foreign.json().id;
});

async function addNote(email: string, payload: Record<string, unknown>) {
  return t.as(email, { method: 'POST', url: '/api/notes', payload });
}

async function noteBy(email: string, body = 'A note') {
  const response = await addNote(email, { model_type: 'contact', model_id: contactId, body });
  expect(response.statusCode, response.body).toBe(201);
  return NOTE_ENDPOINTS.create.response.parse(response.json());
}

describe('POST /notes', () => {
  it('adds a note to a contact, with its author', async () => {
    const note = await noteBy('agent@demo.test', '  Called back, wants a quote  ');
    expect(note).toMatchObject({
      model_type: 'contact',
      model_id: contactId,
      body: 'Called back, wants a quote',
      user: { id: t.ids.users['agent@demo.test'], name: 'Aria Agent' },
    });
  });

  it.each<[string, string, Record<string, unknown>, number, string?]>([
    [
      'an unknown kind of record',
      'agent@demo.test',
      { model_type: 'invoice', model_id: 1, body: 'x' },
      422,
      'model_type',
    ],
    ['no record id', 'agent@demo.test', { model_type: 'contact', body: 'x' }, 422, 'model_id'],
    [
      'a record id that is not positive',
      'agent@demo.test',
      { model_type: 'contact', model_id: -1, body: '' },
      422,
      'model_id',
    ],
    ['a missing contact', 'agent@demo.test', { model_type: 'contact', model_id: 999_999, body: 'x' }, 404],
    ['another company’s contact', 'agent@demo.test', { model_type: 'contact', model_id: 0, body: 'x' }, 404],
    ['a reporting user', 'reporting@demo.test', { model_type: 'contact', model_id: 0, body: 'x' }, 403],
    ['a billing user', 'billing@demo.test', { model_type: 'contact', model_id: 0, body: 'x' }, 403],
  ])('refuses %s', async (what, email, payload, status, field) => {
    const body = { ...payload };
    if (body.model_id === 0) body.model_id = what.includes('another') ? foreignContactId : contactId;
    const response = await addNote(email, body);
    expect(response.statusCode, response.body).toBe(status);
    if (field) expect(fieldErrors(response)[field]).toBeTruthy();
  });

  it('names the kinds of record a note can be on', async () => {
    const response = await addNote('agent@demo.test', {
      model_type: 'invoice',
      model_id: contactId,
      body: 'x',
    });
    expect(fieldErrors(response).model_type).toEqual(['Notes can be added to: contact, conversation.']);
  });

  it('an empty body on a real contact is 422 on body', async () => {
    const response = await addNote('agent@demo.test', {
      model_type: 'contact',
      model_id: contactId,
      body: '   ',
    });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response).body).toEqual(['Write the note.']);
  });

  it('anonymous callers get 401', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/notes',
      payload: { model_type: 'contact', model_id: contactId, body: 'x' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT and DELETE /notes/{id}', () => {
  it.each([
    ['its author', 'agent@demo.test', 200],
    ['another agent', 'agent2@demo.test', 403],
    ['an administrator', 'admin@demo.test', 200],
    ['the owner', 'owner@demo.test', 200],
    ['an organization admin', 'orgadmin@demo.test', 200],
    ['a reporting user', 'reporting@demo.test', 403],
  ] as const)('%s changing an agent’s note → %i', async (_who, email, status) => {
    const note = await noteBy('agent@demo.test', 'Original');
    const response = await t.as(email, {
      method: 'PUT',
      url: `/api/notes/${note.id}`,
      payload: { body: 'Edited' },
    });
    expect(response.statusCode, response.body).toBe(status);
    if (status === 200) {
      const edited = NOTE_ENDPOINTS.update.response.parse(response.json());
      expect(edited).toMatchObject({ body: 'Edited', user: { name: 'Aria Agent' } });
    }
  });

  it.each([
    ['its author', 'agent@demo.test', 204],
    ['another agent', 'agent2@demo.test', 403],
    ['an administrator', 'admin@demo.test', 204],
  ] as const)('%s deleting an agent’s note → %i', async (_who, email, status) => {
    const note = await noteBy('agent@demo.test');
    const response = await t.as(email, { method: 'DELETE', url: `/api/notes/${note.id}` });
    expect(response.statusCode).toBe(status);
  });

  it('says clearly why another person’s note cannot be changed', async () => {
    const note = await noteBy('agent@demo.test');
    const response = await t.as('agent2@demo.test', {
      method: 'PUT',
      url: `/api/notes/${note.id}`,
      payload: { body: 'Mine now' },
    });
    expect(response.json().message).toBe(
      'Only the author of this note, or an owner or administrator, may change it.',
    );
    const detail = await t.as('agent2@demo.test', { method: 'GET', url: `/api/contacts/${contactId}` });
    expect(detail.json().note_records.find((n: { id: number }) => n.id === note.id)?.body).toBe('A note');
  });

  it('another company’s note, or a missing one, is 404', async () => {
    const foreign = await addNote('other@demo.test', {
      model_type: 'contact',
      model_id: foreignContactId,
      body: 'Theirs',
    });
    expect(foreign.statusCode).toBe(201);
    for (const id of [foreign.json().id as number, 999_999]) {
      for (const method of ['PUT', 'DELETE'] as const) {
        const response = await t.as('admin@demo.test', {
          method,
          url: `/api/notes/${id}`,
          payload: method === 'PUT' ? { body: 'Hijacked' } : undefined,
        });
        expect(response.statusCode, `${method} ${id}`).toBe(404);
      }
    }
  });

  it('an empty body is 422', async () => {
    const note = await noteBy('agent@demo.test');
    const response = await t.as('agent@demo.test', {
      method: 'PUT',
      url: `/api/notes/${note.id}`,
      payload: { body: '' },
    });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response).body).toEqual(['Write the note.']);
  });
});
