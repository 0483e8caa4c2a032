/** The template screen's form model: a template into form values and back, and §5's AI-extraction rule. */

import type { ScheduleView } from '@shared/api/numbers';
import { type NumberTemplate, NumberTemplateCreateSchema } from '@shared/api/numberTemplates';
import { TEMPLATE_NAME_REQUIRED } from '@shared/domain/numberTemplates';
import { describe, expect, it } from 'vitest';
import {
  AFTER_HOURS_VOICEMAIL,
  afterHoursOptions,
  formFieldOf,
  isTemplateField,
  shownCallFlags,
  type TemplateForm,
  templateAsCreate,
  templateFormErrors,
  templateFormOf,
  templateToSend,
} from './templateModel';

const HOURS = {
  mon_open_hour: '09:00',
  mon_close_hour: '17:00',
  tue_open_hour: '09:00',
  tue_close_hour: '17:00',
  wed_open_hour: '09:00',
  wed_close_hour: '17:00',
  thu_open_hour: '09:00',
  thu_close_hour: '17:00',
  fri_open_hour: '09:00',
  fri_close_hour: '17:00',
  sat_open_hour: 'Closed',
  sat_close_hour: 'Closed',
  sun_open_hour: 'Closed',
  sun_close_hour: 'Closed',
};

const COMPANY: ScheduleView = {
  preset: 1,
  timezone: 'America/Chicago',
  ...HOURS,
  voicemail: false,
  blocks: [],
  label: '24/7',
};

const ROUTE = {
  extension: 1,
  label: 'Sales',
  forwards: [{ number: '+13125550172', state: null }],
  stagger: false,
  caller_id_pass_thru: true,
  type: 'standard' as const,
  confirm_key: false,
  confirm_key_wait: 10,
  timeout: 20,
  onhold_music_id: null,
  geo_by_state_enabled: false,
  geo_by_state_static_fallback: true,
  confirm_whisper: '',
  email_alert_address: '',
  voicemail_enabled: false,
  round_robin: 'none' as const,
  members: [],
  voicemail_greeting: null,
};

const TEMPLATE: NumberTemplate = {
  id: 7,
  company_id: 1,
  name: 'Showroom',
  tags: ['showroom'],
  routes: [
    ROUTE,
    { ...ROUTE, extension: 2, label: 'Service', forwards: [{ number: '+13125550171', state: null }] },
  ],
  greeting: { text: 'Thanks for calling.' },
  menu: { timeout: 5, default_extension: 2 },
  after_hours_extension: 2,
  voicemail: { greeting: null, email_alert_address: 'showroom@demo.test' },
  schedule: {
    preset: 2,
    timezone: 'America/Chicago',
    ...HOURS,
    voicemail: false,
    blocks: [],
    label: 'Mon-Fri (9-5)',
  },
  sms_enabled: false,
  call_transcription_enabled: false,
  recording_enabled: true,
  ai_extraction_enabled: false,
  numbers_count: 3,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
};

describe('templateFormOf', () => {
  it('a new template: one extension, the company’s hours, SMS on, nothing recorded, no greeting', () => {
    const form = templateFormOf(null, COMPANY, 'UTC');
    expect(form).toMatchObject({
      name: '',
      tags: [],
      sms_enabled: true,
      recording_enabled: false,
      call_transcription_enabled: false,
      ai_extraction_enabled: false,
      greeting_id: null,
      greeting_text: '',
      after_hours_extension: null,
      voicemail_email: '',
      menu: {},
    });
    expect(form.routes).toHaveLength(1);
    expect(form.routes[0]?.extension).toBe(0);
    expect(form.schedule.follow).toBe(true);
  });

  it('a loaded template round-trips to the body its create would take', () => {
    const body = templateToSend(templateFormOf(TEMPLATE, COMPANY, 'UTC'));
    expect(body).toEqual(templateAsCreate(TEMPLATE));
    expect(NumberTemplateCreateSchema.safeParse(body).success).toBe(true);
  });
});

