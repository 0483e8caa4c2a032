/**
 * §7 Caller ID with the sandbox provider: a message's outside party looked up (when asked) and cached per
 * company and number; a lookup of any number; the §8 messages as 404s for withheld and unknown parties; and two
 * instances of one deployment, where a number one of them looked up is known to the other without a new lookup.
 */
import { CALLER_ID_ENDPOINTS as E } from '@shared/api/callerId';
import { ERROR_MESSAGES } from '@shared/domain/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationItems, conversations } from '../../db/schema';
import type { CallerIdProvider } from '../../services/callerId';
import { createTestInstances, type TestInstances } from '../../testing/instances';
import { testRedisUrl } from '../../testing/redis';
import { fieldErrors, sharedTestApp } from '../../testing/testApp';
import { NOT_LOOKED_UP } from './routes';
import { sandboxCallerId, sandboxLookup } from './sandbox';
import { callerIdCacheFor, callerIdLookups } from './service';

const redisUrl = await testRedisUrl('caller ID answers shared by two instances');

const t = sharedTestApp();
let motors: number;
beforeAll(() => {
  motors = t.ids.companies.demoMotors;
});

/** A text from `recipient` to the Demo Motors main line; answers the item id. */
async function textFrom(recipient: string): Promise<number> {
  const [conversation] = await t.ctx.db
    .insert(conversations)
    .values({ company_id: motors, number_id: t.ids.numbers.motorsMain, recipient })
    .returning();
  const [item] = await t.ctx.db
    .insert(conversationItems)
    .values({
      company_id: motors,
      conversation_id: conversation?.id ?? 0,
      kind: 'message',
      is_inbound: true,
      content: 'Hi',
    })
    .returning();
  return item?.id ?? 0;
}

describe('sandbox provider', () => {
  it.each<[string, Record<string, unknown> | null]>([
    ['+13125557301', { city: 'Chicago', state: 'IL' }],
    ['+12065551234', { city: 'Seattle', state: 'WA' }],
    ['+19995551234', { city: null, state: null }],
    ['+18005551234', { line_type: 'tollfree' }],
    ['+13125550000', null],
    ['+13127771234', null],
    ['+442079460000', null],
  ])('%s', (number, expected) => {
    const record = sandboxLookup(number);
    if (expected === null) expect(record).toBeNull();
    else expect(record).toMatchObject({ number, ...expected });
  });

  it('is deterministic', () => {
    expect(sandboxLookup('+13125557301')).toEqual(sandboxLookup('+13125557301'));
    expect(sandboxLookup('+13125557301')?.name).toMatch(/^\w+ \w+$/);
  });
});

describe('GET /messages/{id}/enhanced-caller-id', () => {
  const LOOK_UP = true;
  /** The caller ID of the message's outside party, as `email` asks for it (`lookUp`: when none is cached). */
  const callerIdOf = (email: string, id: number, lookUp = false) =>
    t.as(email, {
      method: 'GET',
      url: `/api/messages/${id}/enhanced-caller-id${lookUp ? '?lookupWhenMissing=1' : ''}`,
    });

  it('looks the sender up when asked, then answers from the cache', async () => {
    const id = await textFrom('+13125557311');
    const before = await callerIdOf('agent@demo.test', id);
    expect(before.statusCode).toBe(404);
    expect(before.json().message).toBe(NOT_LOOKED_UP);
    const looked = await callerIdOf('agent@demo.test', id, LOOK_UP);
    expect(looked.statusCode, looked.body).toBe(200);
    const found = E.forMessage.response.parse(looked.json());
    expect(found).toMatchObject({ number: '+13125557311', city: 'Chicago', state: 'IL' });
    const cached = await callerIdOf('agent@demo.test', id);
    expect(cached.json()).toEqual(found);
  });

  it('404 callerIdLookupNotFound when the provider knows nothing of the number', async () => {
    const id = await textFrom('+13125550000');
    const response = await callerIdOf('agent@demo.test', id, LOOK_UP);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(ERROR_MESSAGES.callerIdLookupNotFound);
  });

  it.each(['anonymous', 'Restricted', '12'])(
    '404 callerIdUnavailable for a withheld party (%s)',
    async (recipient) => {
      const id = await textFrom(recipient);
      const response = await callerIdOf('agent@demo.test', id, LOOK_UP);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(ERROR_MESSAGES.callerIdUnavailable);
    },
  );

  it('another company’s message is not found; a reporting user may not look up', async () => {
    const id = await textFrom('+13125557312');
    const foreign = await callerIdOf('other@demo.test', id);
    expect(foreign.statusCode).toBe(404);
    const reporting = await callerIdOf('reporting@demo.test', id);
    expect(reporting.statusCode).toBe(403);
  });
});

describe('POST /company/{companyId}/trestle/lookup', () => {
  const lookup = (email: string, number: unknown, company = motors) =>
    t.as(email, { method: 'POST', url: `/api/company/${company}/trestle/lookup`, payload: { number } });

  it('looks any number up, as typed', async () => {
    const response = await lookup('agent@demo.test', '(415) 555-7321');
    expect(response.statusCode, response.body).toBe(200);
    expect(E.lookup.response.parse(response.json())).toMatchObject({
      number: '+14155557321',
      city: 'San Francisco',
      state: 'CA',
    });
  });

  it('404 when nothing is known of the number', async () => {
    const response = await lookup('agent@demo.test', '+1 312 555 0000');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(ERROR_MESSAGES.callerIdLookupNotFound);
  });

  it.each([['not a number'], [''], [12]])('422 for %j', async (number) => {
    const response = await lookup('agent@demo.test', number);
    expect(response.statusCode, response.body).toBe(422);
    expect(fieldErrors(response)).toHaveProperty(['number']);
  });

  it('another company answers 404; a billing user 403', async () => {
    expect((await lookup('other@demo.test', '+13125557321')).statusCode).toBe(404);
    expect((await lookup('billing@demo.test', '+13125557321')).statusCode).toBe(403);
  });
});

describe.runIf(redisUrl)('two instances of one deployment', () => {
  let instances: TestInstances;
  /** The numbers each instance's provider was asked about. */
  const asked = { a: [] as string[], b: [] as string[] };
  const counting = (into: string[]): CallerIdProvider => ({
    name: 'counting sandbox',
    lookup: async (number) => {
      into.push(number);
      return sandboxCallerId.lookup(number);
    },
  });
  beforeAll(async () => {
    instances = await createTestInstances(redisUrl as string);
    // Each instance's own lookups over its own provider, keeping answers where the deployment keeps them.
    for (const name of ['a', 'b'] as const) {
      const ctx = instances[name].ctx;
      ctx.callerId = callerIdLookups(counting(asked[name]), ctx.now, callerIdCacheFor(ctx.cluster));
    }
  });
  afterAll(async () => {
    await instances?.close();
  });

  it('share their answers: a number looked up through A is answered by B from the cache, found or not', async () => {
    const lookUp = (name: 'a' | 'b', number: string) =>
      instances[name].as('agent@demo.test', {
        method: 'POST',
        url: `/api/company/${instances.a.ids.companies.demoMotors}/trestle/lookup`,
        payload: { number },
      });
    const found = await lookUp('a', '+13125557321');
    expect(found.statusCode, found.body).toBe(200);
    expect((await lookUp('b', '+13125557321')).json()).toEqual(found.json());
    expect((await lookUp('a', '+13125550000')).statusCode).toBe(404);
    expect((await lookUp('b', '+13125550000')).statusCode).toBe(404);
    expect(asked).toEqual({ a: ['+13125557321', '+13125550000'], b: [] });
  });
});
