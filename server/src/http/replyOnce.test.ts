/**
 * A download a handler answers itself (a stored export streamed from disk) is answered once, even when the client
 * hangs up before the last byte leaves: route.ts must not then send the route's own answer on top of it, which
 * Fastify logs as ERR_HTTP_HEADERS_SENT ("Reply was already sent") — the outside probe's finding 10.
 *
 * Over a real socket, not `inject`: only a real connection closes before the response finishes.
 */
import { tracingChannel } from 'node:diagnostics_channel';
import { writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import type { ExportBatch } from '@shared/api/activity';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportPath } from '../modules/activity/exportWriter';
import { sharedTestAppWithFiles } from '../testing/testApp';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const t = sharedTestAppWithFiles();
const EMAIL = 'reporting@demo.test';

/** What the app logged at warn and error (the test app's logger is Fastify's silent one, shared by every request). */
const logged: string[] = [];

/** A log call in a line: its message and its error's code. */
function line(args: unknown[]): string {
  return args
    .map((arg) => {
      if (typeof arg === 'string') return arg;
      const { err } = (arg ?? {}) as { err?: { code?: string; message?: string } };
      return err ? `${err.code ?? ''} ${err.message ?? ''}`.trim() : String(arg);
    })
    .join(' — ');
}
let origin: string;

beforeAll(async () => {
  vi.spyOn(t.app.log, 'warn').mockImplementation((...args: unknown[]) => void logged.push(line(args)));
  vi.spyOn(t.app.log, 'error').mockImplementation((...args: unknown[]) => void logged.push(line(args)));
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterEach(() => {
  logged.length = 0;
});

/** Resolves once Fastify has finished with the handler of the next request to `url` (its promise settled). */
function handlerSettled(url: string): Promise<void> {
  const channel = tracingChannel<unknown, { request: { url: string } }>('fastify.request.handler');
  return new Promise((resolve) => {
    const done = (store: { request: { url: string } }) => {
      if (store.request.url !== url) return;
      channel.unsubscribe(subscribers);
      resolve();
    };
    const subscribers = {
      start: () => undefined,
      end: () => undefined,
      asyncStart: () => undefined,
      asyncEnd: done,
      error: done,
    };
    channel.subscribe(subscribers);
  });
}

/** GETs `path` over a socket of its own and hangs up as soon as the answer starts (the headers have arrived). */
async function hangUpAfterHeaders(path: string): Promise<string> {
  const { port } = new URL(origin);
  const token = await t.tokenFor(EMAIL);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n\r\n`);
    });
    socket.once('data', (chunk: Buffer) => {
      socket.destroy();
      resolve(chunk.toString('latin1').split('\r\n')[0] ?? '');
    });
    socket.once('error', reject);
  });
}

async function finishedExport(): Promise<ExportBatch> {
  const companyId = t.ids.companies.demoMotors;
  const started = await t.as(EMAIL, {
    method: 'POST',
    url: '/api/calls/export',
    payload: { companyId, columns: ['started_at', 'caller'] },
  });
  expect(started.statusCode, started.body).toBe(202);
  const { id } = started.json<ExportBatch>();
  for (;;) {
    const batch = (
      await t.as(EMAIL, { method: 'GET', url: `/api/companies/${companyId}/exports/${id}` })
    ).json<ExportBatch>();
    if (batch.state !== 'running') return batch;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('a download answered by its handler', () => {
  it('is sent once when the client hangs up part-way: nothing sent again, nothing logged', async () => {
    const batch = await finishedExport();
    expect(batch.state).toBe('finished');
    const companyId = t.ids.companies.demoMotors;
    // Far more than the socket buffers hold, so the server is still writing when the client hangs up.
    await writeFile(exportPath(t.ctx, companyId, batch.id), Buffer.alloc(64 * 1024 * 1024, 'a,b\r\n'));
    const path = `/api/companies/${companyId}/exports/${batch.id}/download`;

    const settled = handlerSettled(path);
    expect(await hangUpAfterHeaders(path)).toBe('HTTP/1.1 200 OK');
    await settled;

    expect(logged).toEqual([]);
  });
});
