/**
 * The outside probe's findings (the security issue), each replayed as it was reported and kept closed. Each
 * `describe` names its finding; the rules they prove are written in docs/permissions.md and docs/decisions.md.
 * (Finding 4, the UI's headers, is in ui.test.ts; 5, CORS methods, in platform.test.ts and the desktop e2e; 6,
 * exports, in the access matrix, which reads docs/permissions.md.)
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { calls, contacts, conversationItems, conversations, greetings, voicemails } from '../db/schema';
import { signGreetingUrl, signMediaUrl, signRecordingUrl } from '../modules/media/urls';
import { multipart } from '../modules/messaging/testing';
import { DEMO_PASSWORD } from '../seed/demo';
import { browserSignIn, sharedTestAppWithFiles } from '../testing/testApp';
import { HOSTILE_INPUT_MESSAGES } from './hostileInput';

const t = sharedTestAppWithFiles();
beforeAll(async () => {
  // What the probe read: the signing secrets beside the media folder.
  await writeFile(join(t.ctx.config.dataDir, 'media.secret'), 'the-media-signing-secret');
});

const errorsOf = (response: LightMyRequestResponse) =>
  response.json<{ errors: Record<string, string[]> }>().errors;

/** A conversation item of Demo Motors holding `media` as stored (whatever got into the database). */
async function itemWithMedia(media: { path?: string; url?: string; content_type: string; size: number }[]) {
  const [conversation] = await t.ctx.db
    .select()
    .from(conversations)
    .where(eq(conversations.company_id, t.ids.companies.demoMotors))
    .limit(1);
  if (!conversation) throw new Error('the seed has no conversation');
  const [item] = await t.ctx.db
    .insert(conversationItems)
    .values({
      company_id: conversation.company_id,
      conversation_id: conversation.id,
      kind: 'message',
      is_inbound: true,
      content: '',
      media,
    })
    .returning();
  if (!item) throw new Error('no item');
  return { item, url: signMediaUrl(t.ctx, { companyId: item.company_id, itemId: item.id, index: 0 }) };
}

