import type { Campaign } from '@shared/api/campaigns';
import { CAMPAIGN_BLOCKERS, DEFAULT_DYNAMIC_FIELDS, TEXT_ERRORS } from '@shared/domain/campaigns';
import { describe, expect, it } from 'vitest';
import {
  actionBlockers,
  type CampaignFormValues,
  campaignFields,
  type EditorContext,
  formFieldOf,
  insertAt,
  NO_DELIVERY_TIME,
  previewBody,
  sendAtIso,
  toFormValues,
} from './editorModel';

const TZ = 'America/Chicago';
const NOW = new Date('2030-01-15T12:00:00Z');

const campaign = (changes: Partial<Campaign> = {}): Campaign => ({
  id: 7,
  user_id: 1,
  company_id: 3,
  type: 'sms',
  title: 'Winter sale',
  text: 'Hi %%first_name%%, 20% off this weekend.',
  unsubscribe_text: 'Text STOP to opt out',
  should_be_sent_at: null,
  state: 'draft',
  display_state: 'draft',
  sent_count: 0,
  delivered_count: 0,
  undelivered_count: 0,
  failed_count: 0,
  skipped_count: 0,
  responded_count: 0,
  unsubscriber_count: 0,
  recipient_count: 0,
  pending_count: 0,
  number_id: 12,
  number: { id: 12, number: '+13125550100', label: 'Main line' },
  preview_count: 0,
  preview_credits: 0,
  started: null,
  finished_at: null,
  state_reason: null,
  media: [],
  dynamic_fields: [...DEFAULT_DYNAMIC_FIELDS],
  skip_inbox: true,
  group_ids: [4],
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
  deleted_at: null,
  ...changes,
});

const sendable: CampaignFormValues = {
  title: 'Winter sale',
  group: '4',
  number_id: '12',
  text: 'Hi %%first_name%%, 20% off this weekend.',
  unsubscribe_text: 'Reply STOP to stop',
  skip_inbox: false,
  delivery: 'now',
  send_at: '',
};

const context: EditorContext = {
  now: NOW,
  linksEnabled: false,
  tz: TZ,
  hasMedia: false,
  dynamicFields: DEFAULT_DYNAMIC_FIELDS,
};

describe('the form of a campaign', () => {
  it("starts a new one empty, with §5's default unsubscribe text, sent now", () => {
    expect(toFormValues(null, TZ, NOW)).toEqual({
      title: '',
      group: null,
      number_id: null,
      text: '',
      unsubscribe_text: 'Reply STOP to stop',
      skip_inbox: false,
      delivery: 'now',
      send_at: '',
    });
  });

  it('shows a scheduled time still ahead in the company’s zone', () => {
    const values = toFormValues(campaign({ should_be_sent_at: '2030-01-20T15:30:00.000Z' }), TZ, NOW);
    expect(values).toMatchObject({
      title: 'Winter sale',
      group: '4',
      number_id: '12',
      unsubscribe_text: 'Text STOP to opt out',
      skip_inbox: true,
      delivery: 'later',
      send_at: '2030-01-20T09:30',
    });
  });

  it('§4 "A draft whose time has passed shows no delivery time"', () => {
    const values = toFormValues(campaign({ should_be_sent_at: '2030-01-10T15:30:00.000Z' }), TZ, NOW);
    expect(values).toMatchObject({ delivery: 'now', send_at: '' });
  });
});

describe('the delivery time is read in the company’s time zone', () => {
  it.each([
    ['America/Chicago', '2030-01-20T09:30', '2030-01-20T15:30:00.000Z'],
    ['America/New_York', '2030-07-04T08:00', '2030-07-04T12:00:00.000Z'],
    ['UTC', '2030-07-04T08:00', '2030-07-04T08:00:00.000Z'],
  ])('%s %s → %s', (tz, local, iso) => {
    expect(sendAtIso({ delivery: 'later', send_at: local }, tz)).toBe(iso);
  });

  it('has none when sending now, or when no valid time is chosen', () => {
    expect(sendAtIso({ delivery: 'now', send_at: '2030-01-20T09:30' }, TZ)).toBeNull();
    expect(sendAtIso({ delivery: 'later', send_at: '' }, TZ)).toBeNull();
    expect(sendAtIso({ delivery: 'later', send_at: 'tomorrow' }, TZ)).toBeNull();
  });
});

