/**
 * Saved replies: the list holds the company's shared replies and the caller's own; only owners and
 * administrators create, change or delete shared ones; another user's own reply is invisible (404).
 */
import { SAVED_REPLY_ENDPOINTS as E } from '@shared/api/savedReplies';
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldErrors, sharedTestApp } from '../../testing/testApp';

const t = sharedTestApp();
let motors: number;
beforeAll(() => {
  motors = t.ids.companies.demoMotors;
});

const listUrl = () => `/api/companies/${motors}/savedReplies`;

async function create(email: string, payload: Record<string, unknown>) {
  return t.as(email, { method: 'POST', url: listUrl(), payload });
}

async function list(email: string) {
  const response = await t.as(email, { method: 'GET', url: listUrl() });
  expect(response.statusCode, response.body).toBe(200);
  return E.list.response.parse(response.json()).data;
}

describe('saved replies', () => {
  let shared: number;
  let own: number;

  it('an administrator creates a shared reply; an agent their own', async () => {
    const a = await create('admin@demo.test', {
      title: 'Hours',
      body: 'Hi %%first_name%%, we open at 9.',
      shared: true,
    });
    expect(a.statusCode, a.body).toBe(201);
    shared = E.create.response.parse(a.json()).id;
    expect(a.json()).toMatchObject({ shared: true, editable: true, title: 'Hours' });
    const b = await create('agent@demo.test', { title: '  Address ', body: '1 Main St' });
    expect(b.statusCode, b.body).toBe(201);
    own = b.json().id;
    expect(b.json()).toMatchObject({ shared: false, editable: true, title: 'Address' });
  });

  it('an agent may not create a shared reply', async () => {
    const response = await create('agent@demo.test', { title: 'Nope', body: 'x', shared: true });
    expect(response.statusCode).toBe(403);
  });

  it('lists shared replies and the caller’s own, by title', async () => {
    const agent = await list('agent@demo.test');
    expect(agent.map((reply) => [reply.title, reply.shared, reply.editable])).toEqual([
      ['Address', false, true],
      ['Hours', true, false],
    ]);
    const agent2 = await list('agent2@demo.test');
    expect(agent2.map((reply) => reply.title)).toEqual(['Hours']);
    const foreign = await t.as('other@demo.test', { method: 'GET', url: listUrl() });
    expect(foreign.statusCode).toBe(404);
  });

  it('its user (or an owner or administrator) changes and deletes a reply; other users get 404', async () => {
    const changed = await t.as('agent@demo.test', {
      method: 'PUT',
      url: `/api/savedReplies/${own}`,
      payload: { title: 'Address', body: '2 Main St', shared: false },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().body).toBe('2 Main St');
    const other = await t.as('agent2@demo.test', { method: 'DELETE', url: `/api/savedReplies/${own}` });
    expect(other.statusCode).toBe(404);
    const byAdmin = await t.as('admin@demo.test', {
      method: 'PUT',
      url: `/api/savedReplies/${own}`,
      payload: { title: 'Address', body: '3 Main St' },
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json()).toMatchObject({ body: '3 Main St', shared: false });
    // Still the agent's own: the admin does not see it in the list.
    expect((await list('admin@demo.test')).map((reply) => reply.title)).toEqual(['Hours']);
    const foreign = await t.as('other@demo.test', { method: 'DELETE', url: `/api/savedReplies/${own}` });
    expect(foreign.statusCode).toBe(404);
    const deleted = await t.as('agent@demo.test', { method: 'DELETE', url: `/api/savedReplies/${own}` });
    expect(deleted.statusCode).toBe(204);
    expect((await list('agent@demo.test')).map((reply) => reply.title)).toEqual(['Hours']);
  });

  it('only an owner or administrator changes or deletes a shared reply', async () => {
    const payload = { title: 'Hours', body: 'We open at 8.', shared: true };
    const agent = await t.as('agent@demo.test', {
      method: 'PUT',
      url: `/api/savedReplies/${shared}`,
      payload,
    });
    expect(agent.statusCode).toBe(403);
    const agentDelete = await t.as('agent@demo.test', {
      method: 'DELETE',
      url: `/api/savedReplies/${shared}`,
    });
    expect(agentDelete.statusCode).toBe(403);
    const owner = await t.as('owner@demo.test', {
      method: 'PUT',
      url: `/api/savedReplies/${shared}`,
      payload,
    });
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json()).toMatchObject({ body: 'We open at 8.', shared: true, editable: true });
    const deleted = await t.as('admin@demo.test', { method: 'DELETE', url: `/api/savedReplies/${shared}` });
    expect(deleted.statusCode).toBe(204);
  });

  it('an agent may not share their own reply by editing it', async () => {
    const created = await create('agent@demo.test', { title: 'Mine', body: 'x' });
    const response = await t.as('agent@demo.test', {
      method: 'PUT',
      url: `/api/savedReplies/${created.json().id}`,
      payload: { title: 'Mine', body: 'x', shared: true },
    });
    expect(response.statusCode).toBe(403);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no title', { title: ' ', body: 'x' }, 'title'],
    ['no body', { title: 'x', body: '' }, 'body'],
    ['a long title', { title: 'x'.repeat(101), body: 'x' }, 'title'],
    ['a long body', { title: 'x', body: 'x'.repeat(1001) }, 'body'],
    ['a non-boolean shared', { title: 'x', body: 'x', shared: 'yes' }, 'shared'],
  ])('422 for %s', async (_label, payload, field) => {
    const response = await create('agent@demo.test', payload);
    expect(response.statusCode, response.body).toBe(422);
    expect(fieldErrors(response)).toHaveProperty([field]);
  });

  it('a reporting user may not use saved replies', async () => {
    const response = await t.as('reporting@demo.test', { method: 'GET', url: listUrl() });
    expect(response.statusCode).toBe(403);
  });
});
