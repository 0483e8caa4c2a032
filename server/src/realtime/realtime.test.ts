/**
 * The embedded realtime endpoint with the official clients, unchanged: pusher-js subscribes through
 * /api/broadcasting/auth and receives what a service publishes; the `pusher` SDK publishes over the HTTP trigger
 * API. Another company's channel is refused. (§7 Realtime; ARCHITECTURE "Realtime"; TOOLCHAIN protocol notes.)
 */
import { channels, EMBEDDED_APP_ID, EMBEDDED_APP_KEY } from '@shared/realtime';
import Fastify from 'fastify';
import Pusher from 'pusher';
import type PusherClient from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { pusherClient } from '../testing/pusher';
import { createTestApp, type TestApp } from '../testing/testApp';
import { attachRealtimeEndpoint } from './endpoint';
import { embeddedRealtime } from './publish';

let t: TestApp;
let port = 0;
const clients: PusherClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await t.close();
});

async function clientFor(email: string): Promise<PusherClient> {
  const token = await t.tokenFor(email);
  const client = pusherClient(port, token);
  clients.push(client);
  return client;
}

function subscribe(client: PusherClient, name: string): Promise<'ok' | 'refused'> {
  return new Promise((resolve) => {
    const channel = client.subscribe(name);
    channel.bind('pusher:subscription_succeeded', () => resolve('ok'));
    channel.bind('pusher:subscription_error', () => resolve('refused'));
  });
}

function nextEvent(client: PusherClient, channel: string, event: string): Promise<unknown> {
  return new Promise((resolve) => client.channel(channel)?.bind(event, (data: unknown) => resolve(data)));
}

describe('pusher-js against the embedded endpoint', () => {
  it("subscribes to its company's private channel and receives what a service publishes", async () => {
    const client = await clientFor('agent@demo.test');
    const channel = channels.companies(t.ids.companies.demoMotors);
    expect(await subscribe(client, channel)).toBe('ok');
    const received = nextEvent(client, channel, 'presence.changed');
    const payload = { user_id: 5, company_id: t.ids.companies.demoMotors, status: 'away' as const };
    await t.ctx.realtime.publish(channel, 'presence.changed', payload);
    expect(await received).toEqual(payload);
  });

  it("is refused another company's channel, and another user's", async () => {
    const client = await clientFor('agent@demo.test');
    expect(await subscribe(client, channels.companies(t.ids.companies.otherCo))).toBe('refused');
    expect(await subscribe(client, channels.users(t.ids.users['agent2@demo.test'] as number))).toBe(
      'refused',
    );
    expect(await subscribe(client, channels.users(t.ids.users['agent@demo.test'] as number))).toBe('ok');
  });

  it('an organization admin may listen to every company of the organization', async () => {
    const client = await clientFor('orgadmin@demo.test');
    expect(await subscribe(client, channels.conversations(t.ids.companies.demoRealty))).toBe('ok');
  });
});

describe('the Pusher HTTP trigger API', () => {
  it("accepts the official SDK's signed requests and delivers to subscribers", async () => {
    const client = await clientFor('owner@demo.test');
    const channel = channels.campaigns(t.ids.companies.demoMotors);
    expect(await subscribe(client, channel)).toBe('ok');
    const received = nextEvent(client, channel, 'campaigns.updated');
    const sdk = new Pusher({
      appId: EMBEDDED_APP_ID,
      key: EMBEDDED_APP_KEY,
      secret: 'test-realtime-secret',
      host: '127.0.0.1',
      port: String(port),
      useTLS: false,
    });
    const response = await sdk.trigger(channel, 'campaigns.updated', { id: 3, state: 'sent' });
    expect(response.status).toBe(200);
    expect(await received).toEqual({ id: 3, state: 'sent' });
  });

  it('refuses a request signed with another secret', async () => {
    const sdk = new Pusher({
      appId: EMBEDDED_APP_ID,
      key: EMBEDDED_APP_KEY,
      secret: 'wrong',
      host: '127.0.0.1',
      port: String(port),
      useTLS: false,
    });
    await expect(sdk.trigger('private-companies.1', 'x', {})).rejects.toMatchObject({ status: 401 });
  });
});

describe('the protocol, spoken by hand', () => {
  async function rawSocket(): Promise<{
    socket: WebSocket;
    next: () => Promise<{ event: string; data: unknown; channel?: string }>;
  }> {
    const socket = new WebSocket(
      `ws://127.0.0.1:${port}/app/${EMBEDDED_APP_KEY}?protocol=7&client=js&version=8.4.0`,
    );
    const queue: string[] = [];
    const waiters: ((text: string) => void)[] = [];
    socket.on('message', (raw) => {
      const waiter = waiters.shift();
      if (waiter) waiter(String(raw));
      else queue.push(String(raw));
    });
    const next = () =>
      new Promise<{ event: string; data: unknown; channel?: string }>((resolve) => {
        const take = (text: string) => resolve(JSON.parse(text));
        const queued = queue.shift();
        if (queued) take(queued);
        else waiters.push(take);
      });
    await new Promise((resolve) => socket.once('open', resolve));
    return { socket, next };
  }

  it('establishes a connection with a socket id, answers pings, refuses client events and forged auth', async () => {
    const { socket, next } = await rawSocket();
    const hello = await next();
    expect(hello.event).toBe('pusher:connection_established');
    const { socket_id, activity_timeout } = JSON.parse(String(hello.data));
    expect(socket_id).toMatch(/^\d+\.\d+$/);
    expect(activity_timeout).toBe(120);

    socket.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
    expect((await next()).event).toBe('pusher:pong');

    socket.send(JSON.stringify({ event: 'client-typing', channel: 'private-companies.1', data: {} }));
    expect(await next()).toMatchObject({ event: 'pusher:error', data: { code: 4301 } });

    socket.send(
      JSON.stringify({
        event: 'pusher:subscribe',
        data: { channel: 'private-companies.1', auth: `${EMBEDDED_APP_KEY}:forged` },
      }),
    );
    expect(await next()).toMatchObject({
      event: 'pusher:subscription_error',
      channel: 'private-companies.1',
    });
    socket.close();
  });

  it('closes a connection to an unknown app key', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/app/nope?protocol=7`);
    const code = await new Promise((resolve) => socket.once('close', (closeCode) => resolve(closeCode)));
    expect(code).toBe(4001);
  });
});

describe('idle connections', () => {
  it('are pinged after the activity timeout and closed when they do not answer', async () => {
    // An endpoint with short timeouts on a server of its own, so the test does not wait two minutes.
    const server = Fastify({ logger: false });
    attachRealtimeEndpoint(server, embeddedRealtime(), {
      secret: 'x',
      activityTimeoutMs: 200,
      pongWaitMs: 200,
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = server.server.address();
      const socket = new WebSocket(
        `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/app/${EMBEDDED_APP_KEY}`,
      );
      const events: string[] = [];
      socket.on('message', (raw) => events.push(JSON.parse(String(raw)).event));
      const code = await new Promise((resolve) => socket.once('close', (closeCode) => resolve(closeCode)));
      expect(events).toEqual(['pusher:connection_established', 'pusher:ping']);
      expect(code).toBe(4201);
    } finally {
      await server.close();
    }
  });
});
