/**
 * The routing engine, one case per rule and edge. Each case names the rule it proves (quoting the spec where it
 * states it) and checks only the parts of the decision that rule decides.
 */
import { describe, expect, it } from 'vitest';
import { route } from './engine';
import {
  AGENTS,
  agent,
  CALLER,
  type CallOptions,
  call,
  dialEnded,
  events,
  ext,
  MENU_ROUTES,
  PARTS,
  phones,
  pressed,
  SALES,
  SERVICE,
  TRACKED,
} from './fixtures';
import type { RoutingInput } from './types';

interface Case {
  rule: string;
  input: RoutingInput;
  expected: Record<string, unknown>;
}

const at = (iso: string) => new Date(iso);
const workWeek = { preset: 2 } as const;
/** Monday–Friday 9–5 written as the schedule's own hours (§3 "sent as 24-hour HH:MM"). */
const customWeek = {
  mon_open_hour: '09:00',
  mon_close_hour: '17:00',
  tue_open_hour: '09:00',
  tue_close_hour: '17:00',
  wed_open_hour: 'Closed',
  wed_close_hour: 'Closed',
  thu_open_hour: '09:00',
  thu_close_hour: '17:00',
  fri_open_hour: '22:00',
  fri_close_hour: '02:00',
  sun_open_hour: 'All Day',
  sun_close_hour: 'All Day',
};
/** A call at that instant to a number on the Mon-Fri (9-5) preset, or on Custom with `customWeek`'s hours. */
const workWeekAt = (iso: string): CallOptions => ({ schedule: workWeek, now: at(iso) });
const customWeekAt = (iso: string): CallOptions => ({ schedule: { preset: 4, ...customWeek }, now: at(iso) });
const rings = (number: string) => ({ action: { type: 'dial', targets: [{ kind: 'number', number }] } });
const closed = { action: { type: 'voicemail' }, events: events(1, 4), extension: null };
const open = rings(SALES);

function cases(list: [string, CallOptions, Record<string, unknown>][]): Case[] {
  return list.map(([rule, options, expected]) => ({ rule, input: call(options), expected }));
}

describe('blocked callers', () => {
  it.each(
    cases([
      [
        '§3 Block global: a caller blocked company-wide is rejected, Blocked (13), outcome blocked (4)',
        { blocks: [{ target: CALLER, global: true, number_id: null }] },
        { action: { type: 'reject' }, events: events(1, 13), outcome: 4, extension: null },
      ],
      [
        '§3 Block number_id: a caller blocked on this number is rejected',
        { blocks: [{ target: CALLER, global: false, number_id: 7 }] },
        { action: { type: 'reject' }, events: events(1, 13), outcome: 4 },
      ],
      [
        'a block on another number of the company does not touch this one',
        { blocks: [{ target: CALLER, global: false, number_id: 8 }] },
        { ...open, events: events(1, 6), outcome: null },
      ],
      [
        'a block target written nationally, (713) 555-0142, matches the caller in E.164',
        { blocks: [{ target: '(713) 555-0142', global: true, number_id: null }] },
        { action: { type: 'reject' }, outcome: 4 },
      ],
      [
        'blocks come before the schedule: a blocked caller does not reach Direct Voicemail',
        { blocks: [{ target: CALLER, global: true, number_id: null }], schedule: { preset: 5 } },
        { action: { type: 'reject' }, outcome: 4 },
      ],
    ]),
  )('$rule', ({ input, expected }) => expect(route(input)).toMatchObject(expected));
});