describe('§5 "Campaign sendable only if …; draft needs only a title" — per button', () => {
  const later = { ...sendable, delivery: 'later' as const, send_at: '2030-01-20T09:30' };
  it.each([
    ['a draft with a title', 'draft', { ...sendable, text: '', group: null }, context, []],
    ['a draft without a title', 'draft', { ...sendable, title: '  ' }, context, [CAMPAIGN_BLOCKERS.title]],
    ['sending a complete campaign now', 'send', sendable, context, []],
    ['scheduling it for a time ahead', 'schedule', later, context, []],
    [
      'scheduling it without a time',
      'schedule',
      { ...sendable, delivery: 'later' as const },
      context,
      [NO_DELIVERY_TIME],
    ],
    [
      'scheduling it for a time past',
      'schedule',
      { ...later, send_at: '2030-01-15T05:59' },
      context,
      [CAMPAIGN_BLOCKERS.pastDeliveryTime],
    ],
    [
      'sending an empty campaign',
      'send',
      { ...sendable, title: '', text: '', unsubscribe_text: '', group: null, number_id: null },
      context,
      [
        CAMPAIGN_BLOCKERS.title,
        CAMPAIGN_BLOCKERS.text,
        CAMPAIGN_BLOCKERS.unsubscribeText,
        CAMPAIGN_BLOCKERS.group,
        CAMPAIGN_BLOCKERS.number,
      ],
    ],
    [
      'a link, when the account does not allow links',
      'send',
      { ...sendable, text: 'See https://demo.test/sale' },
      context,
      [CAMPAIGN_BLOCKERS.links],
    ],
    [
      'a link, when the account allows links',
      'send',
      { ...sendable, text: 'See https://demo.test/sale' },
      { ...context, linksEnabled: true },
      [],
    ],
    [
      'a text at 1000 characters with the unsubscribe text',
      'send',
      { ...sendable, text: 'a'.repeat(1000 - 'Reply STOP to stop'.length) },
      context,
      [],
    ],
    [
      'a text past 1000 characters with the unsubscribe text (SMS)',
      'send',
      { ...sendable, text: 'a'.repeat(1001 - 'Reply STOP to stop'.length) },
      context,
      [TEXT_ERRORS.sms],
    ],
    [
      'a text past 1000 characters once its field is counted at 10 (MMS)',
      'send',
      { ...sendable, text: `${'a'.repeat(1000 - 'Reply STOP to stop'.length - 9)}%%first_name%%` },
      { ...context, hasMedia: true },
      [TEXT_ERRORS.mms],
    ],
  ] as const)('%s', (_name, action, values, ctx, blockers) => {
    expect(actionBlockers(action, values, ctx)).toEqual(blockers);
  });
});

