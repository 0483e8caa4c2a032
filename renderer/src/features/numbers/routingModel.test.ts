/**
 * The number page's rules: a number's routing and hours into the form and back into what `PUT /numbers/{id}`
 * takes (checked against its own schema), the §5 next extension, the §9 time slots, and the summary in words.
 */
import { type NumberDetail, NumberUpdateSchema, type ScheduleView } from '@shared/api/numbers';
import { describe, expect, it } from 'vitest';
import {
  emptyForward,
  forwardNumberError,
  forwardNumberToSend,
  hoursForPreset,
  newRouteForm,
  numberFormOf,
  type RouteForm,
  routeErrors,
  routeSummary,
  routesToSend,
  scheduleFormOf,
  scheduleToSend,
  timeSlotOptions,
} from './routingModel';

const route = (changes: Partial<RouteForm> = {}): RouteForm => ({ ...newRouteForm([]), ...changes });

const storedRoute = (
  changes: Partial<NumberDetail['routes'][number]> = {},
): NumberDetail['routes'][number] => ({
  extension: 1,
  label: 'Sales',
  forwards: [{ number: '+13125550100', state: null }],
  stagger: false,
  caller_id_pass_thru: true,
  type: 'standard',
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
  members: [],
  voicemail_greeting: null,
  ...changes,
});

const companyHours: ScheduleView = {
  preset: 2,
  timezone: 'America/Chicago',
  mon_open_hour: null,
  mon_close_hour: null,
  tue_open_hour: null,
  tue_close_hour: null,
  wed_open_hour: null,
  wed_close_hour: null,
  thu_open_hour: null,
  thu_close_hour: null,
  fri_open_hour: null,
  fri_close_hour: null,
  sat_open_hour: null,
  sat_close_hour: null,
  sun_open_hour: null,
  sun_close_hour: null,
  voicemail: false,
  blocks: [],
  label: 'Mon-Fri (9-5)',
};

const detail = (changes: Partial<NumberDetail> = {}): NumberDetail => ({
  id: 4,
  company_id: 9,
  number: '+13125550199',
  label: 'Front desk',
  tags: ['chicago'],
  type: 2,
  sms_enabled: true,
  call_transcription_enabled: false,
  recording_enabled: false,
  status: 'active',
  remove_at: null,
  updated_at: '2026-11-24T12:00:00.000Z',
  routing_type: 'standard',
  routes: [storedRoute()],
  greeting: null,
  menu: {},
  after_hours_extension: null,
  voicemail: { greeting: null, email_alert_address: '' },
  schedule: null,
  triggers: [],
  eavAttributeValues: [],
  ...changes,
});

describe('a new extension (§3 Default extension config, §5 next extension)', () => {
  it.each([
    ['none yet: 0', [], 0],
    ['the highest plus one', [0, 1, 4], 5],
    ['past 25 with fewer than 25: the lowest unused from 0', [0, 2, 25], 1],
  ])('%s', (_name, existing, expected) => {
    const made = newRouteForm(existing.map((extension) => route({ extension })));
    expect(made.extension).toBe(expected);
  });

  it('starts from the default config with one empty forward to fill in', () => {
    expect(newRouteForm([])).toMatchObject({
      type: 'standard',
      timeout: 20,
      confirm_key: false,
      confirm_key_wait: 10,
      caller_id_pass_thru: true,
      voicemail_enabled: false,
      round_robin: 'none',
      geo_by_state_static_fallback: true,
      forwards: [emptyForward()],
      members: [],
    });
  });
});

describe('forwards (§3 Forward entry, §5 phone checks)', () => {
  it.each([
    [
      'a US number as typed',
      { number: '(312) 555-0100', state: '', usingIntNumber: false },
      '(312) 555-0100',
      undefined,
    ],
    [
      'an international one gets its +',
      { number: '442079460958', state: '', usingIntNumber: true },
      '+442079460958',
      undefined,
    ],
    [
      'a number that is none',
      { number: '12', state: '', usingIntNumber: false },
      '12',
      'Enter a valid phone number for this forward.',
    ],
    ['empty', emptyForward(), '', 'Each forward needs a number.'],
  ])('%s', (_name, forward, sent, error) => {
    expect(forwardNumberToSend(forward)).toBe(sent);
    expect(forwardNumberError(forward)).toBe(error);
  });
});