describe('schedule (§3 Hours schedule, §4 presets), read in the schedule timezone (America/New_York)', () => {
  it.each(
    cases([
      ['§4 preset 1 "24/7": open at 3am on a Sunday', { now: at('2026-03-08T07:00:00Z') }, open],
      [
        '§4 preset 5 "Direct Voicemail": the number voicemail at once, no menu, nobody rung',
        { schedule: { preset: 5 }, number: { routes: MENU_ROUTES } },
        {
          ...closed,
          action: {
            type: 'voicemail',
            greeting: { text: 'Demo Motors. Please leave a message.' },
            alertEmail: 'desk@demo.test',
          },
        },
      ],
      [
        '§4 "Direct Voicemail when the voicemail flag is set", whatever the preset',
        { schedule: { preset: 1, voicemail: true } },
        closed,
      ],
      [
        '§4 preset 2 "Mon-Fri (9-5)": open at the opening minute, Monday 09:00 EST',
        workWeekAt('2026-03-02T14:00:00Z'),
        open,
      ],
      ['preset 2: closed one minute before opening, 08:59', workWeekAt('2026-03-02T13:59:00Z'), closed],
      ['preset 2: open at 16:59', workWeekAt('2026-03-02T21:59:00Z'), open],
      ['preset 2: closed at the closing minute, 17:00', workWeekAt('2026-03-02T22:00:00Z'), closed],
      ['preset 2: closed on Saturday at noon', workWeekAt('2026-03-07T17:00:00Z'), closed],
      [
        'DST: after clocks go forward (8 March 2026), 09:00 EDT is 13:00 UTC, and the line opens then',
        workWeekAt('2026-03-09T13:00:00Z'),
        open,
      ],
      [
        'DST: the same 13:00 UTC a week before is 08:00 EST, before opening',
        workWeekAt('2026-03-02T13:00:00Z'),
        closed,
      ],
      [
        'DST: after clocks go back (1 November 2026), 09:00 EST is 14:00 UTC; 13:30 UTC is still closed',
        workWeekAt('2026-11-02T13:30:00Z'),
        closed,
      ],
      [
        '§4 preset 3 "Sat-Sun (9-5)": open on Saturday at noon',
        { schedule: { preset: 3 }, now: at('2026-03-07T17:00:00Z') },
        open,
      ],
      ['preset 3: closed on Wednesday at noon', { schedule: { preset: 3 } }, closed],
      [
        '§4 preset 4 "Custom": the day hours decide; Monday 10:00 within 09:00–17:00 is open',
        customWeekAt('2026-03-02T15:00:00Z'),
        open,
      ],
      [
        '§9 "Closed": a Custom day marked Closed is closed all day',
        { schedule: { preset: 4, ...customWeek } },
        closed,
      ],
      [
        '§9 "All Day": a Custom day marked All Day is open at 3am',
        customWeekAt('2026-03-08T07:00:00Z'),
        open,
      ],
      [
        '§3 day hours "all null by default": a Custom day with no hours is closed (Saturday)',
        customWeekAt('2026-03-07T17:00:00Z'),
        closed,
      ],
      [
        'hours that close before they open run past midnight: Friday 22:00–02:00 is open Saturday 01:30',
        customWeekAt('2026-03-07T06:30:00Z'),
        open,
      ],
      ['…and closed Saturday 02:30', customWeekAt('2026-03-07T07:30:00Z'), closed],
      [
        '§4 preset 6 "Business Hours" reads the day hours, also in 12-hour form (8:00 AM–6:00 PM open at 5:30 PM)',
        {
          schedule: { preset: 6, wed_open_hour: '8:00 AM', wed_close_hour: '6:00 PM' },
          now: at('2026-03-04T22:30:00Z'),
        },
        open,
      ],
      [
        'custom blocks override a closed time: Mon-Fri (9-5) plus a Saturday 10:00–14:00 block is open Saturday 11:00',
        {
          schedule: { ...workWeek, blocks: [{ days: ['sat'], start: '10:00', end: '14:00' }] },
          now: at('2026-03-07T16:00:00Z'),
        },
        open,
      ],
      [
        'a block in its own timezone: Saturday 10:00–14:00 Los Angeles is closed at noon New York (09:00 there)',
        {
          schedule: {
            ...workWeek,
            blocks: [{ days: ['sat'], start: '10:00', end: '14:00', timezone: 'America/Los_Angeles' }],
          },
          now: at('2026-03-07T17:00:00Z'),
        },
        closed,
      ],
      [
        '§5 an unknown timezone falls back (to UTC): Monday 09:30 UTC is open under Mon-Fri (9-5)',
        { schedule: { ...workWeek, timezone: 'Mars/Olympus' }, now: at('2026-03-02T09:30:00Z') },
        open,
      ],
      [
        'after hours: the after-hours extension takes the call (an answering service), without the welcome',
        {
          schedule: workWeek,
          now: at('2026-03-07T17:00:00Z'),
          number: {
            routes: [...MENU_ROUTES, ext(9, { forwards: phones('+13125550199') })],
            after_hours_extension: 9,
            greeting: { text: 'Welcome, we are open.' },
          },
        },
        {
          action: { type: 'dial', greeting: null, targets: [{ number: '+13125550199' }] },
          events: events(1, 6),
          extension: 9,
        },
      ],
      [
        'after hours without an after-hours extension: the number voicemail, skipping the menu',
        { schedule: workWeek, now: at('2026-03-07T17:00:00Z'), number: { routes: MENU_ROUTES } },
        closed,
      ],
    ]),
  )('$rule', ({ input, expected }) => expect(route(input)).toMatchObject(expected));
});

