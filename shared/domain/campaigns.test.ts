import { describe, expect, it } from 'vitest';
import {
  budgetedText,
  CAMPAIGN_BLOCKERS,
  CAMPAIGN_SAVE_STATES,
  CAMPAIGN_STATES,
  type CampaignDraft,
  campaignBlockers,
  campaignBody,
  campaignDisplayState,
  campaignShowsDeliveryTime,
  campaignTextError,
  DEFAULT_DYNAMIC_FIELDS,
  DEFAULT_UNSUBSCRIBE_TEXT,
  draftBlockers,
  valuesOf,
} from './index';

const NOW = new Date('2026-11-22T12:00:00.000Z');
const PAST = '2026-11-22T11:59:59.999Z';
const FUTURE = '2026-11-22T12:00:00.001Z';

describe('§4 "Campaign states (server): pending, draft, queued, sending, canceled, paused, sent, failed"', () => {
  it('lists them', () => {
    expect(valuesOf(CAMPAIGN_STATES)).toEqual([
      'pending',
      'draft',
      'queued',
      'sending',
      'canceled',
      'paused',
      'sent',
      'failed',
    ]);
  });

  it('§4 "Save as draft sends state draft; schedule or send sends state queued"', () => {
    expect(CAMPAIGN_SAVE_STATES).toEqual({ draft: 'draft', schedule: 'queued', send: 'queued' });
  });
});

describe('campaignDisplayState: §4 "pending and draft show draft; queued shows in-progress if the scheduled time is now or past, else scheduled; sending shows in-progress; the others map directly"', () => {
  it.each([
    ['pending', null, 'draft'],
    ['draft', FUTURE, 'draft'],
    ['draft', PAST, 'draft'],
    ['queued', PAST, 'in-progress'],
    ['queued', NOW.toISOString(), 'in-progress'],
    ['queued', NOW, 'in-progress'],
    ['queued', FUTURE, 'scheduled'],
    ['queued', null, 'in-progress'],
    ['sending', FUTURE, 'in-progress'],
    ['canceled', PAST, 'canceled'],
    ['paused', FUTURE, 'paused'],
    ['sent', PAST, 'sent'],
    ['failed', PAST, 'failed'],
  ] as const)('%s at %s → %s', (state, time, expected) => {
    expect(campaignDisplayState({ state, should_be_sent_at: time }, NOW)).toBe(expected);
  });

  it('accepts now as an ISO string', () => {
    expect(campaignDisplayState({ state: 'queued', should_be_sent_at: FUTURE }, NOW.toISOString())).toBe(
      'scheduled',
    );
  });
});

describe('campaignShowsDeliveryTime: §4 "A draft whose time has passed shows no delivery time"', () => {
  it.each([
    ['draft', PAST, false],
    ['draft', NOW.toISOString(), false],
    ['pending', PAST, false],
    ['draft', FUTURE, true],
    ['queued', PAST, true],
    ['queued', FUTURE, true],
    ['sent', PAST, true],
    ['draft', null, false],
    ['sent', null, false],
  ] as const)('%s at %s → %s', (state, time, expected) => {
    expect(campaignShowsDeliveryTime({ state, should_be_sent_at: time }, NOW)).toBe(expected);
  });
});

describe('campaignTextError: §5 "Text length counts message plus unsubscribe text; max 1000 per SMS, 1000 per MMS"', () => {
  const chars = (n: number) => 'x'.repeat(n);
  it.each([
    [chars(1000), '', false, null],
    [chars(1001), '', false, 'Max 1000 characters per SMS'],
    [chars(1001), '', true, 'Max 1000 characters per MMS'],
    [chars(982), DEFAULT_UNSUBSCRIBE_TEXT, false, null],
    [chars(983), DEFAULT_UNSUBSCRIBE_TEXT, false, 'Max 1000 characters per SMS'],
    [chars(983), DEFAULT_UNSUBSCRIBE_TEXT, true, 'Max 1000 characters per MMS'],
    ['', chars(1001), false, 'Max 1000 characters per SMS'],
    ['', '', false, null],
    ['😀'.repeat(1000), '', false, null],
    ['😀'.repeat(1001), '', false, 'Max 1000 characters per SMS'],
  ])('%#: message of %s… → %s', (text, unsubscribe, hasMedia, expected) => {
    expect(campaignTextError(text, unsubscribe, hasMedia)).toBe(expected);
  });
});

