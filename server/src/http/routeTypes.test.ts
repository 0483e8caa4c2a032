/**
 * Handlers are typed by their endpoint's response: a handler that answers another shape does not compile. The
 * `@ts-expect-error` lines are the test (`npm test` type-checks this file); the registrations never run.
 */
import { endpoint } from '@shared/api/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppContext } from './context';
import { registerRoute } from './route';

const SHAPED = endpoint({
  method: 'GET',
  path: '/typed',
  summary: 'A route with a response shape.',
  response: z.object({ id: z.number(), name: z.string() }),
});
const EMPTY = endpoint({
  method: 'DELETE',
  path: '/typed',
  summary: 'A route with no body.',
  response: null,
});

function registrations(app: FastifyInstance, ctx: AppContext) {
  registerRoute(app, ctx, {
    endpoint: SHAPED,
    access: 'public',
    handler: async () => ({ id: 1, name: 'x' }),
  });
  registerRoute(app, ctx, {
    endpoint: SHAPED,
    access: 'public',
    // @ts-expect-error a field of the wrong type
    handler: async () => ({ id: '1', name: 'x' }),
  });
  registerRoute(app, ctx, {
    endpoint: SHAPED,
    access: 'public',
    // @ts-expect-error a missing field
    handler: async () => ({ id: 1 }),
  });
  registerRoute(app, ctx, {
    endpoint: SHAPED,
    access: 'public',
    // @ts-expect-error nothing where the contract promises a body
    handler: async () => undefined,
  });
  registerRoute(app, ctx, { endpoint: EMPTY, access: 'public', handler: async () => {} });
  registerRoute(app, ctx, {
    endpoint: SHAPED,
    access: 'public',
    handler: async ({ reply }) => reply.send(''),
  });
}

describe('handler answers are typed by the contract', () => {
  it('is checked by the compiler (see the @ts-expect-error lines)', () => {
    expect(typeof registrations).toBe('function');
  });
});