describe('extension menus (§3 Routing entry, extension keys; §9 extension range 0 to 25)', () => {
  const menu = { routes: MENU_ROUTES, greeting: { audioUrl: 'https://media.test/welcome.mp3' } };
  it.each(
    cases([
      [
        'several extensions: the greeting plays inside a gather of one key, with a timeout',
        { number: menu },
        {
          action: {
            type: 'play-greeting-and-gather',
            greeting: { audioUrl: 'https://media.test/welcome.mp3' },
            choices: [
              { key: '1', label: 'Sales' },
              { key: '2', label: 'Service' },
              { key: '3', label: 'Parts' },
            ],
            notice: null,
            timeout: 5,
            numDigits: 1,
            finishOnKey: '#',
            resume: { kind: 'after-gather', attempt: 1 },
          },
          events: events(1),
          outcome: null,
          extension: null,
        },
      ],
      [
        'a key of an extension rings it: Extension Selected (2), then Received (6)',
        { number: menu, step: pressed('2') },
        { ...rings(SERVICE), events: events(2, 6), extension: 2 },
      ],
      [
        '§3 "* (65535)": the star key chooses extension 65535',
        {
          number: { routes: [...MENU_ROUTES, ext(65535, { forwards: phones('+13125550144') })] },
          step: pressed('*'),
        },
        { ...rings('+13125550144'), extension: 65535 },
      ],
      [
        '§3 "# (65534)": the pound key chooses 65534, so # no longer ends input',
        {
          number: { routes: [...MENU_ROUTES, ext(65534, { forwards: phones('+13125550155') })] },
          step: pressed('#'),
        },
        { ...rings('+13125550155'), extension: 65534 },
      ],
      [
        'a menu with # as an extension key does not finish input on #',
        { number: { routes: [...MENU_ROUTES, ext(65534, { forwards: phones('+13125550155') })] } },
        { action: { finishOnKey: '', numDigits: 1 } },
      ],
      [
        'two-digit extensions (10–25) make the menu wait for two keys',
        { number: { routes: [...MENU_ROUTES, ext(12, { forwards: phones('+13125550166') })] } },
        { action: { type: 'play-greeting-and-gather', numDigits: 2 } },
      ],
      [
        'keys 1 and 2 typed together choose extension 12',
        {
          number: { routes: [...MENU_ROUTES, ext(12, { forwards: phones('+13125550166') })] },
          step: pressed('12'),
        },
        { ...rings('+13125550166'), extension: 12 },
      ],
      [
        'an invalid key plays the menu again with a notice (retry)',
        { number: menu, step: pressed('9') },
        {
          action: { type: 'play-greeting-and-gather', notice: 'invalid', resume: { attempt: 2 } },
          events: [],
          outcome: null,
        },
      ],
      [
        'no key before the timeout plays the menu again too',
        { number: menu, step: pressed('') },
        { action: { type: 'play-greeting-and-gather', notice: 'no-input', resume: { attempt: 2 } } },
      ],
      [
        'invalid again after the retry: the configured default extension takes the call (Extension Selected)',
        { number: { ...menu, menu: { default_extension: 3 } }, step: pressed('7', 2) },
        { ...rings(PARTS), events: events(2, 6), extension: 3 },
      ],
      [
        'without a configured default, the lowest extension is the default',
        { number: menu, step: pressed('', 2) },
        { ...rings(SALES), extension: 1 },
      ],
      [
        'retries 0: the first invalid key goes straight to the default',
        { number: { ...menu, menu: { retries: 0 } }, step: pressed('8') },
        { ...rings(SALES), extension: 1 },
      ],
      [
        '§9 "Extension range 0 to 25": an extension of 30 is ignored, so one reachable extension needs no menu',
        { number: { routes: [MENU_ROUTES[0] ?? ext(1), ext(30, { forwards: phones(PARTS) })] } },
        { ...open, events: events(1, 6), extension: 1 },
      ],
      [
        '…and typing 30 is not a choice',
        {
          number: { ...menu, routes: [...MENU_ROUTES, ext(30, { forwards: phones(PARTS) })] },
          step: pressed('30'),
        },
        { action: { type: 'play-greeting-and-gather', notice: 'invalid' } },
      ],
      [
        '§3 "A missing extension becomes 1": a route without one is reached with key 1',
        {
          number: { routes: [ext(null, { forwards: phones(SALES) }), ext(2, { forwards: phones(SERVICE) })] },
          step: pressed('1'),
        },
        { ...open, extension: 1 },
      ],
      [
        'one extension and a greeting: the greeting plays, then it rings (no menu, no Extension Selected)',
        { number: { greeting: { text: 'Thanks for calling Demo Motors.' } } },
        {
          action: { type: 'dial', greeting: { text: 'Thanks for calling Demo Motors.' } },
          events: events(1, 6),
        },
      ],
      [
        'a number with no extension takes a voicemail rather than dropping the call',
        { number: { routes: [] } },
        closed,
      ],
    ]),
  )('$rule', ({ input, expected }) => expect(route(input)).toMatchObject(expected));
});

