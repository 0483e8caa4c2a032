/**
 * Number porting against the real server (§3 "Port status: pending, documentsRequested. Port number type: 1 local,
 * 2 toll free, 3 Canadian. Port service: 1 voice and SMS, 2 fax."; §7 "GET /company/{companyId}/ports (+/stats);
 * POST /company/{companyId}/numbers/port"): a request with its documents, refused per field; the sandbox desk
 * moving it along on the app's clock to completion (the numbers become the company's, audit-logged), asking for
 * a missing bill, rejecting a bad account number or a request over the number limit; cancelling; the documents
 * by signed URL; who may do what.
 */

import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { PortRequest, PortStats } from '@shared/api/ports';
import {
  PORT_DESK_REASONS,
  PORT_DOCUMENT_MESSAGES,
  PORT_FIELD_MESSAGES,
  PORT_NUMBER_MESSAGES,
} from '@shared/domain/ports';
import { channels, EVENTS } from '@shared/realtime';
import { and, eq, inArray, lte, or } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, companies, jobs, numbers, portRequests } from '../../db/schema';
import { fieldErrors, publishedEvents, sharedTestAppWithFiles } from '../../testing/testApp';
import { multipart, type Part, TINY_PNG } from '../messaging/testing';
import { limitReachedMessage } from '../numbers/purchase/limit';
import { DESK_MESSAGES } from './desk';
import { PORT_MESSAGES } from './service';

const STEP_MS = 60_000;
const t = sharedTestAppWithFiles({ portDesk: { stepMs: STEP_MS } });
const events = publishedEvents(t);

/** A Tuesday afternoon (UTC); the desired dates below are business days after it. */
const START = new Date('2026-11-24T15:00:00Z');
let clock = START.getTime();
const advance = (ms: number) => {
  clock += ms;
  t.setNow(new Date(clock));
};