describe('what Save routing sends', () => {
  it('is what the number update schema accepts, empty forwards dropped (§3)', () => {
    const routes = routesToSend([
      route({
        extension: 1,
        type: 'simultaneous',
        forwards: [
          { number: '(312) 555-0100', state: '', usingIntNumber: false },
          { number: '  ', state: '', usingIntNumber: false },
        ],
      }),
      route({ extension: 2, type: 'in-app-calling', members: ['7', '8'], round_robin: 'rotating' }),
      route({ extension: 65535, type: 'voicemail' }),
      route({
        extension: 3,
        type: 'geo',
        forwards: [
          { number: '3125550100', state: 'il', usingIntNumber: false },
          { number: '2125550100', state: '', usingIntNumber: false },
        ],
      }),
    ]);
    const parsed = NumberUpdateSchema.parse({ routes }).routes ?? [];
    expect(parsed.map((one) => [one.extension, one.type])).toEqual([
      [1, 'simultaneous'],
      [2, 'in-app-calling'],
      [65535, 'voicemail'],
      [3, 'geo'],
    ]);
    expect(parsed[0]?.forwards).toEqual([{ number: '+13125550100', state: null }]);
    expect(parsed[1]).toMatchObject({ members: [7, 8], forwards: [], round_robin: 'rotating' });
    expect(parsed[2]).toMatchObject({ forwards: [], members: [] });
    expect(parsed[3]).toMatchObject({
      geo_by_state_enabled: true,
      forwards: [
        { number: '+13125550100', state: 'IL' },
        { number: '+12125550100', state: null },
      ],
    });
  });

  it('gives a loaded number back as it was', () => {
    const stored = storedRoute({
      type: 'sequential',
      stagger: true,
      forwards: [{ number: '+442079460958', state: null }],
    });
    const form = numberFormOf(detail({ routes: [stored] }), companyHours, 'UTC');
    expect(form.routes[0]?.forwards[0]?.usingIntNumber).toBe(true);
    const [sent] = routesToSend(form.routes);
    expect(NumberUpdateSchema.parse({ routes: [sent] }).routes?.[0]).toEqual(stored);
  });
});

describe('what the contract would refuse, by form field (checked before Save routing sends)', () => {
  const forward = (number: string, state = '') => ({ number, state, usingIntNumber: false });
  it.each<[string, RouteForm[], Record<string, string>]>([
    ['nothing wrong', [route({ extension: 1 })], {}],
    [
      'one extension twice',
      [route({ extension: 1 }), route({ extension: 1 })],
      { 'routes.1.extension': 'Each extension may be used once on a number.' },
    ],
    [
      'in-app calling with nobody to ring',
      [route({ type: 'in-app-calling', members: [] })],
      { 'routes.0.members': 'An in-app calling extension needs at least one member.' },
    ],
    [
      'a group with no forward',
      [route({ type: 'simultaneous', forwards: [forward('')] })],
      { 'routes.0.forwards': 'A simultaneous group needs at least one forward.' },
    ],
    [
      'a bad forward after an empty row keeps its own row',
      [route({ type: 'sequential', forwards: [forward(''), forward('(312) 555-0100'), forward('12')] })],
      { 'routes.0.forwards.2.number': 'Enter a valid phone number for this forward.' },
    ],
    [
      'a geo forward whose state is not a code',
      [route({ type: 'geo', forwards: [forward('(312) 555-0100', 'Illinois')] })],
      { 'routes.0.forwards.0.state': 'A state is its two-letter code, such as IL.' },
    ],
    [
      'a timeout out of range',
      [route({ timeout: 3 })],
      { 'routes.0.timeout': 'The timeout is 5 to 120 seconds.' },
    ],
  ])('%s', (_case, routes, errors) => {
    expect(routeErrors(routes)).toEqual(errors);
  });
});