describe('phone forwards (§3 Forward types)', () => {
  const withExt = (over: Parameters<typeof ext>[1]) => ({ number: { routes: [ext(1, over)] } });
  const three = phones(SALES, SERVICE, PARTS);
  it.each(
    cases([
      [
        'standard: its forward rings for §3 "timeout 20", showing the caller (caller_id_pass_thru true)',
        {},
        {
          action: {
            type: 'dial',
            mode: 'simultaneous',
            targets: [{ kind: 'number', number: SALES }],
            timeout: 20,
            callerId: CALLER,
            whisper: null,
            record: false,
            transcribe: false,
            holdMusicId: null,
            resume: { kind: 'after-dial', extension: 1, attempt: 0, tried: [] },
          },
          events: events(1, 6),
          extension: 1,
        },
      ],
      [
        'standard with several forwards, not staggered: derived simultaneous, all ring at once',
        withExt({ forwards: phones(SALES, SERVICE) }),
        { action: { mode: 'simultaneous', targets: [{ number: SALES }, { number: SERVICE }] } },
      ],
      [
        'standard with several forwards, staggered: derived sequential, the first rings alone',
        withExt({ forwards: phones(SALES, SERVICE), stagger: true }),
        { action: { mode: 'sequential-step', targets: [{ number: SALES }] } },
      ],
      [
        'simultaneous: every forward at once',
        withExt({ type: 'simultaneous', forwards: three }),
        {
          action: {
            mode: 'simultaneous',
            targets: [{ number: SALES }, { number: SERVICE }, { number: PARTS }],
          },
        },
      ],
      [
        'simultaneous with stagger: the forwards ring one after another',
        withExt({ type: 'simultaneous', forwards: three, stagger: true }),
        { action: { mode: 'sequential-step', targets: [{ number: SALES }], resume: { attempt: 0 } } },
      ],
      [
        'sequential: the first forward, in order',
        withExt({ type: 'sequential', forwards: three }),
        { action: { mode: 'sequential-step', targets: [{ number: SALES }], timeout: 20 } },
      ],
      [
        'sequential, no answer: the next forward, No Answer (5) then Received (6), 20 s again',
        { ...withExt({ type: 'sequential', forwards: three }), step: dialEnded(1, 'no-answer', 0) },
        {
          action: {
            mode: 'sequential-step',
            targets: [{ number: SERVICE }],
            timeout: 20,
            resume: { attempt: 1 },
          },
          events: events(5, 6),
          outcome: null,
        },
      ],
      [
        'sequential, busy: the next forward too',
        { ...withExt({ type: 'sequential', forwards: three }), step: dialEnded(1, 'busy', 1) },
        { action: { targets: [{ number: PARTS }], resume: { attempt: 2 } } },
      ],
      [
        'sequential, the last unanswered: voicemail, No Answer (8) then Voicemail (4)',
        {
          ...withExt({
            type: 'sequential',
            forwards: three,
            email_alert_address: 'sales@demo.test',
            voicemail_greeting: { text: 'Sales is busy.' },
          }),
          step: dialEnded(1, 'failed', 2),
        },
        {
          action: {
            type: 'voicemail',
            greeting: { text: 'Sales is busy.' },
            alertEmail: 'sales@demo.test',
            resume: { kind: 'after-voicemail', extension: 1 },
          },
          events: events(8, 4),
          outcome: null,
          extension: 1,
        },
      ],
      [
        'simultaneous, nobody answered: overflow to voicemail (never a dead end)',
        { ...withExt({ type: 'simultaneous', forwards: three }), step: dialEnded(1, 'no-answer') },
        { action: { type: 'voicemail' }, events: events(8, 4) },
      ],
      [
        '§3 "entries with an empty number are dropped": blank and invalid forwards never ring',
        withExt({ type: 'simultaneous', forwards: phones('', '  ', 'not a number', SERVICE) }),
        { action: { targets: [{ number: SERVICE }] } },
      ],
      [
        'no forward left to ring: voicemail',
        withExt({ forwards: phones('') }),
        { action: { type: 'voicemail' }, events: events(1, 4), extension: 1 },
      ],
      [
        'geo: the forward for the caller state (TX) rings',
        withExt({
          type: 'geo',
          forwards: [
            { number: SALES, state: 'IL' },
            { number: SERVICE, state: 'TX' },
            { number: PARTS, state: null },
          ],
        }),
        { action: { targets: [{ number: SERVICE }] } },
      ],
      [
        'geo: states compare without case (tx)',
        {
          ...withExt({ type: 'geo', forwards: [{ number: SERVICE, state: 'TX' }, { number: PARTS }] }),
          caller: { number: CALLER, state: 'tx' },
        },
        { action: { targets: [{ number: SERVICE }] } },
      ],
      [
        '§3 geo_by_state_static_fallback true: no forward for the state, the static forwards ring',
        withExt({ type: 'geo', forwards: [{ number: SALES, state: 'IL' }, { number: PARTS }] }),
        { action: { targets: [{ number: PARTS }] } },
      ],
      [
        'geo with the static fallback off and no match: voicemail',
        withExt({
          type: 'geo',
          geo_by_state_static_fallback: false,
          forwards: [{ number: SALES, state: 'IL' }, { number: PARTS }],
        }),
        { action: { type: 'voicemail' }, events: events(1, 4) },
      ],
      [
        'geo with the caller state unknown: the static forwards',
        {
          ...withExt({ type: 'geo', forwards: [{ number: SALES, state: 'IL' }, { number: PARTS }] }),
          caller: { number: CALLER },
        },
        { action: { targets: [{ number: PARTS }] } },
      ],
      [
        '§3 geo_by_state_enabled on a simultaneous extension filters its forwards by state too',
        withExt({
          type: 'simultaneous',
          geo_by_state_enabled: true,
          forwards: [
            { number: SALES, state: 'TX' },
            { number: SERVICE, state: 'TX' },
            { number: PARTS, state: 'IL' },
          ],
        }),
        { action: { mode: 'simultaneous', targets: [{ number: SALES }, { number: SERVICE }] } },
      ],
      [
        '§3 voicemail type: greeting, record, the extension email alert address',
        withExt({ type: 'voicemail', email_alert_address: 'sales@demo.test' }),
        {
          action: {
            type: 'voicemail',
            greeting: { text: 'Demo Motors. Please leave a message.' },
            maxLength: 300,
            transcribe: false,
            alertEmail: 'sales@demo.test',
          },
          events: events(1, 4),
          extension: 1,
        },
      ],
      [
        'voicemail: an extension without an alert address uses the number one; with neither, nobody',
        {
          number: {
            routes: [ext(1, { type: 'voicemail' })],
            voicemail: { greeting: null, email_alert_address: ' ' },
          },
        },
        { action: { type: 'voicemail', greeting: null, alertEmail: null } },
      ],
      [
        '§3 voicemail_enabled sends the extension to voicemail whatever its type',
        withExt({ forwards: phones(SALES), voicemail_enabled: true }),
        { action: { type: 'voicemail', alertEmail: 'desk@demo.test' } },
      ],
    ]),
  )('$rule', ({ input, expected }) => expect(route(input)).toMatchObject(expected));
});