describe('§5 "Updating a number template with AI extraction enabled drops the record and call transcription flags."', () => {
  const form = (changes: Partial<TemplateForm>): TemplateForm => ({
    ...templateFormOf(TEMPLATE, COMPANY, 'UTC'),
    ...changes,
  });

  it('with AI extraction on, the body does not carry the two flags', () => {
    const body = templateToSend(form({ ai_extraction_enabled: true, recording_enabled: false }));
    expect(body.ai_extraction_enabled).toBe(true);
    expect(body).not.toHaveProperty('recording_enabled');
    expect(body).not.toHaveProperty('call_transcription_enabled');
  });

  it('with AI extraction off, they are sent as set', () => {
    const body = templateToSend(form({ ai_extraction_enabled: false, call_transcription_enabled: true }));
    expect(body).toMatchObject({
      ai_extraction_enabled: false,
      recording_enabled: true,
      call_transcription_enabled: true,
    });
  });

  it.each<[boolean, boolean, boolean, { recording_enabled: boolean; call_transcription_enabled: boolean }]>([
    [true, false, false, { recording_enabled: true, call_transcription_enabled: true }],
    [true, true, false, { recording_enabled: true, call_transcription_enabled: true }],
    [false, false, true, { recording_enabled: false, call_transcription_enabled: true }],
    [false, true, false, { recording_enabled: true, call_transcription_enabled: false }],
  ])(
    'the switches show: AI %s, recording %s, transcription %s → %j',
    (ai, recording, transcription, shown) => {
      expect(
        shownCallFlags({
          ai_extraction_enabled: ai,
          recording_enabled: recording,
          call_transcription_enabled: transcription,
        }),
      ).toMatchObject(shown);
    },
  );

  it('an undo of a deleted AI template sends no flags either', () => {
    const body = templateAsCreate({ ...TEMPLATE, ai_extraction_enabled: true, recording_enabled: true });
    expect(body).not.toHaveProperty('recording_enabled');
    expect(body.ai_extraction_enabled).toBe(true);
  });
});

describe('templateToSend', () => {
  const base = templateFormOf(TEMPLATE, COMPANY, 'UTC');

  it.each<[string, Partial<TemplateForm>, unknown]>([
    ['a company greeting wins over text', { greeting_id: '4', greeting_text: 'Hi' }, { greeting_id: 4 }],
    ['text alone is spoken', { greeting_id: null, greeting_text: '  Hello there ' }, { text: 'Hello there' }],
    ['neither: no greeting', { greeting_id: null, greeting_text: ' ' }, null],
    [
      'an audio address kept from before',
      { greeting_id: null, greeting_text: '', greeting_audio_url: 'https://x.test/a.mp3' },
      { audio_url: 'https://x.test/a.mp3' },
    ],
  ])('greeting: %s', (_case, changes, greeting) => {
    expect(templateToSend({ ...base, ...changes }).greeting).toEqual(greeting);
  });

  it('the after-hours extension as a number, or null for the voicemail; tags trimmed and once each', () => {
    expect(templateToSend({ ...base, after_hours_extension: '1' }).after_hours_extension).toBe(1);
    expect(templateToSend({ ...base, after_hours_extension: null }).after_hours_extension).toBeNull();
    expect(templateToSend({ ...base, tags: [' a ', 'a', '', 'b'] }).tags).toEqual(['a', 'b']);
  });

  it('a menu default the routes no longer have is let go; the rest of the menu stays', () => {
    const routes = base.routes.slice(0, 1);
    expect(templateToSend({ ...base, routes, after_hours_extension: null }).menu).toEqual({ timeout: 5 });
    expect(templateToSend(base).menu).toEqual({ timeout: 5, default_extension: 2 });
  });

  it('hours that follow the company are sent as null', () => {
    expect(templateToSend({ ...base, schedule: { ...base.schedule, follow: true } }).schedule).toBeNull();
  });
});

describe('templateFormErrors', () => {
  it('a name is required', () => {
    expect(templateFormErrors({ ...templateFormOf(null, COMPANY), name: '  ' }).name).toBe(
      TEMPLATE_NAME_REQUIRED,
    );
  });

  it('the routes’ own checks, beside their fields', () => {
    const form = templateFormOf(TEMPLATE, COMPANY);
    const routes = [
      { ...form.routes[0], type: 'simultaneous' as const, forwards: [] },
    ] as TemplateForm['routes'];
    expect(templateFormErrors({ ...form, routes })).toEqual({
      'routes.0.forwards': 'A simultaneous group needs at least one forward.',
    });
  });

  it('nothing for a good template', () => {
    expect(templateFormErrors(templateFormOf(TEMPLATE, COMPANY))).toEqual({});
  });
});

describe('server fields and choices', () => {
  it.each<[string, boolean, string]>([
    ['name', true, 'name'],
    ['routes.0.forwards.1.number', true, 'routes.0.forwards.1.number'],
    ['greeting.text', true, 'greeting_text'],
    ['voicemail.email_alert_address', true, 'voicemail_email'],
    ['after_hours_extension', true, 'after_hours_extension'],
    ['menu.default_extension', false, 'menu.default_extension'],
    ['greeting.greeting_id', false, 'greeting.greeting_id'],
  ])('%s: beside a field %s, as %s', (field, placed, name) => {
    expect(isTemplateField(field)).toBe(placed);
    expect(formFieldOf(field)).toBe(name);
  });

  it('after hours: the voicemail, then each extension once in key order', () => {
    expect(afterHoursOptions([2, 65535, 1, 2])).toEqual([
      { value: AFTER_HOURS_VOICEMAIL, label: 'Voicemail' },
      { value: '1', label: 'Extension 1' },
      { value: '2', label: 'Extension 2' },
      { value: '65535', label: 'Extension *' },
    ]);
  });
});
