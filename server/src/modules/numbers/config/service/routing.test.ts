/** routingConfigOf: the stored configuration as the routing engine's input parts (routing/types.ts). */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { blocks } from '../../../../db/schema';
import { route } from '../../../../routing/engine';
import { sharedTestApp } from '../../../../testing/testApp';
import { routingConfigOf } from './routing';

const t = sharedTestApp();

describe('routingConfigOf', () => {
  it('the seeded in-app line: 24/7, no greeting or menu, one in-app extension with agent and agent2', async () => {
    const config = await routingConfigOf(t.ctx.db, t.ids.numbers.motorsInApp);
    const agent = t.ids.users['agent@demo.test'];
    const agent2 = t.ids.users['agent2@demo.test'];
    expect(config).toEqual({
      number: {
        id: t.ids.numbers.motorsInApp,
        number: '+13125550104',
        routes: [
          {
            extension: 1,
            label: 'Agents in the app',
            forwards: [],
            stagger: false,
            caller_id_pass_thru: true,
            type: 'in-app-calling',
            confirm_key: false,
            confirm_key_wait: 10,
            timeout: 20,
            onhold_music_id: null,
            geo_by_state_enabled: false,
            geo_by_state_static_fallback: true,
            confirm_whisper: '',
            email_alert_address: '',
            voicemail_enabled: false,
            round_robin: 'none',
            members: [agent, agent2],
            voicemail_greeting: null,
          },
        ],
        greeting: null,
        menu: {},
        after_hours_extension: null,
        voicemail: { greeting: null, email_alert_address: 'owner@demo.test' },
        recording_enabled: false,
        call_transcription_enabled: true,
      },
      schedule: expect.objectContaining({
        preset: 1,
        timezone: 'America/Chicago',
        voicemail: false,
        blocks: [],
      }),
      blocks: [],
    });
  });

  it('the main line follows the company’s business hours, with its greeting, menu and voicemail', async () => {
    const config = await routingConfigOf(t.ctx.db, t.ids.numbers.motorsMain);
    expect(config?.schedule).toMatchObject({
      preset: 6,
      timezone: 'America/Chicago',
      mon_open_hour: '08:00',
      mon_close_hour: '19:00',
      sun_open_hour: 'Closed',
    });
    expect(config?.number.greeting).toEqual({ audioUrl: null, text: expect.stringMatching(/press 1/) });
    expect(config?.number.menu).toEqual({ timeout: 5, retries: 1, default_extension: 1 });
    expect(config?.number.routes.map((r) => r.label)).toEqual(['Sales', 'Service', 'Parts']);
    expect(config?.number.voicemail.greeting?.text).toMatch(/after hours/);
  });

  it('resolves a greeting reference through the resolver it is given', async () => {
    const { numbers } = await import('../../../../db/schema');
    await t.ctx.db
      .update(numbers)
      .set({ greeting: { greeting_id: 7 } })
      .where(eq(numbers.id, t.ids.numbers.motorsSales));
    const unresolved = await routingConfigOf(t.ctx.db, t.ids.numbers.motorsSales);
    expect(unresolved?.number.greeting).toBeNull();
    const resolved = await routingConfigOf(t.ctx.db, t.ids.numbers.motorsSales, {
      resolveGreeting: async (id) => ({ audioUrl: `https://media.test/greetings/${id}.mp3`, text: null }),
    });
    expect(resolved?.number.greeting).toEqual({ audioUrl: 'https://media.test/greetings/7.mp3', text: null });
  });

  it('answers null for no such number', async () => {
    expect(await routingConfigOf(t.ctx.db, 999_999)).toBeNull();
  });

  it('drives the engine: a call to the in-app line at 3 a.m. on a Sunday rings agent and agent2 at once', async () => {
    const config = await routingConfigOf(t.ctx.db, t.ids.numbers.motorsInApp);
    if (!config) throw new Error('no config');
    const agent = t.ids.users['agent@demo.test'] ?? 0;
    const agent2 = t.ids.users['agent2@demo.test'] ?? 0;
    const decision = route({
      ...config,
      agents: [
        { id: agent, name: 'Aria Agent', status: 'active', onCall: false, clientIdentity: `user-${agent}` },
        {
          id: agent2,
          name: 'Andre Agent',
          status: 'active',
          onCall: false,
          clientIdentity: `user-${agent2}`,
        },
      ],
      roundRobin: {},
      caller: { number: '+16465550199' },
      now: new Date('2026-11-22T09:00:00Z'),
      step: { kind: 'start' },
    });
    expect(decision.action).toMatchObject({ type: 'dial', mode: 'simultaneous' });
    const targets = decision.action.type === 'dial' ? decision.action.targets : [];
    expect(targets.map((target) => (target.kind === 'client' ? target.userId : null))).toEqual([
      agent,
      agent2,
    ]);
  });

  it('a blocked caller of the number is in its blocks', async () => {
    await t.ctx.db.insert(blocks).values({
      company_id: t.ids.companies.demoMotors,
      target: '+16465550111',
      number_id: t.ids.numbers.motorsInApp,
    });
    const config = await routingConfigOf(t.ctx.db, t.ids.numbers.motorsInApp);
    expect(config?.blocks).toEqual([
      { target: '+16465550111', global: false, number_id: t.ids.numbers.motorsInApp },
    ]);
  });
});