describe('in-app calling (§3 in-app-calling, round_robin)', () => {
  const team = (over: Parameters<typeof ext>[1] = {}) => ({
    routes: [ext(1, { type: 'in-app-calling', members: [11, 12, 13], ...over })],
  });
  const client = (id: number) => ({ kind: 'client', identity: `user-${id}`, userId: id });
  it.each(
    cases([
      [
        'round robin none: every active member not on a call rings at once (away and on-call left out)',
        {
          number: team(),
          agents: [agent(11, { status: 'away' }), agent(12, {}), agent(13, { onCall: true })],
        },
        {
          action: { type: 'dial', mode: 'simultaneous', targets: [client(12)], whisper: null },
          events: events(1, 6),
          roundRobin: null,
        },
      ],
      [
        'status is the truth: all three active members ring, in the order listed',
        { number: team() },
        { action: { targets: [client(11), client(12), client(13)] } },
      ],
      [
        'a member who is not an agent of the company (or has no app identity) is not rung',
        {
          number: team({ members: [11, 99] }),
          agents: [agent(11, { clientIdentity: '' }), ...AGENTS.slice(1)],
        },
        { action: { type: 'voicemail' }, events: events(1, 4) },
      ],
      [
        'nobody available: voicemail directly, without ringing',
        { number: team(), agents: AGENTS.map((a) => ({ ...a, status: 'away' as const })) },
        { action: { type: 'voicemail' }, events: events(1, 4), extension: 1 },
      ],
      [
        'rotating, first call: the first member alone, and the state remembers who began',
        { number: team({ round_robin: 'rotating' }) },
        {
          action: { mode: 'sequential-step', targets: [client(11)], resume: { tried: [11], attempt: 0 } },
          roundRobin: { '1': 11 },
        },
      ],
      [
        'rotating: the next call begins after the one who began the previous',
        { number: team({ round_robin: 'rotating' }), roundRobin: { '1': 11 } },
        { action: { targets: [client(12)] }, roundRobin: { '1': 12 } },
      ],
      [
        'rotating wraps around from the last member to the first',
        { number: team({ round_robin: 'rotating' }), roundRobin: { '1': 13 } },
        { action: { targets: [client(11)] }, roundRobin: { '1': 11 } },
      ],
      [
        'rotating: a state naming someone no longer a member starts again at the first',
        { number: team({ round_robin: 'rotating' }), roundRobin: { '1': 42 } },
        { action: { targets: [client(11)] }, roundRobin: { '1': 11 } },
      ],
      [
        'rotating skips a member who is away',
        {
          number: team({ round_robin: 'rotating' }),
          roundRobin: { '1': 11 },
          agents: [agent(11, {}), agent(12, { status: 'away' }), agent(13, {})],
        },
        { action: { targets: [client(13)] }, roundRobin: { '1': 13 } },
      ],
      [
        'rotating, no answer: the next member in this call turn, state unchanged',
        { number: team({ round_robin: 'rotating' }), step: dialEnded(1, 'no-answer', 0, [12]) },
        {
          action: { targets: [client(13)], resume: { tried: [12, 13], attempt: 1 } },
          events: events(5, 6),
          roundRobin: null,
        },
      ],
      [
        'rotating, declined: the next member, Rejected (7) then Received (6)',
        { number: team({ round_robin: 'rotating' }), step: dialEnded(1, 'declined', 1, [12, 13]) },
        { action: { targets: [client(11)] }, events: events(7, 6) },
      ],
      [
        'rotating, everyone tried: voicemail',
        { number: team({ round_robin: 'rotating' }), step: dialEnded(1, 'no-answer', 2, [12, 13, 11]) },
        { action: { type: 'voicemail' }, events: events(8, 4) },
      ],
      [
        'rotating, the rest went on a call meanwhile: voicemail',
        {
          number: team({ round_robin: 'rotating' }),
          step: dialEnded(1, 'declined', 0, [11]),
          agents: [agent(11, {}), agent(12, { onCall: true }), agent(13, { status: 'away' })],
        },
        { action: { type: 'voicemail' }, events: events(7, 4) },
      ],
      [
        'every agent declined (round robin none): voicemail, Rejected (7) then Voicemail (4)',
        { number: team(), step: dialEnded(1, 'declined') },
        { action: { type: 'voicemail', resume: { extension: 1 } }, events: events(7, 4), outcome: null },
      ],
      [
        'nobody answered (round robin none): voicemail, No Answer (8) then Voicemail (4)',
        { number: team(), step: dialEnded(1, 'no-answer') },
        { action: { type: 'voicemail' }, events: events(8, 4) },
      ],
      [
        'agents answer with a button: no whisper or confirm key on app legs',
        { number: team({ confirm_key: true, confirm_whisper: 'Sales call' }) },
        { action: { type: 'dial', whisper: null } },
      ],
    ]),
  )('$rule', ({ input, expected }) => expect(route(input)).toMatchObject(expected));
});

