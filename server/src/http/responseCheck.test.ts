/**
 * Answers that match the document (the probe's finding: `GET /dniSources` answered pools with properties its
 * schema does not have). Every API test's app holds each answer to its contract response schema, strictly
 * (http/responseCheck.ts): here, that the check catches drift and stays out of the way otherwise, and the finding
 * itself.
 */

import { endpoint } from '@shared/api/contract';
import { DNI_ENDPOINTS } from '@shared/api/dni';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { sharedTestApp } from '../testing/testApp';
import { errorHandler } from './errorHandler';
import { strictSchema } from './responseCheck';
import { registerRoute } from './route';

const t = sharedTestApp();

describe('strictSchema', () => {
  const Item = z.object({ id: z.number(), name: z.string() });
  const Schema = z
    .object({
      data: z.array(Item),
      owner: Item.nullable().optional(),
      kind: z.discriminatedUnion('type', [
        z.object({ type: z.literal('a') }),
        z.object({ type: z.literal('b'), extra: z.number() }),
      ]),
      byName: z.record(z.string(), Item),
      tree: z.lazy(() => Item),
    })
    .refine((value) => value.data.length < 3, 'At most two.');
  const answer = {
    data: [{ id: 1, name: 'one' }],
    owner: null,
    kind: { type: 'b', extra: 1 },
    byName: { one: { id: 1, name: 'one' } },
    tree: { id: 2, name: 'two' },
  };
  const strict = strictSchema(Schema);

  it('accepts what the schema describes, and keeps its checks', () => {
    expect(strict.safeParse(answer).success).toBe(true);
    const three = { ...answer, data: [answer.data[0], answer.data[0], answer.data[0]] };
    expect(strict.safeParse(three).success).toBe(false);
  });

  it.each([
    ['at the top', { ...answer, more: 1 }, []],
    ['in an array item', { ...answer, data: [{ id: 1, name: 'one', more: 1 }] }, ['data', 0]],
    ['in a nullable, optional object', { ...answer, owner: { id: 1, name: 'x', more: 1 } }, ['owner']],
    ['in a union’s option', { ...answer, kind: { type: 'a', extra: 1 } }, ['kind']],
    [
      'in a record’s value',
      { ...answer, byName: { one: { id: 1, name: 'one', more: 1 } } },
      ['byName', 'one'],
    ],
    ['behind a lazy schema', { ...answer, tree: { id: 2, name: 'two', more: 1 } }, ['tree']],
  ])('refuses a property the schema does not have %s', (_where, value, path) => {
    const result = strict.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toContainEqual(path);
  });

  it('leaves the schema itself as it was: input with more properties is still read, the rest stripped', () => {
    expect(Schema.parse({ ...answer, more: 1 })).not.toHaveProperty('more');
  });
});

describe('the route wrapper holds answers to the contract when `checkResponses` is on', () => {
  const drifting = endpoint({
    method: 'GET',
    path: '/drift',
    summary: 'A route whose handler answers more than its contract says.',
    response: z.object({ id: z.number(), at: z.iso.datetime().optional() }),
  });

  async function appWith(checkResponses: boolean, answer: unknown) {
    const app = Fastify({ logger: false });
    app.setErrorHandler(errorHandler);
    registerRoute(
      app,
      { ...t.ctx, config: { ...t.ctx.config, checkResponses } },
      {
        endpoint: drifting,
        access: 'public',
        handler: async () => answer as { id: number },
      },
    );
    await app.ready();
    return app;
  }

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('a drifting answer fails with a 500, and the zod issues go to the test log', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = await appWith(true, { id: 1, secret: 'not in the contract' });
    const response = await app.inject({ method: 'GET', url: '/drift' });
    await app.close();
    expect(response.statusCode).toBe(500);
    expect(log).toHaveBeenCalledOnce();
    expect(String(log.mock.calls[0]?.[0])).toMatch(/GET \/drift[\s\S]*Unrecognized key: "secret"/);
  });

  it('an answer that matches passes untouched; dates are checked as the client receives them (text)', async () => {
    const at = new Date('2026-11-24T15:00:00Z');
    const app = await appWith(true, { id: 1, at });
    const response = await app.inject({ method: 'GET', url: '/drift' });
    await app.close();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 1, at: at.toISOString() });
  });

  it('off (production), the answer goes as the handler gave it', async () => {
    const app = await appWith(false, { id: 1, secret: 'x' });
    const response = await app.inject({ method: 'GET', url: '/drift' });
    await app.close();
    expect(response.statusCode).toBe(200);
  });

  it('is on in every API test’s app', () => {
    expect(t.ctx.config.checkResponses).toBe(true);
  });
});

describe('GET /dniSources answers its document’s shape', () => {
  it('each pool that serves a source is its id and name, nothing more', async () => {
    const response = await t.as('owner@demo.test', {
      method: 'GET',
      url: `/api/dniSources?companyId=${t.ids.companies.demoMotors}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json<{ data: { pools: Record<string, unknown>[] }[] }>();
    const pools = data.flatMap((source) => source.pools);
    // The seed's pools serve its sources: without any, this would prove nothing.
    expect(pools.length).toBeGreaterThan(0);
    for (const pool of pools) expect(Object.keys(pool).sort()).toEqual(['id', 'name']);
    expect(strictSchema(DNI_ENDPOINTS.sources.response).safeParse(response.json()).success).toBe(true);
  });
});
