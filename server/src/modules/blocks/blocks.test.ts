/** §7 Blocks: list, add (E.164, global or one number of the company), lift; 404 across companies, 403 by role. */
import { BLOCK_ACTION_INVALID, BLOCK_ACTION_REJECT, type Block } from '@shared/api/blocks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fieldErrors, type TestApp } from '../../testing/testApp';
import { routingConfigOf } from '../numbers/config/service/routing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const create = (email: string, payload: unknown) =>
  t.as(email, { method: 'POST', url: '/api/blocks', payload: payload as object });
const list = (email: string, companyId = t.ids.companies.demoMotors) =>
  t.as(email, { method: 'GET', url: `/api/blocks/${companyId}` });
const remove = (email: string, id: number) => t.as(email, { method: 'DELETE', url: `/api/blocks/${id}` });

describe('POST /blocks', () => {
  it('an agent blocks a caller on one number, the target normalised to E.164', async () => {
    const response = await create('agent@demo.test', {
      company_id: t.ids.companies.demoMotors,
      target: '(646) 555-0142',
      number_id: t.ids.numbers.motorsSales,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Block>()).toMatchObject({
      company_id: t.ids.companies.demoMotors,
      target: '+16465550142',
      global: false,
      number_id: t.ids.numbers.motorsSales,
      action: 1,
    });
    const listed = (await list('agent@demo.test')).json<{ data: Block[] }>().data;
    expect(listed.map((b) => b.target)).toContain('+16465550142');
  });

  it('a global block covers every number: routing gets it for each, a per-number block only for its number', async () => {
    const response = await create('owner@demo.test', {
      company_id: t.ids.companies.demoMotors,
      target: '+1 646 555 0143',
      global: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Block>()).toMatchObject({ target: '+16465550143', global: true, number_id: null });
    const main = await routingConfigOf(t.ctx.db, t.ids.numbers.motorsMain);
    const sales = await routingConfigOf(t.ctx.db, t.ids.numbers.motorsSales);
    expect(main?.blocks).toEqual([{ target: '+16465550143', global: true, number_id: null }]);
    expect(sales?.blocks).toEqual(
      expect.arrayContaining([
        { target: '+16465550143', global: true, number_id: null },
        { target: '+16465550142', global: false, number_id: t.ids.numbers.motorsSales },
      ]),
    );
    const other = await routingConfigOf(t.ctx.db, t.ids.numbers.otherMain);
    expect(other?.blocks).toEqual([]);
  });

  it.each([
    [
      'a target that is no phone number',
      { target: 'spam' },
      { target: ['Enter a valid phone number to block.'] },
    ],
    ['no target', { global: true, target: undefined }, { target: ['Enter a valid phone number to block.'] }],
    [
      'neither global nor a number',
      { target: '+16465550150' },
      { number_id: ['Choose the number to block the caller on, or make the block global.'] },
    ],
    [
      'global with a number',
      { target: '+16465550150', global: true, number_id: 1 },
      { number_id: ['A global block covers every number; leave the number out.'] },
    ],
  ])('refuses %s', async (_what, payload, errors) => {
    const response = await create('owner@demo.test', { company_id: t.ids.companies.demoMotors, ...payload });
    expect(response.statusCode, response.body).toBe(422);
    expect(fieldErrors(response)).toEqual(errors);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['action 1 on one number', { action: 1, number_id: 0 }, '+16465550160'],
    ['action 1 on every number', { action: 1, global: true }, '+16465550161'],
    ['no action (a block is the §3 action 1 all the same)', { global: true }, '+16465550162'],
  ])(
    '§3 Block "target, global, number_id, company_id, action 1": accepts %s',
    async (_what, fields, target) => {
      const payload = {
        company_id: t.ids.companies.demoMotors,
        target,
        ...fields,
        ...(fields.number_id === 0 ? { number_id: t.ids.numbers.motorsSales } : {}),
      };
      const response = await create('agent@demo.test', payload);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<Block>()).toMatchObject({ target, action: BLOCK_ACTION_REJECT });
    },
  );

  it.each<[string, unknown]>([
    ['action 2 (§3 defines only 1)', 2],
    ['action 0', 0],
    ['action "1" (a number, not text)', '1'],
    ['action null', null],
    ['action "reject"', 'reject'],
  ])('§3 Block "action 1": refuses %s with 422 on action', async (_what, action) => {
    const response = await create('owner@demo.test', {
      company_id: t.ids.companies.demoMotors,
      target: '+16465550169',
      global: true,
      action,
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(fieldErrors(response)).toEqual({ action: [BLOCK_ACTION_INVALID] });
    expect(BLOCK_ACTION_INVALID).toBe('A block’s action is 1 (reject the caller), the only one there is.');
  });

  it('refuses another company’s number and a caller already blocked', async () => {
    const foreign = await create('owner@demo.test', {
      company_id: t.ids.companies.demoMotors,
      target: '+16465550151',
      number_id: t.ids.numbers.otherMain,
    });
    expect(fieldErrors(foreign)).toEqual({ number_id: ['This is not a number of this company.'] });
    const twice = await create('owner@demo.test', {
      company_id: t.ids.companies.demoMotors,
      target: '6465550142',
      number_id: t.ids.numbers.motorsSales,
    });
    expect(fieldErrors(twice)).toEqual({ target: ['This number is already blocked on this number.'] });
    const underGlobal = await create('owner@demo.test', {
      company_id: t.ids.companies.demoMotors,
      target: '+16465550143',
      number_id: t.ids.numbers.motorsMain,
    });
    expect(fieldErrors(underGlobal)).toEqual({
      target: ['This number is already blocked on every number of the company.'],
    });
  });

  it('404 for another company (or a missing company id: 422); 403 for reporting and billing', async () => {
    const payload = { target: '+16465550152', global: true };
    expect(
      (await create('owner@demo.test', { ...payload, company_id: t.ids.companies.otherCo })).statusCode,
    ).toBe(404);
    expect((await create('owner@demo.test', payload)).statusCode).toBe(422);
    const reporting = await create('reporting@demo.test', {
      ...payload,
      company_id: t.ids.companies.demoMotors,
    });
    expect(reporting.statusCode).toBe(403);
    expect((await list('billing@demo.test')).statusCode).toBe(403);
    expect((await list('owner@demo.test', t.ids.companies.otherCo)).statusCode).toBe(404);
  });
});

describe('GET /blocks/{companyId}: where and by whom', () => {
  it('names the tracked number a block is on and who blocked the caller, when; a global block has no number', async () => {
    const agent = (await t.as('agent@demo.test', { method: 'GET', url: '/api/user' })).json<{
      id: number;
      name: string;
    }>();
    const onSales = (
      await create('agent@demo.test', {
        company_id: t.ids.companies.demoMotors,
        target: '+16465550170',
        number_id: t.ids.numbers.motorsSales,
      })
    ).json<Block>();
    expect(onSales.blocked_by).toEqual({ id: agent.id, name: agent.name });
    expect(onSales.number).toMatch(/^\+1\d{10}$/);
    const everywhere = (
      await create('owner@demo.test', {
        company_id: t.ids.companies.demoMotors,
        target: '+16465550171',
        global: true,
      })
    ).json<Block>();
    expect(everywhere.number).toBeNull();

    const listed = (await list('agent@demo.test')).json<{ data: Block[] }>().data;
    const sales = listed.find((block) => block.id === onSales.id);
    expect(sales).toMatchObject({ number_id: t.ids.numbers.motorsSales, blocked_by: onSales.blocked_by });
    expect(sales?.number).toBe(onSales.number);
    expect(Number.isNaN(Date.parse(sales?.created_at ?? ''))).toBe(false);
    const global = listed.find((block) => block.id === everywhere.id);
    expect(global).toMatchObject({ global: true, number: null, number_id: null });
    expect(global?.blocked_by?.name).toBeTruthy();
    expect(global?.blocked_by?.id).not.toBe(agent.id);
  });
});

describe('DELETE /blocks/{id}', () => {
  it('an administrator lifts a block; an agent may not (403); another company’s answers 404', async () => {
    const created = (
      await create('agent@demo.test', {
        company_id: t.ids.companies.demoMotors,
        target: '+16465550160',
        global: true,
      })
    ).json<Block>();
    expect((await remove('agent@demo.test', created.id)).statusCode).toBe(403);
    expect((await remove('other@demo.test', created.id)).statusCode).toBe(404);
    expect((await remove('admin@demo.test', created.id)).statusCode).toBe(204);
    expect((await remove('admin@demo.test', created.id)).statusCode).toBe(404);
    const listed = (await list('admin@demo.test')).json<{ data: Block[] }>().data;
    expect(listed.map((b) => b.id)).not.toContain(created.id);
  });
});