describe('dial settings (§3 Default extension config) and number flags', () => {
  const withExt = (over: Parameters<typeof ext>[1]) => ({
    routes: [ext(1, { forwards: phones(SALES), ...over })],
  });
  it.each(
    cases([
      [
        '§3 caller_id_pass_thru false: the people rung see the tracked number',
        { number: withExt({ caller_id_pass_thru: false }) },
        { action: { callerId: TRACKED } },
      ],
      [
        'caller_id_pass_thru true with a withheld caller: the tracked number stands in',
        { caller: { number: 'anonymous' } },
        { action: { callerId: TRACKED } },
      ],
      [
        '§3 confirm_key with confirm_whisper: said to the forwarded-to party, who presses a key within §9 confirm_key_wait 10',
        { number: withExt({ confirm_key: true, confirm_whisper: 'Call for Sales' }) },
        { action: { whisper: { text: 'Call for Sales', confirmKey: true, waitSec: 10 } } },
      ],
      [
        'call tracking: a whisper that is on also says the source the call is attributed to',
        {
          number: withExt({ confirm_whisper: 'Call for Sales' }),
          caller: { number: '+12125550188', source: 'Google Ads' },
        },
        { action: { whisper: { text: 'Call for Sales. Caller from Google Ads.', confirmKey: false } } },
      ],
      [
        'call tracking: no whisper configured, no source said',
        { number: withExt({}), caller: { number: '+12125550188', source: 'Google Ads' } },
        { action: { whisper: null } },
      ],
      [
        'a whisper without a confirm key is only said',
        { number: withExt({ confirm_whisper: 'Call for Sales', confirm_key_wait: 15 }) },
        { action: { whisper: { text: 'Call for Sales', confirmKey: false, waitSec: 15 } } },
      ],
      [
        '§3 timeout and onhold_music_id pass through to the dial',
        { number: withExt({ timeout: 30, onhold_music_id: 4 }) },
        { action: { timeout: 30, holdMusicId: 4 } },
      ],
      [
        'a timeout that is not a positive number falls back to §9 "timeout 20"',
        { number: withExt({ timeout: 0 }) },
        { action: { timeout: 20 } },
      ],
      [
        'recording and transcription flags: the dial records, and the first ring starts transcription',
        { number: { recording_enabled: true, call_transcription_enabled: true } },
        { action: { type: 'dial', record: true, transcribe: true } },
      ],
      [
        'a later ring of a sequence records but does not start transcription again',
        {
          number: {
            recording_enabled: true,
            call_transcription_enabled: true,
            routes: [ext(1, { type: 'sequential', forwards: phones(SALES, SERVICE) })],
          },
          step: dialEnded(1, 'no-answer', 0),
        },
        { action: { type: 'dial', record: true, transcribe: false } },
      ],
      [
        'the transcription flag transcribes voicemail',
        { number: { call_transcription_enabled: true }, schedule: { preset: 5 } },
        { action: { type: 'voicemail', transcribe: true } },
      ],
    ]),
  )('$rule', ({ input, expected }) => expect(route(input)).toMatchObject(expected));
});

