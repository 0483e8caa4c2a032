/**
 * The composition root picks each service by configuration and builds it once per server: the text carrier is
 * the sandbox without Twilio and Twilio with it, new calls go through the same, text-to-speech is espeak-ng;
 * whatever a test gives instead is used as given. Nothing here touches the database.
 */
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sandboxCarrier } from './carriers/sandbox';
import { composeServices, type ServiceOverrides } from './composition';
import type { Db } from './db/client';
import type { TextToSpeech } from './lib/tts';
import { testConfig } from './testing/config';
import { memoryOutbox } from './testing/memoryOutbox';

const TWILIO = { twilio: { accountSid: 'AC1', authToken: 'tok' } };

const compose = (config: Parameters<typeof testConfig>[0] = {}, overrides: ServiceOverrides = {}) =>
  composeServices(testConfig(config), {} as Db, overrides);

describe('the text carrier', () => {
  it('is the sandbox without Twilio, Twilio with it, and the context’s own carrier when set', () => {
    const sandbox = compose();
    expect(sandbox.carrier.name).toBe('sandbox');
    expect(sandbox.carrier).toBe(sandbox.carrier);
    expect(sandbox.carrier).not.toBe(compose().carrier);
    expect(compose(TWILIO).carrier.name).toBe('twilio');
    const own = sandboxCarrier(memoryOutbox().outbox);
    expect(compose(TWILIO, { carrier: own }).carrier).toBe(own);
  });

  it('the sandbox records its sends in the outbox the context was given', async () => {
    const { sent, outbox } = memoryOutbox();
    const ctx = compose({}, { outbox });
    await ctx.carrier.sendMessage({
      from: '+13125550100',
      to: '+12025550150',
      body: 'Hi',
      media: [],
      companyId: 7,
    });
    expect(sent).toEqual([
      { channel: 'sms', companyId: 7, to: '+12025550150', from: '+13125550100', body: 'Hi' },
    ]);
    expect(ctx.carrier.validateWebhook({} as FastifyRequest)).toBe(false);
  });
});

describe('the voice carriers', () => {
  it('new calls go through the sandbox without Twilio and through Twilio with it; both are there for calls under way', () => {
    const sandbox = compose();
    expect(sandbox.voice.current).toBe(sandbox.voice.sandbox);
    expect(sandbox.voice.twilio.name).toBe('twilio');
    const twilio = compose(TWILIO);
    expect(twilio.voice.current).toBe(twilio.voice.twilio);
    expect(twilio.voice.sandbox.name).toBe('sandbox');
    expect(twilio.voice.current).not.toBe(compose(TWILIO).voice.current);
  });
});

describe('text-to-speech', () => {
  it('answers the injected engine, else builds espeak-ng once per context', () => {
    const fake: TextToSpeech = {
      available: async () => true,
      voices: async () => [],
      speak: async () => Buffer.alloc(0),
    };
    expect(compose({}, { tts: fake }).tts).toBe(fake);
    const ctx = compose();
    expect(ctx.tts).toBe(ctx.tts);
    expect(ctx.tts).not.toBe(compose().tts);
  });
});

describe('the clock and the sign-in throttle', () => {
  it('the throttle counts time by the context’s clock', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const ctx = compose({}, { now: () => now });
    const attempt = { account: 'a@example.test', address: '203.0.113.1' };
    for (let i = 0; i < 10; i++) await ctx.loginThrottle.fail(attempt);
    expect((await ctx.loginThrottle.check(attempt)).allowed).toBe(false);
    now = new Date('2026-01-01T00:16:00Z');
    expect((await ctx.loginThrottle.check(attempt)).allowed).toBe(true);
  });
});