describe('1. no file outside its folder, no script served as a page', () => {
  it.each([
    'x:/../../../../../../../../../etc/passwd',
    'x:/../media.secret',
    'file:///etc/passwd',
    'javascript:alert(1)',
  ])('the sandbox refuses the media URL %s (only http(s))', async (url) => {
    const response = await t.as('agent@demo.test', {
      method: 'POST',
      url: '/api/sandbox/messages',
      payload: {
        from: '+12025550170',
        to: '+13125550100',
        body: 'hi',
        media: [{ url, content_type: 'text/plain' }],
      },
    });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)).toHaveProperty(['media.0.url']);
  });

  it('an http(s) attachment is kept by reference: shown from its URL, never read as a file of ours', async () => {
    const response = await t.as('agent@demo.test', {
      method: 'POST',
      url: '/api/sandbox/messages',
      payload: {
        from: '+12025550171',
        to: '+13125550100',
        media: [{ url: 'https://example.test/../../media.secret', content_type: 'text/html' }],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ id: number }>();
    const [stored] = await t.ctx.db.select().from(conversationItems).where(eq(conversationItems.id, id));
    expect(stored?.media).toEqual([
      { url: 'https://example.test/../../media.secret', content_type: 'text/html', size: 0 },
    ]);
    const signed = signMediaUrl(t.ctx, { companyId: t.ids.companies.demoMotors, itemId: id, index: 0 });
    expect((await t.app.inject({ method: 'GET', url: signed })).statusCode).toBe(404);
  });

  it.each([
    '../../../../../../../../etc/passwd',
    '../media.secret',
    'media/../media.secret',
    'https://example.test/a.png',
    `media/${999}/${randomUUID()}`,
    `greetings/1/${randomUUID()}.wav`,
  ])('a stored path %s that is not one of ours names no file (404)', async (path) => {
    const { url } = await itemWithMedia([{ path, content_type: 'text/plain', size: 1 }]);
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('the-media-signing-secret');
    expect(response.body).not.toContain('root:');
  });

  it('a stored file declared text/html is a download of opaque bytes, never a page of our origin', async () => {
    const relative = `media/${t.ids.companies.demoMotors}/${randomUUID()}`;
    await mkdir(join(t.ctx.config.dataDir, 'media', String(t.ids.companies.demoMotors)), { recursive: true });
    await writeFile(join(t.ctx.config.dataDir, relative), '<script>alert(document.cookie)</script>');
    const { url } = await itemWithMedia([{ path: relative, content_type: 'text/html', size: 39 }]);
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toBe('attachment');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; sandbox; frame-ancestors 'none'",
    );
  });

  it('a link signed for Demo Motors does not open a file kept in another company’s folder', async () => {
    const relative = `media/${t.ids.companies.otherCo}/${randomUUID()}`;
    await mkdir(join(t.ctx.config.dataDir, 'media', String(t.ids.companies.otherCo)), { recursive: true });
    await writeFile(join(t.ctx.config.dataDir, relative), 'other company');
    const { url } = await itemWithMedia([{ path: relative, content_type: 'image/png', size: 13 }]);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('every route that serves a file: no traversal, no other folder, no forged link', () => {
  // A row of each kind whose stored path tries to leave its folder, and the signed link the app would hand out.
  const HOSTILE_PATH = '../media.secret';
  const motorsRecordingUrl = (kind: 'call' | 'voicemail', id = 0) =>
    signRecordingUrl(t.ctx, { companyId: t.ids.companies.demoMotors, kind, id });
  const SERVED: Record<string, () => Promise<string>> = {
    'GET /media/{itemId}/{index}': async () =>
      (await itemWithMedia([{ path: HOSTILE_PATH, content_type: 'text/plain', size: 1 }])).url,
    'GET /recordings/call/{id}': async () => {
      const [call] = await t.ctx.db
        .insert(calls)
        .values({
          company_id: t.ids.companies.demoMotors,
          caller: '+13125550177',
          called: '+13125550100',
          started_at: new Date(),
          recording_path: HOSTILE_PATH,
        })
        .returning();
      return motorsRecordingUrl('call', call?.id);
    },
    'GET /recordings/voicemail/{id}': async () => {
      const [voicemail] = await t.ctx.db
        .insert(voicemails)
        .values({
          company_id: t.ids.companies.demoMotors,
          caller: '+13125550177',
          recording_path: 'voice/../media.secret',
        })
        .returning();
      return motorsRecordingUrl('voicemail', voicemail?.id);
    },
    'GET /greetings/{id}/audio': async () => {
      const [greeting] = await t.ctx.db
        .insert(greetings)
        .values({
          company_id: t.ids.companies.demoMotors,
          name: 'Hostile',
          file_path: `greetings/${t.ids.companies.demoMotors}/../../media.secret`,
          content_type: 'audio/wav',
        })
        .returning();
      return signGreetingUrl(t.ctx, { companyId: t.ids.companies.demoMotors, id: greeting?.id ?? 0 });
    },
  };

  it.each(Object.keys(SERVED))(
    '%s: a stored path out of its folder is 404; a forged signature 403',
    async (route) => {
      const url = await (SERVED[route] as () => Promise<string>)();
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.body).not.toContain('the-media-signing-secret');
      const forged = await t.app.inject({
        method: 'GET',
        url: url.replace(/sig=[0-9a-f]{8}/, 'sig=00000000'),
      });
      expect(forged.statusCode).toBe(403);
    },
  );
});

describe('2. a deactivated user stops working at once', () => {
  it('deactivation in the last company ends their token, refresh, API key and company creation', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/sanctum/login',
      payload: { email: 'agent2@demo.test', password: DEMO_PASSWORD },
    });
    const pair = login.json<{ access_token: string; refresh_token: string }>();
    const bearer = { authorization: `Bearer ${pair.access_token}` };
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/personalAccessTokens',
      headers: bearer,
      payload: { name: 'integration' },
    });
    expect(key.statusCode, key.body).toBe(201);
    const apiKey = key.json<{ token: string }>().token;

    const deactivated = await t.as('owner@demo.test', {
      method: 'POST',
      url: `/api/user-activation/deactivate?companyId=${t.ids.companies.demoMotors}`,
      payload: { user_ids: [t.ids.users['agent2@demo.test']] },
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);

    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer })).statusCode).toBe(401);
    const withKey = { authorization: `Bearer ${apiKey}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: withKey })).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/sanctum/refresh',
      payload: { refresh_token: pair.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    const company = await t.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: bearer,
      payload: { name: 'Comeback Inc' },
    });
    expect(company.statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/sanctum/login',
      payload: { email: 'agent2@demo.test', password: DEMO_PASSWORD },
    });
    expect(again.statusCode).toBe(403);
  });
});

describe('3. bad input is a 404 or 422, never a 500', () => {
  it.each([
    '/api/contacts/2147483648',
    '/api/contacts/99999999999999999999',
    '/api/contacts/-1',
    '/api/contacts/1e308',
  ])('GET %s', async (url) => {
    const response = await t.as('owner@demo.test', { method: 'GET', url });
    expect([404, 422]).toContain(response.statusCode);
  });

  it('a page number beyond any table is refused', async () => {
    const response = await t.as('owner@demo.test', {
      method: 'GET',
      url: `/api/contacts?companyId=${t.ids.companies.demoMotors}&page=1e308`,
    });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)).toHaveProperty(['query.page']);
  });

  it.each(['__proto__', 'constructor'])('a %s key in a JSON body is named in the 422', async (key) => {
    // Written by hand: JSON.stringify of an object would drop a `__proto__` key.
    const payload = `{"email":"owner@demo.test","password":"x","${key}":{"polluted":true}}`;
    for (const request of [
      { method: 'POST' as const, url: '/api/sanctum/login' },
      { method: 'POST' as const, url: '/api/password/forgot' },
    ]) {
      const response = await t.app.inject({
        ...request,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(Object.keys(errorsOf(response))).toContain(key);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a NUL character in any text is named in the 422', async () => {
    const tenant = await t.app.inject({ method: 'GET', url: '/api/tenant-config?hostname=a%00b' });
    expect(tenant.statusCode).toBe(422);
    expect(errorsOf(tenant)).toEqual({ 'query.hostname': [HOSTILE_INPUT_MESSAGES.nul] });
    const [contact] = await t.ctx.db
      .select()
      .from(contacts)
      .where(eq(contacts.company_id, t.ids.companies.demoMotors))
      .limit(1);
    const note = await t.as('agent@demo.test', {
      method: 'POST',
      url: '/api/notes',
      payload: { model_type: 'contact', model_id: contact?.id, body: 'call back\u0000 tomorrow' },
    });
    expect(note.statusCode, note.body).toBe(422);
    expect(Object.values(errorsOf(note)).flat()).toContain(HOSTILE_INPUT_MESSAGES.nul);
  });

  it('an upload’s fields are held to the same rules: an id out of range, a NUL, a broken body', async () => {
    const url = `/api/companies/${t.ids.companies.demoMotors}/contacts`;
    const csv = 'name,number\nAda,+13125550142\n';
    const outOfRange = await multipart([
      ['groups[]', '2147483648'],
      ['file', csv, 'contacts.csv', 'text/csv'],
    ]);
    const tooLarge = await t.as('admin@demo.test', { method: 'PUT', url, ...outOfRange });
    expect(tooLarge.statusCode, tooLarge.body).toBe(422);
    expect(errorsOf(tooLarge)).toHaveProperty('groups');
    const withNul = await multipart([
      ['mapping', '{"name":"name\u0000","number":"number"}'],
      ['file', csv, 'contacts.csv', 'text/csv'],
    ]);
    expect((await t.as('admin@demo.test', { method: 'PUT', url, ...withNul })).statusCode).toBe(422);
    const cut = await multipart([['file', csv, 'contacts.csv', 'text/csv']]);
    const broken = await t.as('admin@demo.test', {
      method: 'PUT',
      url,
      payload: cut.payload.subarray(0, cut.payload.length >> 1),
      headers: cut.headers,
    });
    expect(broken.statusCode).toBe(400);
    const noBoundary = await t.as('admin@demo.test', {
      method: 'POST',
      url: `/api/message?companyId=${t.ids.companies.demoMotors}`,
      payload: cut.payload,
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.statusCode).toBe(400);
  });

  it('a malformed XSRF-TOKEN cookie is a CSRF mismatch (403)', async () => {
    const { session } = await browserSignIn(t, 'agent@demo.test');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/whats_new_read',
      headers: { cookie: `switchboard_session=${session}; XSRF-TOKEN=%E0%A4%A`, 'x-xsrf-token': 'x' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('7. ids in a body must name the caller’s company’s records', () => {
  let motorsGreeting = 0;
  let otherGreeting = 0;
  beforeAll(async () => {
    const rows = await t.ctx.db
      .insert(greetings)
      .values([
        {
          company_id: t.ids.companies.demoMotors,
          name: 'Motors welcome',
          content: 'Welcome to Demo Motors.',
        },
        { company_id: t.ids.companies.otherCo, name: 'Other welcome', content: 'Welcome to Other Co.' },
      ])
      .returning({ id: greetings.id });
    motorsGreeting = rows[0]?.id ?? 0;
    otherGreeting = rows[1]?.id ?? 0;
  });

  const update = (body: Record<string, unknown>) =>
    t.as('other@demo.test', { method: 'PUT', url: `/api/numbers/${t.ids.numbers.otherMain}`, payload: body });

  it.each([
    ['greeting.greeting_id', () => ({ greeting: { greeting_id: motorsGreeting } })],
    ['greeting.greeting_id', () => ({ greeting: { greeting_id: 999_999 } })],
    [
      'routes.0.voicemail_greeting.greeting_id',
      () => ({
        routes: [{ extension: 1, type: 'voicemail', voicemail_greeting: { greeting_id: motorsGreeting } }],
      }),
    ],
    [
      'routes.0.onhold_music_id',
      () => ({
        routes: [
          {
            extension: 1,
            type: 'standard',
            forwards: [{ number: '+13125550161' }],
            onhold_music_id: motorsGreeting,
          },
        ],
      }),
    ],
    [
      'routes.0.members.0',
      () => ({
        routes: [{ extension: 1, type: 'in-app-calling', members: [t.ids.users['agent@demo.test']] }],
      }),
    ],
  ])('another company’s or no record in %s: 422 naming it', async (field, body) => {
    const response = await update(body());
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(errorsOf(response))).toContain(field);
  });

  it('the company’s own greeting is accepted', async () => {
    const response = await update({ greeting: { greeting_id: otherGreeting } });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('another company’s number in a block is refused', async () => {
    const response = await t.as('other@demo.test', {
      method: 'POST',
      url: '/api/blocks',
      payload: {
        company_id: t.ids.companies.otherCo,
        target: '+12025550188',
        number_id: t.ids.numbers.motorsMain,
      },
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(errorsOf(response))).toEqual(['number_id']);
  });
});

describe('8. sign-out by link', () => {
  it('a cookie session is not ended by a plain GET from another site; the app’s own sign-out works', async () => {
    const { xsrf, cookies } = await browserSignIn(t, 'reporting@demo.test');
    const byLink = await t.app.inject({ method: 'GET', url: '/api/sanctum/logout', cookies });
    expect(byLink.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', cookies })).statusCode).toBe(200);
    const byApp = await t.app.inject({
      method: 'GET',
      url: '/api/sanctum/logout',
      cookies,
      headers: { 'x-xsrf-token': xsrf },
    });
    expect(byApp.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', cookies })).statusCode).toBe(401);
  });

  it('a bearer client keeps the spec’s plain GET', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/sanctum/login',
      payload: { email: 'reporting@demo.test', password: DEMO_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/sanctum/logout', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(401);
  });
});

describe('9. an Idempotency-Key reused with another body', () => {
  it('is refused naming the key; the same body still replays the first answer', async () => {
    const headers = { 'idempotency-key': `label-${randomUUID()}` };
    const url = `/api/companies/${t.ids.companies.demoMotors}/contactLabels`;
    const first = await t.as('admin@demo.test', {
      method: 'POST',
      url,
      headers,
      payload: { label: 'Probe kept' },
    });
    expect(first.statusCode, first.body).toBe(201);
    const other = await t.as('admin@demo.test', {
      method: 'POST',
      url,
      headers,
      payload: { label: 'Probe other' },
    });
    expect(other.statusCode).toBe(422);
    expect(Object.keys(errorsOf(other))).toEqual(['Idempotency-Key']);
    const same = await t.as('admin@demo.test', {
      method: 'POST',
      url,
      headers,
      payload: { label: 'Probe kept' },
    });
    expect(same.statusCode).toBe(201);
    expect(same.headers['idempotent-replayed']).toBe('true');
    expect(same.json()).toEqual(first.json());
  });
});