describe('what a save sends (§4 "Save as draft sends state draft; schedule or send sends state queued")', () => {
  const media = { files: [] as File[], keep: null };
  it('a new draft: state draft, the time if one is chosen, the dynamic fields as JSON', () => {
    const fields = campaignFields(
      'draft',
      { ...sendable, delivery: 'later', send_at: '2030-01-20T09:30' },
      { tz: TZ, dynamicFields: DEFAULT_DYNAMIC_FIELDS, media },
    );
    expect(fields).toMatchObject({
      type: 'sms',
      state: 'draft',
      title: 'Winter sale',
      groups: ['4'],
      number_id: '12',
      skip_inbox: 'false',
      should_be_sent_at: '2030-01-20T15:30:00.000Z',
      include: 'groups',
    });
    expect(JSON.parse(String(fields.dynamic_fields))).toEqual(DEFAULT_DYNAMIC_FIELDS);
    expect(fields).not.toHaveProperty('_method');
    expect(fields).not.toHaveProperty('keep_media');
    expect(fields.media).toBeUndefined();
  });

  it('scheduling sends state queued with the time; sending now, queued with the time cleared', () => {
    const values = { ...sendable, delivery: 'later' as const, send_at: '2030-01-20T09:30' };
    const options = { tz: TZ, dynamicFields: DEFAULT_DYNAMIC_FIELDS, media };
    expect(campaignFields('schedule', values, options)).toMatchObject({
      state: 'queued',
      should_be_sent_at: '2030-01-20T15:30:00.000Z',
    });
    expect(campaignFields('send', values, options)).toMatchObject({ state: 'queued', should_be_sent_at: '' });
  });

  it('a change is a PATCH that says which saved attachments stay, with the new files as media[]', () => {
    const file = new File(['png'], 'car.png', { type: 'image/png' });
    const fields = campaignFields('send', sendable, {
      tz: TZ,
      dynamicFields: DEFAULT_DYNAMIC_FIELDS,
      media: { files: [file], keep: [0, 2] },
    });
    expect(fields).toMatchObject({ _method: 'PATCH', keep_media: '[0,2]', media: [file] });
    expect(
      campaignFields('send', sendable, {
        tz: TZ,
        dynamicFields: DEFAULT_DYNAMIC_FIELDS,
        media: { files: [], keep: [] },
      }),
    ).toMatchObject({ keep_media: '[]' });
  });

  it('the pre-send summary is asked about the form as it is', () => {
    expect(
      previewBody(
        { ...sendable, delivery: 'later', send_at: '2030-01-20T09:30' },
        { tz: TZ, hasMedia: true, dynamicFields: DEFAULT_DYNAMIC_FIELDS },
      ),
    ).toEqual({
      groups: [4],
      number_id: 12,
      text: sendable.text,
      unsubscribe_text: 'Reply STOP to stop',
      has_media: true,
      should_be_sent_at: '2030-01-20T15:30:00.000Z',
      dynamic_fields: DEFAULT_DYNAMIC_FIELDS,
    });
    expect(previewBody({ ...sendable, group: null, number_id: null }, { ...context })).toMatchObject({
      groups: [],
      number_id: null,
      should_be_sent_at: null,
    });
  });
});

describe('a refusal’s messages go beside their fields', () => {
  it.each([
    ['title', 'title'],
    ['groups', 'group'],
    ['groups.0', 'group'],
    ['groups[]', 'group'],
    ['should_be_sent_at', 'send_at'],
    ['number_id', 'number_id'],
    ['unsubscribe_text', 'unsubscribe_text'],
    ['dynamic_fields.1.tag', 'text'],
    ['media', undefined],
    ['state', undefined],
  ])('%s → %s', (server, field) => {
    expect(formFieldOf(server)).toBe(field);
  });
});

describe('a dynamic field goes in at the cursor', () => {
  it.each([
    ['at the cursor', 'Hi , welcome', 3, 3, 'Hi %%first_name%%, welcome', 17],
    ['in place of the selection', 'Hi NAME, welcome', 3, 7, 'Hi %%first_name%%, welcome', 17],
    ['at the end when the box never had the focus', 'Hi ', null, null, 'Hi %%first_name%%', 17],
    ['at the start', 'welcome', 0, 0, '%%first_name%%welcome', 14],
    ['within the text when the cursor is past it', 'Hi', 40, 50, 'Hi%%first_name%%', 16],
  ])('%s', (_name, text, start, end, result, cursor) => {
    expect(insertAt(text, '%%first_name%%', start, end)).toEqual({ text: result, cursor });
  });
});