describe('hours (§3 Hours schedule settings, §4 presets, §9 time slots)', () => {
  it('offers the 15-minute slots shown 12-hour and kept 24-hour, then Closed and All Day', () => {
    const options = timeSlotOptions();
    expect(options).toHaveLength(24 * 4 + 2);
    expect(options[0]).toEqual({ value: '00:00', label: '12:00 AM' });
    expect(options.find((option) => option.value === '13:15')?.label).toBe('1:15 PM');
    expect(options.slice(-2)).toEqual([
      { value: 'Closed', label: 'Closed' },
      { value: 'All Day', label: 'All Day' },
    ]);
  });

  it('follows the company’s hours when the number has none, and sends null for that', () => {
    const form = scheduleFormOf(null, companyHours, 'UTC');
    expect(form).toMatchObject({ follow: true, preset: 2, timezone: 'America/Chicago' });
    expect(scheduleToSend(form)).toBeNull();
  });

  it('sends a preset’s own hours: 24/7 all day every day, Mon-Fri 9 to 5 and closed at the weekend', () => {
    const form = { ...scheduleFormOf(null, companyHours, 'UTC'), follow: false, preset: 1 as const };
    const all = NumberUpdateSchema.parse({ schedule: scheduleToSend(form) }).schedule;
    expect(all).toMatchObject({ preset: 1, mon_open_hour: 'All Day', sun_close_hour: 'All Day' });
    const weekdays = hoursForPreset(2, form);
    expect(weekdays).toMatchObject({
      mon_open_hour: '09:00',
      fri_close_hour: '17:00',
      sat_open_hour: 'Closed',
    });
  });

  it('keeps a custom week’s own hours', () => {
    const form = {
      ...scheduleFormOf(null, companyHours, 'UTC'),
      follow: false,
      preset: 4 as const,
      timezone: 'Europe/Paris',
      mon_open_hour: '08:30',
      mon_close_hour: '18:00',
    };
    expect(NumberUpdateSchema.parse({ schedule: scheduleToSend(form) }).schedule).toMatchObject({
      preset: 4,
      timezone: 'Europe/Paris',
      mon_open_hour: '08:30',
      mon_close_hour: '18:00',
      tue_open_hour: null,
    });
  });
});

describe('what an extension does, in words', () => {
  const names = new Map([
    [7, 'Ada'],
    [8, 'Grace'],
    [9, 'Linus'],
  ]);
  const agentName = (id: number) => names.get(id);
  it.each([
    [
      'in-app with a label',
      route({ type: 'in-app-calling', label: 'Sales', members: ['7'] }),
      'Rings Sales agents (Ada) in the app for 20 s, then voicemail',
    ],
    [
      'in-app taking turns',
      route({ type: 'in-app-calling', members: ['7', '8', '9'], round_robin: 'rotating', timeout: 30 }),
      'Rings Ada, Grace and 1 other in the app one at a time, taking turns, for 30 s, then voicemail',
    ],
    ['in-app with nobody', route({ type: 'in-app-calling' }), 'Goes to voicemail: no agents chosen yet'],
    ['voicemail', route({ type: 'voicemail' }), 'Goes straight to voicemail'],
    ['the voicemail switch', route({ voicemail_enabled: true }), 'Goes straight to voicemail'],
    [
      'sequential forwards',
      route({
        type: 'sequential',
        forwards: [
          { number: '+13125550100', state: '', usingIntNumber: false },
          { number: '+13125550101', state: '', usingIntNumber: false },
        ],
      }),
      'Rings +13125550100 and +13125550101 one after another for 20 s, then voicemail',
    ],
    [
      'a standard forward with the confirm key',
      route({ confirm_key: true, forwards: [{ number: '+13125550100', state: '', usingIntNumber: false }] }),
      'Rings +13125550100, asking the person who answers to press a key for 20 s, then voicemail',
    ],
    ['no forward yet', route(), 'Goes to voicemail: no number to forward to yet'],
  ])('%s', (_name, value, expected) => {
    expect(routeSummary(value, agentName)).toBe(expected);
  });
});
