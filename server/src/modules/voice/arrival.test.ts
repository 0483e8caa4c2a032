/**
 * A call arriving through Twilio's voice webhook, routed and recorded in one go (./arrival.ts), against the real
 * app and database: what the call records and the card its agents' apps ring with (contact, first time, last
 * contact) for a caller the company never heard from, one who called, texted or was only blocked before, and a
 * known contact; a rotating extension moving on with each new call; and the ring cards sent as the webhook
 * answers, so it does not wait for them to be delivered, and a delivery that fails does not fail the call.
 */
import { formatPhone } from '@shared/domain/phone';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { blocks, contacts, conversations, numbers } from '../../db/schema';
import { sharedTestApp } from '../../testing/testApp';
import { receiveMessage } from '../inbound/service';
import { callOfSid, IN_APP_LINE, postSigned, ringLog, TWILIO_ACCOUNT, TWILIO_SETTINGS } from './testing';

const t = sharedTestApp(TWILIO_SETTINGS);
const { rings, ringsOf } = ringLog(t);
let agent: number;
let agent2: number;
let motors: number;
beforeAll(() => {
  agent = t.ids.users['agent@demo.test'] ?? 0;
  agent2 = t.ids.users['agent2@demo.test'] ?? 0;
  motors = t.ids.companies.demoMotors;
});

let seq = 0;
const nextSid = () => `CA${String(++seq).padStart(32, '0')}`;
/** A caller number no other test uses. */
const freshNumber = () => `+1202555${String(3000 + ++seq).padStart(4, '0')}`;

/** Twilio's first webhook of a call from `from` to the in-app line; answers the response and the call's sid. */
async function arrive(from: string) {
  const CallSid = nextSid();
  const response = await postSigned(t, '/webhooks/twilio/voice', {
    CallSid,
    AccountSid: TWILIO_ACCOUNT,
    From: from,
    To: IN_APP_LINE,
    FromState: 'DC',
    Direction: 'inbound',
    CallStatus: 'ringing',
  });
  expect(response.statusCode, response.body).toBe(200);
  return { response, sid: CallSid };
}

const ringCards = () => rings.filter((ring) => ring.event.type === 'ringing');

describe('a new call is recorded with its decision, and rings with the caller’s card', () => {
  it.each([
    {
      caller: 'the company never heard from',
      before: async () => null,
      firstTime: true,
      lastContact: (_earlier: Date | null) => null,
    },
    {
      caller: 'who called before',
      before: async (number: string) => (await callOfSid(t, (await arrive(number)).sid)).started_at,
      firstTime: false,
      lastContact: (earlier: Date | null) => earlier?.toISOString() ?? 'missing',
    },
    {
      caller: 'who texted before',
      before: async (number: string) => {
        const received = await receiveMessage(t.ctx, {
          from: number,
          to: IN_APP_LINE,
          body: 'hello',
          media: [],
          carrierSid: `SM${String(++seq).padStart(32, '0')}`,
        });
        const [thread] = await t.ctx.db
          .select({ at: conversations.last_item_at })
          .from(conversations)
          .where(eq(conversations.id, received?.conversation.id ?? 0));
        return thread?.at ?? null;
      },
      firstTime: true,
      lastContact: (earlier: Date | null) => earlier?.toISOString() ?? 'missing',
    },
    {
      // A blocked call does not make its caller known, though it was a call from them.
      caller: 'who was only ever blocked',
      before: async (number: string) => {
        await t.ctx.db.insert(blocks).values({ company_id: motors, target: number, global: true });
        const { sid } = await arrive(number);
        await t.ctx.db.delete(blocks).where(and(eq(blocks.company_id, motors), eq(blocks.target, number)));
        return (await callOfSid(t, sid)).started_at;
      },
      firstTime: true,
      lastContact: (earlier: Date | null) => earlier?.toISOString() ?? 'missing',
    },
  ])('from a caller $caller', async ({ before, firstTime, lastContact }) => {
    const number = freshNumber();
    const earlier = await before(number);
    rings.length = 0;

    const { response, sid } = await arrive(number);
    const call = await callOfSid(t, sid);
    const [contact] = await t.ctx.db
      .select({ id: contacts.id, name: contacts.name })
      .from(contacts)
      .where(and(eq(contacts.company_id, motors), eq(contacts.number, number)));
    // The call and its contact (made by this call, or by what came before) in one statement.
    expect(contact).toEqual({ id: call.contact_id, name: formatPhone(number) });
    expect(call).toMatchObject({
      first_time: firstTime,
      extension: 1,
      outcome: 0,
      carrier_status: 'ringing',
      events: [expect.objectContaining({ status: 1 }), expect.objectContaining({ status: 6 })],
      live: expect.objectContaining({ phase: 'ringing', ringing: [agent, agent2], caller_state: 'DC' }),
    });
    expect(response.body).toContain(`<Parameter name="join_token" value="${call.live?.join_token}"/>`);

    for (const userId of [agent, agent2]) {
      expect(ringsOf(userId, call.id)).toEqual([
        expect.objectContaining({
          call_id: call.id,
          from: number,
          contact,
          first_time: firstTime,
          last_contact_at: lastContact(earlier),
          number: expect.objectContaining({ number: IN_APP_LINE, label: 'In-app agents' }),
          extension: { key: '1', label: 'Agents in the app' },
          join_token: call.live?.join_token,
          transferred_by: null,
        }),
      ]);
    }
  });

  it('a contact the company has keeps its name on the card, and no other is made', async () => {
    const number = freshNumber();
    const [known] = await t.ctx.db
      .insert(contacts)
      .values({ company_id: motors, name: 'Dana Known', number, source: 'Manual' })
      .returning({ id: contacts.id, name: contacts.name });
    const { sid } = await arrive(number);
    const call = await callOfSid(t, sid);
    expect(call.contact_id).toBe(known?.id);
    expect(ringsOf(agent, call.id)[0]?.contact).toEqual(known);
    expect(
      await t.ctx.db
        .select()
        .from(contacts)
        .where(and(eq(contacts.company_id, motors), eq(contacts.number, number))),
    ).toHaveLength(1);
  });
});