let motors: number;
let other: number;
beforeAll(() => {
  motors = t.ids.companies.demoMotors;
  other = t.ids.companies.otherCo;
  t.setNow(START);
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** Fresh numbers nobody has: +1 (720) 555-01xx, local. */
let serial = 0;
const freshLocal = () => `+1720555${String(100 + ++serial).padStart(4, '0')}`;

interface Form {
  numbers?: unknown;
  bill?: boolean;
  loa?: boolean;
  extra?: Part[];
  [field: string]: unknown;
}

async function portForm(form: Form = {}) {
  const { numbers: list, bill = true, loa = true, extra = [], ...rest } = form;
  const fields: Record<string, unknown> = {
    service: '1',
    losing_carrier: 'Old Telco',
    account_number: 'ACC-4417',
    pin: '482921',
    authorized_name: 'Dana Motors',
    service_address: '1 Main St, Chicago IL 60601',
    desired_date: '2026-11-27',
    ...rest,
  };
  const parts: Part[] = [
    ['numbers', JSON.stringify(list ?? [{ number: freshLocal(), type: 1 }])],
    ...Object.entries(fields).map(([name, value]) => [name, String(value)] as Part),
  ];
  if (bill) parts.push(['bill', PDF, 'bill.pdf', 'application/pdf']);
  if (loa) parts.push(['loa', TINY_PNG, 'loa.png', 'image/png']);
  return multipart([...parts, ...extra]);
}

const create = async (form: Form = {}, as = 'owner@demo.test', company = motors) => {
  const body = await portForm(form);
  return t.as(as, {
    method: 'POST',
    url: `/api/company/${company}/numbers/port`,
    payload: body.payload,
    headers: body.headers,
  });
};
const created = async (form: Form = {}) => {
  const response = await create(form);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PortRequest>();
};
const get = async (id: number, as = 'owner@demo.test') =>
  t.as(as, { method: 'GET', url: `/api/company/${motors}/ports/${id}` });
const port = async (id: number) => (await get(id)).json<PortRequest>();
const stats = async () =>
  (
    await t.as('agent@demo.test', { method: 'GET', url: `/api/company/${motors}/ports/stats` })
  ).json<PortStats>();
/** Moves the clock one desk step and runs what came due. */
/**
 * One step of the desk: the clock moves on, and the desk jobs now due run — here, or on the app's own runner, which
 * may have taken one first (then this waits until no desk job is due or running, so the step has landed).
 */
const step = async () => {
  advance(STEP_MS);
  const busy = and(
    eq(jobs.kind, 'port-desk'),
    or(and(eq(jobs.state, 'queued'), lte(jobs.run_at, new Date(clock))), eq(jobs.state, 'running')),
  );
  for (let tries = 0; tries < 200; tries++) {
    await t.app.jobs.runDue({ kinds: ['port-desk'] });
    if ((await t.ctx.db.$count(jobs, busy)) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the desk did not take its step');
};
const setLimit = (value: number) =>
  t.ctx.db.update(companies).set({ number_limit: value }).where(eq(companies.id, motors));
const used = () => t.ctx.db.$count(numbers, eq(numbers.company_id, motors));

describe('POST /company/{companyId}/numbers/port', () => {
  it('creates a pending request: the PIN only as its last 2, documents by signed link, counted in /stats', async () => {
    const before = await stats();
    const number = freshLocal();
    const response = await create({
      numbers: [{ number: `(720) ${number.slice(5, 8)}-${number.slice(8)}`, type: '1' }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const made = response.json<PortRequest>();
    expect(made).toMatchObject({
      company_id: motors,
      status: 'pending',
      service: 1,
      numbers: [{ number, type: 1 }],
      losing_carrier: 'Old Telco',
      account_number: 'ACC-4417',
      pin_hint: '••••21',
      desired_date: '2026-11-27',
      foc_date: null,
      reason: null,
      history: [{ status: 'pending', reason: null }],
      requested_by: { id: t.ids.users['owner@demo.test'] },
    });
    expect(response.body).not.toContain('482921');
    expect(made.documents.map((d) => [d.kind, d.name, d.content_type])).toEqual([
      ['bill', 'bill.pdf', 'application/pdf'],
      ['loa', 'loa.png', 'image/png'],
    ]);

    // The documents open by their signed links, without signing in; a tampered link does not.
    const bill = await t.app.inject({ method: 'GET', url: made.documents[0]?.url ?? '' });
    expect(bill.statusCode).toBe(200);
    expect(bill.headers['content-type']).toBe('application/pdf');
    expect(bill.rawPayload.equals(PDF)).toBe(true);
    const tampered = (made.documents[1]?.url ?? '').replace(/sig=./, 'sig=0');
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);

    const after = await stats();
    expect(after.total).toBe(before.total + 1);
    expect(after.by_status.pending).toBe(before.by_status.pending + 1);
    expect(after.numbers_in_flight).toBe(before.numbers_in_flight + 1);

    const list = await t.as('reporting@demo.test', { method: 'GET', url: `/api/company/${motors}/ports` });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ data: PortRequest[] }>().data[0]).toMatchObject({ id: made.id, pin_hint: '••••21' });
    const pending = await t.as('owner@demo.test', {
      method: 'GET',
      url: `/api/company/${motors}/ports?status=completed`,
    });
    expect(pending.json<{ data: PortRequest[] }>().data.map((p) => p.id)).not.toContain(made.id);

    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'port-requested'), eq(auditLog.company_id, motors)))
      .orderBy(auditLog.id)
      .then((rows) => rows.slice(-1));
    expect(audit?.detail).toMatchObject({ port_id: made.id, numbers: [number] });
    expect(JSON.stringify(audit?.detail)).not.toContain('482921');
  });

  it('refuses per field: each number by its index, the type, the account details, the date, the letter', async () => {
    const response = await create({
      numbers: [
        { number: '312-555-01', type: 1 },
        { number: '800-356-9377', type: 1 },
        { number: '+1 (312) 555-0100', type: 1 },
        { number: '416-555-0199', type: 1 },
      ],
      account_number: '',
      pin: '12',
      desired_date: '2026-11-28',
      loa: false,
    });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response)).toMatchObject({
      'numbers.0.number': [PORT_NUMBER_MESSAGES.unreadable],
      'numbers.1.type': [PORT_NUMBER_MESSAGES.tollFreeType],
      'numbers.3.type': [PORT_NUMBER_MESSAGES.notCanadian],
      account_number: [PORT_FIELD_MESSAGES.accountNumber],
      pin: [PORT_FIELD_MESSAGES.pin],
      desired_date: [PORT_FIELD_MESSAGES.weekend],
    });
    expect(response.body).not.toContain('"12"');
  });

  it('refuses a number already on the platform, one in another open request, a past date and no letter', async () => {
    const first = await created();
    const again = first.numbers[0]?.number ?? '';
    const response = await create({
      numbers: [
        { number: '+1 (312) 555-0100', type: 1 },
        { number: again, type: 1 },
      ],
      desired_date: '2026-11-23',
      loa: false,
    });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response)).toEqual({
      'numbers.0.number': [PORT_NUMBER_MESSAGES.onPlatform],
      'numbers.1.number': [PORT_NUMBER_MESSAGES.inAnotherPort],
      desired_date: [PORT_FIELD_MESSAGES.pastDate],
      loa: [PORT_DOCUMENT_MESSAGES.loaRequired],
    });
  });

  it('refuses a document that is not a PDF, PNG or JPEG, or not what it says, and keeps no file', async () => {
    const folder = join(t.ctx.config.dataDir, 'media', String(motors));
    const filesBefore = await readdir(folder).catch(() => []);
    const rowsBefore = await t.ctx.db.$count(portRequests);
    const word = await create({ loa: false, extra: [['loa', 'hello', 'loa.txt', 'text/plain']] });
    expect(word.statusCode).toBe(422);
    expect(fieldErrors(word).loa).toEqual([PORT_DOCUMENT_MESSAGES.type('loa.txt')]);
    const fake = await create({ bill: false, extra: [['bill', TINY_PNG, 'bill.pdf', 'application/pdf']] });
    expect(fake.statusCode).toBe(422);
    expect(fieldErrors(fake).bill).toEqual([PORT_DOCUMENT_MESSAGES.mismatch('bill.pdf', 'application/pdf')]);
    expect(await readdir(folder).catch(() => [])).toEqual(filesBefore);
    expect(await t.ctx.db.$count(portRequests)).toBe(rowsBefore);
  });

  it('numbers.manage creates; an agent may not (403); another company’s request is 404', async () => {
    expect((await create({}, 'agent@demo.test')).statusCode).toBe(403);
    expect((await create({}, 'reporting@demo.test')).statusCode).toBe(403);
    const mine = await created();
    expect((await get(mine.id, 'agent@demo.test')).statusCode).toBe(200);
    expect((await get(mine.id, 'billing@demo.test')).statusCode).toBe(403);
    const elsewhere = await t.as('owner@demo.test', {
      method: 'GET',
      url: `/api/company/${other}/ports/${mine.id}`,
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('the sandbox porting desk, on the app’s clock', () => {
  // Each test watches its own requests: the ones earlier tests left open are closed (so their steps add nothing).
  beforeEach(async () => {
    await t.ctx.db
      .update(portRequests)
      .set({ status: 'canceled', next_step_at: null })
      .where(inArray(portRequests.status, ['pending', 'documentsRequested', 'submitted', 'focScheduled']));
  });

  it('pending → submitted → focScheduled → completed: the numbers are the company’s, audit-logged, events published', async () => {
    await setLimit(500);
    const local = freshLocal();
    const tollFree = '+18445550187';
    const made = await created({
      numbers: [
        { number: local, type: 1 },
        { number: tollFree, type: 2 },
      ],
    });
    events.length = 0;

    // Nothing happens before a step has passed.
    advance(STEP_MS - 1000);
    await t.app.jobs.runDue({ kinds: ['port-desk'] });
    expect((await port(made.id)).status).toBe('pending');

    await step();
    expect(await port(made.id)).toMatchObject({ status: 'submitted', foc_date: null });
    await step();
    const scheduled = await port(made.id);
    expect(scheduled).toMatchObject({ status: 'focScheduled', foc_date: '2026-11-27' });
    const usedBefore = await used();
    await step();
    const done = await port(made.id);
    expect(done.status).toBe('completed');
    expect(done.finished_at).not.toBeNull();
    expect(done.history.map((event) => event.status)).toEqual([
      'pending',
      'submitted',
      'focScheduled',
      'completed',
    ]);
    expect(await used()).toBe(usedBefore + 2);

    const rows = await t.ctx.db
      .select()
      .from(numbers)
      .where(inArray(numbers.number, [local, tollFree]));
    expect(rows.map((row) => [row.number, row.company_id, row.type, row.category]).sort()).toEqual(
      [
        [local, motors, 2, 1],
        [tollFree, motors, 1, 1],
      ].sort(),
    );
    // In the numbers list as any bought number is.
    const list = await t.as('owner@demo.test', {
      method: 'GET',
      url: `/api/companies/${motors}/numbers?search=${encodeURIComponent(tollFree.slice(2))}`,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).toContain(tollFree);

    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'number-ported'), eq(auditLog.company_id, motors)));
    expect(
      audits
        .filter((row) => row.detail.port_id === made.id)
        .map((row) => row.detail.number)
        .sort(),
    ).toEqual([local, tollFree].sort());
    expect(audits.find((row) => row.detail.number === local)?.actor_id).toBe(t.ids.users['owner@demo.test']);

    expect(
      events
        .filter(
          (event) => event.event === EVENTS.portsUpdated && event.channel === channels.companies(motors),
        )
        .map((event) => event.payload),
    ).toEqual([
      { id: made.id, status: 'submitted' },
      { id: made.id, status: 'focScheduled' },
      { id: made.id, status: 'completed' },
    ]);
  });

  it('fax service ports a fax number (type 3)', async () => {
    const number = freshLocal();
    const made = await created({ numbers: [{ number, type: 1 }], service: '2' });
    for (let i = 0; i < 3; i++) await step();
    expect((await port(made.id)).status).toBe('completed');
    const [row] = await t.ctx.db.select().from(numbers).where(eq(numbers.number, number));
    expect(row).toMatchObject({ type: 3, category: 3, sms_enabled: false });
  });

  it('asks for a missing bill; the upload sends it back to pending, and it goes on to completion', async () => {
    const made = await created({ bill: false });
    expect(made.documents.map((d) => d.kind)).toEqual(['loa']);
    await step();
    const asked = await port(made.id);
    expect(asked).toMatchObject({
      status: 'documentsRequested',
      reason: PORT_DESK_REASONS.billMissing,
      reason_field: 'bill',
    });
    // It waits for the requester: steps pass and nothing moves.
    await step();
    expect((await port(made.id)).status).toBe('documentsRequested');

    const url = `/api/company/${motors}/ports/${made.id}/documents`;
    const empty = await multipart([['note', 'nothing']]);
    const none = await t.as('owner@demo.test', {
      method: 'POST',
      url,
      payload: empty.payload,
      headers: empty.headers,
    });
    expect(none.statusCode).toBe(422);
    expect(fieldErrors(none).bill).toEqual([PORT_DOCUMENT_MESSAGES.none]);

    const body = await multipart([['bill', PDF, 'march-bill.pdf', 'application/pdf']]);
    const agent = await t.as('agent@demo.test', {
      method: 'POST',
      url,
      payload: body.payload,
      headers: body.headers,
    });
    expect(agent.statusCode).toBe(403);
    const uploaded = await t.as('owner@demo.test', {
      method: 'POST',
      url,
      payload: body.payload,
      headers: body.headers,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json<PortRequest>()).toMatchObject({ status: 'pending', reason: null });
    expect(uploaded.json<PortRequest>().documents.map((d) => d.name)).toEqual(['loa.png', 'march-bill.pdf']);

    // A second upload now is not asked for.
    const again = await t.as('owner@demo.test', {
      method: 'POST',
      url,
      payload: body.payload,
      headers: body.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PORT_MESSAGES.notAsked);

    for (let i = 0; i < 3; i++) await step();
    expect((await port(made.id)).history.map((event) => event.status)).toEqual([
      'pending',
      'documentsRequested',
      'pending',
      'submitted',
      'focScheduled',
      'completed',
    ]);
  });

  it('rejects an account number ending 0000, naming the account number', async () => {
    const made = await created({ account_number: '55510000' });
    await step();
    expect(await port(made.id)).toMatchObject({
      status: 'rejected',
      reason: PORT_DESK_REASONS.accountNumber,
      reason_field: 'account_number',
    });
    // Ended: no more steps, and its numbers may be asked for again.
    await step();
    expect((await port(made.id)).status).toBe('rejected');
    expect((await create({ numbers: made.numbers })).statusCode).toBe(201);
  });

  it('over the number limit at completion: rejected with the limit’s message, no number added', async () => {
    const made = await created({
      numbers: [
        { number: freshLocal(), type: 1 },
        { number: freshLocal(), type: 1 },
      ],
    });
    await step();
    await step();
    const count = await used();
    await setLimit(count + 1);
    await step();
    expect(await port(made.id)).toMatchObject({
      status: 'rejected',
      reason: limitReachedMessage(count + 1),
      reason_field: 'numbers',
    });
    expect(await used()).toBe(count);
    await setLimit(500);
  });
});

describe('a number that reaches the platform while its port is under way', () => {
  it('stops the port naming that number; none of its numbers is added', async () => {
    const [first, second] = [freshLocal(), freshLocal()];
    const made = await created({
      numbers: [
        { number: first, type: 1 },
        { number: second, type: 1 },
      ],
    });
    await step();
    await step();
    expect((await port(made.id)).status).toBe('focScheduled');
    // Another company gets the second number meanwhile.
    await t.ctx.db.insert(numbers).values({ company_id: other, number: second });
    await step();
    expect(await port(made.id)).toMatchObject({
      status: 'rejected',
      reason: DESK_MESSAGES.taken(second),
      reason_field: 'numbers.1.number',
    });
    expect(await t.ctx.db.select().from(numbers).where(eq(numbers.number, first))).toEqual([]);
  });
});

describe('POST /company/{companyId}/ports/{id}/cancel', () => {
  it('cancels before the FOC date; the desk never moves it again; after the FOC date it is 409', async () => {
    const early = await created();
    const canceled = await t.as('owner@demo.test', {
      method: 'POST',
      url: `/api/company/${motors}/ports/${early.id}/cancel`,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json<PortRequest>()).toMatchObject({ status: 'canceled' });
    await step();
    expect((await port(early.id)).status).toBe('canceled');

    const late = await created();
    await step();
    await step();
    expect((await port(late.id)).status).toBe('focScheduled');
    const refused = await t.as('admin@demo.test', {
      method: 'POST',
      url: `/api/company/${motors}/ports/${late.id}/cancel`,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PORT_MESSAGES.notCancellable);
    const agent = await t.as('agent@demo.test', {
      method: 'POST',
      url: `/api/company/${motors}/ports/${late.id}/cancel`,
    });
    expect(agent.statusCode).toBe(403);
  });
});