describe('campaignBlockers: §5 "Campaign sendable only if: …"', () => {
  const ready: CampaignDraft = {
    title: 'November sale',
    text: 'Hi %%first_name%%, our sale starts today.',
    unsubscribe_text: DEFAULT_UNSUBSCRIBE_TEXT,
    groups: [7],
    number_id: 3,
    should_be_sent_at: null,
    media: [],
  };
  const opts = { now: NOW, linksEnabled: false };

  it('a complete campaign is sendable', () => {
    expect(campaignBlockers(ready, opts)).toEqual([]);
    expect(campaignBlockers({ ...ready, should_be_sent_at: FUTURE }, opts)).toEqual([]);
  });

  it.each<[string, Partial<CampaignDraft>, string]>([
    ['"title not empty"', { title: '' }, CAMPAIGN_BLOCKERS.title],
    ['"title not empty" (spaces)', { title: '   ' }, CAMPAIGN_BLOCKERS.title],
    ['"message not empty"', { text: '' }, CAMPAIGN_BLOCKERS.text],
    ['"message not empty" (null)', { text: null }, CAMPAIGN_BLOCKERS.text],
    ['"unsubscribe text not empty"', { unsubscribe_text: ' ' }, CAMPAIGN_BLOCKERS.unsubscribeText],
    ['"a group chosen"', { groups: [] }, CAMPAIGN_BLOCKERS.group],
    ['"a group chosen" (missing)', { groups: undefined }, CAMPAIGN_BLOCKERS.group],
    ['"a number chosen"', { number_id: null }, CAMPAIGN_BLOCKERS.number],
    [
      '"delivery time (if set) in the future": past',
      { should_be_sent_at: PAST },
      CAMPAIGN_BLOCKERS.pastDeliveryTime,
    ],
    [
      '"delivery time (if set) in the future": exactly now',
      { should_be_sent_at: NOW },
      CAMPAIGN_BLOCKERS.pastDeliveryTime,
    ],
    ['"no text error"', { text: 'x'.repeat(1000) }, 'Max 1000 characters per SMS'],
    [
      '"no text error" (MMS)',
      { text: 'x'.repeat(1000), media: ['https://x.test/a.png'] },
      'Max 1000 characters per MMS',
    ],
    ['"no link in the message": https', { text: 'See https://example.com/sale' }, CAMPAIGN_BLOCKERS.links],
    ['"no link in the message": www', { text: 'See www.example.com' }, CAMPAIGN_BLOCKERS.links],
    [
      '"no link in the message": bare domain',
      { text: 'Visit demo-motors.com today' },
      CAMPAIGN_BLOCKERS.links,
    ],
  ])('%s', (_rule, change, message) => {
    expect(campaignBlockers({ ...ready, ...change }, opts)).toEqual([message]);
  });

  it('"when links are not enabled for the account": links are fine when they are', () => {
    expect(
      campaignBlockers({ ...ready, text: 'See https://example.com' }, { now: NOW, linksEnabled: true }),
    ).toEqual([]);
  });

  it('text that merely has dots is not a link', () => {
    expect(campaignBlockers({ ...ready, text: 'Open 9 a.m. to 5 p.m. Mon.–Fri. See you!' }, opts)).toEqual(
      [],
    );
  });

  it("an empty draft lists every unmet condition, in the spec's order", () => {
    expect(campaignBlockers({}, opts)).toEqual([
      CAMPAIGN_BLOCKERS.title,
      CAMPAIGN_BLOCKERS.text,
      CAMPAIGN_BLOCKERS.unsubscribeText,
      CAMPAIGN_BLOCKERS.group,
      CAMPAIGN_BLOCKERS.number,
    ]);
  });

  it('§5 "Draft needs only a title"', () => {
    expect(draftBlockers({ title: 'x' })).toEqual([]);
    expect(draftBlockers({ title: '' })).toEqual([CAMPAIGN_BLOCKERS.title]);
    expect(draftBlockers({})).toEqual([CAMPAIGN_BLOCKERS.title]);
  });
});

describe('§3 "Dynamic fields default to First Name, Last Name, Phone, Email, each with a tag in double percent signs and a 10-character budget"', () => {
  it('has the four fields', () => {
    expect(DEFAULT_DYNAMIC_FIELDS.map((field) => field.name)).toEqual([
      'First Name',
      'Last Name',
      'Phone',
      'Email',
    ]);
  });

  it.each(DEFAULT_DYNAMIC_FIELDS)('$name has tag $tag of budget 10', (field) => {
    expect(field.tag).toMatch(/^%%[a-z_]+%%$/);
    expect(field.length).toBe(10);
  });

  it('§5 "Default unsubscribe text: \'Reply STOP to stop\'"', () => {
    expect(DEFAULT_UNSUBSCRIBE_TEXT).toBe('Reply STOP to stop');
  });

  it.each([
    ['no field', 'Sale Saturday', 'Sale Saturday'],
    ['a tag counts at its budget', 'Hi %%first_name%%!', `Hi ${'x'.repeat(10)}!`],
    ['its display form too', 'Hi %%First Name%%', `Hi ${'x'.repeat(10)}`],
    ['each occurrence', '%%email%% %%email%%', `${'x'.repeat(10)} ${'x'.repeat(10)}`],
    ['an unknown tag is text', 'Hi %%nickname%%', 'Hi %%nickname%%'],
  ])('budgetedText: %s', (_case, text, budgeted) => {
    expect(budgetedText(text)).toBe(budgeted);
  });

  it.each([
    // 978 + %%first_name%% (14 written, 10 budgeted) + 'Reply STOP' (10): 1002 as written, 998 budgeted.
    [
      'a long tag counts at its budget, not as written',
      `${'a'.repeat(978)}%%first_name%%`,
      'Reply STOP',
      null,
    ],
    // 981 + 10 + 10 = 1001.
    [
      'one over with the field at its budget',
      `${'a'.repeat(981)}%%first_name%%`,
      'Reply STOP',
      'Max 1000 characters per SMS',
    ],
  ])("§3 budget counts in §5's text length: %s", (_case, text, unsubscribe, error) => {
    expect(campaignTextError(text, unsubscribe, false, DEFAULT_DYNAMIC_FIELDS)).toBe(error);
  });

  it("a blocker counts the draft's fields at their budget", () => {
    // 987 + %%phone%% (9 written, 10 budgeted) + 'STOP' (4): 1000 as written, 1001 budgeted.
    const draft = {
      title: 'T',
      text: `${'a'.repeat(987)}%%phone%%`,
      unsubscribe_text: 'STOP',
      groups: [1],
      number_id: 1,
    };
    expect(campaignBlockers(draft, { now: NOW, linksEnabled: false })).toEqual([
      'Max 1000 characters per SMS',
    ]);
  });

  it('campaignBody: the message, then the unsubscribe text on its own line', () => {
    expect(campaignBody('Sale Saturday ', ' Reply STOP to stop')).toBe('Sale Saturday\nReply STOP to stop');
    expect(campaignBody('Sale Saturday', '')).toBe('Sale Saturday');
  });
});
