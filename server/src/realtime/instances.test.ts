/**
 * Realtime across instances (issue 18 "Scale-out and speed"): two instances of one deployment on one database and
 * one Redis, each with its embedded endpoint on a port of its own, as behind a load balancer. An event published
 * on either reaches pusher-js clients on both, exactly once, leaving out the socket that caused it; a channel
 * signed by one instance is accepted by the other (they share REALTIME_SECRET). One instance alone delivers as
 * before: synchronously, to its listeners and sockets, once.
 */
import { channels, EMBEDDED_APP_ID, EMBEDDED_APP_KEY } from '@shared/realtime';
import Pusher from 'pusher';
import type PusherClient from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localCluster } from '../cluster';
import { createTestInstances, type TestInstances } from '../testing/instances';
import { pusherClient } from '../testing/pusher';
import { testRedisUrl } from '../testing/redis';
import type { TestApp } from '../testing/testApp';
import { embeddedRealtime, pusherFrame, type SocketDelivery } from './publish';

const redisUrl = await testRedisUrl('realtime across instances');

describe.runIf(redisUrl)('two instances sharing one Redis', () => {
  let instances: TestInstances;
  const ports = new Map<TestApp, number>();
  const clients: PusherClient[] = [];

  beforeAll(async () => {
    instances = await createTestInstances(redisUrl as string);
    for (const instance of [instances.a, instances.b]) {
      await instance.app.listen({ port: 0, host: '127.0.0.1' });
      const address = instance.app.server.address();
      ports.set(instance, typeof address === 'object' && address ? address.port : 0);
    }
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await instances?.close();
  });

  /**
   * A pusher-js client whose socket is on `socketOn` and whose channels are signed by `authOn`: behind a load
   * balancer the two are often different instances.
   */
  async function clientOn(socketOn: TestApp, authOn: TestApp = socketOn): Promise<PusherClient> {
    const token = await authOn.tokenFor('agent@demo.test');
    const client = pusherClient(ports.get(socketOn) ?? 0, token, ports.get(authOn));
    clients.push(client);
    const channel = client.subscribe(channels.companies(instances.a.ids.companies.demoMotors));
    await new Promise<void>((resolve, reject) => {
      channel.bind('pusher:subscription_succeeded', () => resolve());
      channel.bind('pusher:subscription_error', (error: unknown) => reject(new Error(JSON.stringify(error))));
    });
    return client;
  }

  /** Every `presence.changed` the client receives on the company channel, in order. */
  function heardBy(client: PusherClient): { status: string }[] {
    const heard: { status: string }[] = [];
    client
      .channel(channels.companies(instances.a.ids.companies.demoMotors))
      ?.bind('presence.changed', (payload: { status: string }) => heard.push(payload));
    return heard;
  }

  const publishOn = (instance: TestApp, status: 'active' | 'away', exceptSocketId?: string) =>
    instance.ctx.realtime.publish(
      channels.companies(instance.ids.companies.demoMotors),
      'presence.changed',
      { user_id: 5, company_id: instance.ids.companies.demoMotors, status },
      exceptSocketId,
    );

  /**
   * Publishes a last event on `from` and waits until every client has it: events from one instance arrive in the
   * order published, so whatever an earlier event was going to deliver (a duplicate, say) has arrived by then.
   */
  async function settle(from: TestApp, ...heard: { status: string }[][]) {
    const before = heard.map((one) => one.length);
    await publishOn(from, 'active');
    await expect
      .poll(() => heard.every((one, index) => one.length > (before[index] ?? 0)), { timeout: 5_000 })
      .toBe(true);
    for (const one of heard) one.pop();
  }

  it.each([
    ['A', 'B'],
    ['B', 'A'],
  ] as const)(
    'an event published on %s reaches clients on both instances exactly once',
    async (publisher, other) => {
      const from = publisher === 'A' ? instances.a : instances.b;
      const to = other === 'A' ? instances.a : instances.b;
      const onOther = heardBy(await clientOn(to));
      const onSame = heardBy(await clientOn(from));
      const listened: unknown[] = [];
      const stop = to.ctx.realtime.listen((_channel, event, payload) => {
        if (event === 'presence.changed' && (payload as { status: string }).status === 'away')
          listened.push(payload);
      });

      await publishOn(from, 'away');
      await settle(from, onOther, onSame);
      stop();

      expect(onOther).toEqual([expect.objectContaining({ status: 'away' })]);
      expect(onSame).toEqual([expect.objectContaining({ status: 'away' })]);
      // The other instance's own listeners hear it too, decoded, as they hear their own instance's events.
      expect(listened).toEqual([{ user_id: 5, company_id: to.ids.companies.demoMotors, status: 'away' }]);
    },
  );

  it('a channel signed by one instance is accepted on the other (they share the realtime secret)', async () => {
    const heard = heardBy(await clientOn(instances.b, instances.a));
    await publishOn(instances.a, 'away');
    await settle(instances.a, heard);
    expect(heard).toEqual([expect.objectContaining({ status: 'away' })]);
  });

  it('leaves out the socket that caused the change, on whichever instance it is', async () => {
    const causer = await clientOn(instances.b);
    const bystanderOnB = heardBy(await clientOn(instances.b));
    const bystanderOnA = heardBy(await clientOn(instances.a));
    const byCauser = heardBy(causer);

    await publishOn(instances.a, 'away', causer.connection.socket_id);
    await settle(instances.a, bystanderOnB, bystanderOnA, byCauser);

    expect(bystanderOnB).toEqual([expect.objectContaining({ status: 'away' })]);
    expect(bystanderOnA).toEqual([expect.objectContaining({ status: 'away' })]);
    expect(byCauser).toEqual([]);
  });

  it("an event triggered through one instance's Pusher HTTP API reaches clients on the other", async () => {
    const heard = heardBy(await clientOn(instances.a));
    const sdk = new Pusher({
      appId: EMBEDDED_APP_ID,
      key: EMBEDDED_APP_KEY,
      secret: 'test-realtime-secret',
      host: '127.0.0.1',
      port: String(ports.get(instances.b)),
      useTLS: false,
    });
    const channel = channels.companies(instances.b.ids.companies.demoMotors);
    expect((await sdk.trigger(channel, 'presence.changed', { status: 'away' })).status).toBe(200);
    await settle(instances.b, heard);
    expect(heard).toEqual([{ status: 'away' }]);
  });
});

describe('one instance (no Redis)', () => {
  it('delivers to its sockets and listeners once, before publish returns, with the payload as given', async () => {
    const realtime = embeddedRealtime(localCluster());
    const framed: SocketDelivery[] = [];
    const listened: unknown[] = [];
    realtime.forSockets((delivery) => framed.push(delivery));
    realtime.listen((_channel, _event, payload) => listened.push(payload));
    const payload = { user_id: 5, company_id: 1, status: 'away' as const };

    const publishing = realtime.publish('private-companies.1', 'presence.changed', payload, '1.2');
    expect(listened).toEqual([payload]);
    expect(listened[0]).toBe(payload);
    expect(framed).toEqual([
      {
        channel: 'private-companies.1',
        frame: pusherFrame('private-companies.1', 'presence.changed', payload),
        exceptSocketId: '1.2',
      },
    ]);
    await publishing;
    expect(listened).toHaveLength(1);
    expect(framed).toHaveLength(1);
  });
});