describe('a rotating in-app extension', () => {
  const line = () => t.ids.numbers.motorsInApp;
  let saved: typeof numbers.$inferSelect | undefined;
  beforeAll(async () => {
    [saved] = await t.ctx.db.select().from(numbers).where(eq(numbers.id, line()));
  });
  afterEach(async () => {
    if (saved) {
      await t.ctx.db
        .update(numbers)
        .set({ routes: saved.routes, round_robin: saved.round_robin })
        .where(eq(numbers.id, line()));
    }
  });

  it('offers each new call to the next agent first, keeping whose turn it was on the number', async () => {
    const routes = (saved?.routes ?? []).map((route) => ({ ...route, round_robin: 'rotating' as const }));
    await t.ctx.db.update(numbers).set({ routes, round_robin: {} }).where(eq(numbers.id, line()));

    const rung: number[][] = [];
    for (let call = 0; call < 2; call++) {
      const { sid } = await arrive(freshNumber());
      rung.push((await callOfSid(t, sid)).live?.ringing ?? []);
    }
    const [first, second] = rung;
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
    expect(new Set([...(first ?? []), ...(second ?? [])])).toEqual(new Set([agent, agent2]));
    const [number] = await t.ctx.db
      .select({ roundRobin: numbers.round_robin })
      .from(numbers)
      .where(eq(numbers.id, line()));
    expect(number?.roundRobin).toEqual({ '1': second?.[0] });
  });
});

describe('the ring cards go out as the webhook answers', () => {
  const original = () => t.ctx.realtime.publish;
  let publish: ReturnType<typeof original>;
  beforeAll(() => {
    publish = original();
  });
  afterEach(() => {
    t.ctx.realtime.publish = publish;
    vi.restoreAllMocks();
  });

  it('the answer does not wait for a slow delivery (an external Pusher), and the cards still arrive', async () => {
    let deliver = () => {};
    const delivering = new Promise<void>((resolve) => {
      deliver = resolve;
    });
    t.ctx.realtime.publish = (async (...args: Parameters<typeof publish>) => {
      await delivering;
      return publish(...args);
    }) as typeof publish;

    const { response, sid } = await arrive(freshNumber());
    expect(response.body).toContain(`<Identity>user-${agent}</Identity>`);
    expect(ringCards()).toHaveLength(0);

    deliver();
    const call = await callOfSid(t, sid);
    await vi.waitFor(() => expect(ringCards().map((ring) => ring.userId)).toEqual([agent, agent2]));
    expect(
      ringCards().every((ring) => ring.event.type === 'ringing' && ring.event.call.call_id === call.id),
    ).toBe(true);
  });

  it('a delivery that fails does not fail the call: it rings, stored for the apps to catch up from', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    t.ctx.realtime.publish = (async () => {
      throw new Error('Pusher is down');
    }) as typeof publish;

    const { response, sid } = await arrive(freshNumber());
    expect(response.body).toContain(`<Identity>user-${agent2}</Identity>`);
    const call = await callOfSid(t, sid);
    expect(call.live).toMatchObject({ phase: 'ringing', ringing: [agent, agent2] });
    await vi.waitFor(() =>
      expect(logged).toHaveBeenCalledWith(
        `call ${call.id}: the ring cards could not be sent`,
        expect.objectContaining({ message: 'Pusher is down' }),
      ),
    );
  });
});