describe('the end of a call, and the forwarded-to party leg', () => {
  const confirming = {
    routes: [ext(1, { forwards: phones(SALES), confirm_key: true, confirm_key_wait: 8 })],
  };
  it.each(
    cases([
      [
        'answered and finished: Connected (12), Hangup (3), outcome answered (1)',
        { step: dialEnded(1, 'completed') },
        { action: { type: 'hangup', goodbye: false }, events: events(12, 3), outcome: 1, extension: 1 },
      ],
      [
        'a message left: outcome voicemail (3), and the alert address is told',
        { step: { kind: 'after-voicemail', extension: 1, recorded: true } },
        { action: { type: 'hangup', goodbye: true }, events: [], outcome: 3, alertEmail: 'desk@demo.test' },
      ],
      [
        'voicemail left nothing: the call was missed (2), Missed (10) and Hangup (11)',
        { step: { kind: 'after-voicemail', extension: null, recorded: false } },
        { events: events(10, 11), outcome: 2, alertEmail: null },
      ],
      [
        'the caller hung up while it rang: Missed (10), Hangup (11), outcome missed (2)',
        { step: { kind: 'caller-hangup' } },
        { action: { type: 'hangup' }, events: events(10, 11), outcome: 2 },
      ],
      [
        'an extension removed mid-call: the unanswered call overflows to the number voicemail',
        { number: { routes: [] }, step: dialEnded(1, 'no-answer') },
        { action: { type: 'voicemail', resume: { extension: null } }, events: events(8, 4), extension: null },
      ],
      [
        'a transfer nobody took overflows to the extension voicemail: No Answer (8), Voicemail (4)',
        { step: { kind: 'overflow', extension: 1 } },
        { action: { type: 'voicemail', resume: { extension: 1 } }, events: events(8, 4), outcome: null },
      ],
      [
        'a transfer to an extension since removed overflows to the number voicemail',
        { step: { kind: 'overflow', extension: 9 } },
        { action: { type: 'voicemail', resume: { extension: null } }, events: events(8, 4) },
      ],
      [
        'the forwarded-to party picks up: the whisper with its confirm key and wait',
        { number: confirming, step: { kind: 'whisper', extension: 1 } },
        {
          action: {
            type: 'whisper',
            whisper: { text: '', confirmKey: true, waitSec: 8 },
            resume: { kind: 'whisper-confirm', extension: 1 },
          },
          events: [],
          outcome: null,
        },
      ],
      [
        'the forwarded-to party picks up a tracked call: the source is said with the whisper',
        {
          number: confirming,
          step: { kind: 'whisper', extension: 1 },
          caller: { number: '+12125550188', source: 'Facebook' },
        },
        {
          action: {
            type: 'whisper',
            whisper: { text: 'Caller from Facebook.', confirmKey: true, waitSec: 8 },
          },
        },
      ],
      [
        'no whisper configured: connected at once',
        { step: { kind: 'whisper', extension: 1 } },
        { action: { type: 'connect' } },
      ],
      [
        'any key accepts the call',
        { number: confirming, step: { kind: 'whisper-confirm', extension: 1, digits: '5' } },
        { action: { type: 'connect' } },
      ],
      [
        'no key within confirm_key_wait: their leg hangs up (counted as not answered)',
        { number: confirming, step: { kind: 'whisper-confirm', extension: 1, digits: '' } },
        { action: { type: 'hangup' }, events: [], outcome: null },
      ],
    ]),
  )('$rule', ({ input, expected }) => expect(route(input)).toMatchObject(expected));
});

describe('purity', () => {
  function deepFreeze<T>(value: T): T {
    if (value && typeof value === 'object' && !Object.isFrozen(value)) {
      Object.freeze(value);
      for (const inner of Object.values(value)) deepFreeze(inner);
    }
    return value;
  }

  it('reads nothing but its input, changes none of it, and answers the same twice', () => {
    const input = deepFreeze(
      call({
        number: { routes: [ext(1, { type: 'in-app-calling', members: [11, 12], round_robin: 'rotating' })] },
        roundRobin: { '1': 11 },
      }),
    );
    const first = route(input);
    expect(route(input)).toEqual(first);
    expect(input.roundRobin).toEqual({ '1': 11 });
  });
});
