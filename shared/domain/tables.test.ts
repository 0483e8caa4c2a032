/** The code tables and constants of §3, §4 and §9 that are lists rather than rules, checked against the spec. */
import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_TYPES,
  ALERT_CLOSE_REASONS,
  CALL_EVENT_STATUSES,
  CALL_OUTCOMES,
  CALL_QUALIFICATIONS,
  CALL_STATES,
  CUSTOM_FIELD_DATA_TYPES,
  CUSTOM_FIELD_ENTITY_TYPES,
  DATA_TAGS,
  DEALER_CALL_OUTCOMES,
  DELAYS_MS,
  DEPARTMENTS,
  deviceName,
  EXTENSION_MAX,
  EXTENSION_MIN,
  FLASH_DEFAULT_POSITION,
  FLASH_TYPES,
  INACTIVE_NUMBER_REMOVAL_DAYS,
  isCode,
  LONG_DURATION_BUCKETS_SEC,
  labelOf,
  MESSAGE_DIRECTIONS,
  OAUTH_KINDS,
  PAGE_SIZES,
  RATE_LIMIT_RETRIES,
  RETENTION_MS,
  SEARCH_WINDOW_YEARS,
  SMS_COMPANY_TYPES,
  SMS_ID_TYPES,
  SMS_INDUSTRIES,
  SMS_MONTHLY_VOLUMES,
  SMS_OPTIN_TYPES,
  SMS_REGISTRATION_STATES,
  SMS_STOCK_EXCHANGES,
  SMS_USE_CASES,
  SPEAKERS,
  TEXT_MAX_LENGTH,
  UPLOAD_CHUNK_BYTES,
  valuesOf,
} from './index';

const pairs = (table: readonly { value: unknown; label: string }[]) => table.map((c) => [c.value, c.label]);

describe('code tables (§3, §4)', () => {
  it('§4 "Call event statuses: 1 Started, 2 Extension Selected, 3 Hangup, … 13 Blocked"', () => {
    expect(pairs(CALL_EVENT_STATUSES)).toEqual([
      [1, 'Started'],
      [2, 'Extension Selected'],
      [3, 'Hangup'],
      [4, 'Voicemail'],
      [5, 'No Answer'],
      [6, 'Received'],
      [7, 'Rejected'],
      [8, 'No Answer'],
      [9, 'Answered Already'],
      [10, 'Missed'],
      [11, 'Hangup'],
      [12, 'Connected'],
      [13, 'Blocked'],
    ]);
  });

  it.each<[string, readonly { value: unknown }[], unknown[]]>([
    ['"Outcome: none 0, answered 1, missed 2, voicemail 3, blocked 4"', CALL_OUTCOMES, [0, 1, 2, 3, 4]],
    ['"Qualification: qualified 1, not qualified 2, lead 3"', CALL_QUALIFICATIONS, [1, 2, 3]],
    ['"Speaker: mixed 0, agent 1, client 2"', SPEAKERS, [0, 1, 2]],
    [
      '"Activity types: calls, messages, faxes, voicemails"',
      ACTIVITY_TYPES,
      ['calls', 'messages', 'faxes', 'voicemails'],
    ],
    [
      '"Call state: unknown, connected, rejected, received, missed"',
      CALL_STATES,
      ['unknown', 'connected', 'rejected', 'received', 'missed'],
    ],
    [
      '"Message direction: incoming, outgoing, status, error, none"',
      MESSAGE_DIRECTIONS,
      ['incoming', 'outgoing', 'status', 'error', 'none'],
    ],
    [
      '"Department: sales, service, parts, trade, credit, body_shop, admin, accessories, hr, custom_shop, rentals, unknown, quick_lube"',
      DEPARTMENTS,
      [
        'sales',
        'service',
        'parts',
        'trade',
        'credit',
        'body_shop',
        'admin',
        'accessories',
        'hr',
        'custom_shop',
        'rentals',
        'unknown',
        'quick_lube',
      ],
    ],
    [
      '"Call outcome (dealer): appt_booked, vehicle_ordered, parts_ordered, get_back_commitment, not_opportunity, opportunity, unknown"',
      DEALER_CALL_OUTCOMES,
      [
        'appt_booked',
        'vehicle_ordered',
        'parts_ordered',
        'get_back_commitment',
        'not_opportunity',
        'opportunity',
        'unknown',
      ],
    ],
    [
      '"data types boolean, date, enum, number, phone, stringText, stringKeyword"',
      CUSTOM_FIELD_DATA_TYPES,
      ['boolean', 'date', 'enum', 'number', 'phone', 'stringText', 'stringKeyword'],
    ],
    [
      '"Entity types: number 1, company 2, tracking pool 3, organization 4, user 5, call 6, contact 7"',
      CUSTOM_FIELD_ENTITY_TYPES,
      [1, 2, 3, 4, 5, 6, 7],
    ],
    [
      '"Alert close reasons: not-relevant, already-aware, duplicate, other"',
      ALERT_CLOSE_REASONS,
      ['not-relevant', 'already-aware', 'duplicate', 'other'],
    ],
    [
      '"OAuth kinds: googleads, microsoftads, metaads, slackbot, salesforce, gohighlevel, hubspot"',
      OAUTH_KINDS,
      ['googleads', 'microsoftads', 'metaads', 'slackbot', 'salesforce', 'gohighlevel', 'hubspot'],
    ],
    [
      '"Flash message types: neutral, success, warn, danger, loading"',
      FLASH_TYPES,
      ['neutral', 'success', 'warn', 'danger', 'loading'],
    ],
    ['"SMS campaign: draft, submitted"', SMS_REGISTRATION_STATES, ['draft', 'submitted']],
    [
      '"company type (public, private, non-profit, government)"',
      SMS_COMPANY_TYPES,
      ['public', 'private', 'non-profit', 'government'],
    ],
    ['"ID types DUNS/GIIN/LEI"', SMS_ID_TYPES, ['DUNS', 'GIIN', 'LEI']],
    [
      '"monthly volume bands 10_000, 25_000, 60_000, HIGH"',
      SMS_MONTHLY_VOLUMES,
      ['10_000', '25_000', '60_000', 'HIGH'],
    ],
    [
      '"opt-in types (text to join, point of sale, other)"',
      SMS_OPTIN_TYPES,
      ['text_to_join', 'point_of_sale', 'other'],
    ],
  ])('§3 %s', (_quote, table, expected) => {
    expect(table.map((entry) => entry.value)).toEqual(expected);
  });

  it('§3 "an industry list of 23"', () => {
    expect(SMS_INDUSTRIES).toHaveLength(23);
    expect(new Set(valuesOf(SMS_INDUSTRIES)).size).toBe(23);
  });

  it('§3 use cases: 2FA, account notification, customer care, delivery, fraud alert, higher education, marketing, polling/voting, public service announcement, security alert', () => {
    expect(SMS_USE_CASES.map((u) => u.label)).toEqual([
      'Two-factor authentication',
      'Account notification',
      'Customer care',
      'Delivery notification',
      'Fraud alert',
      'Higher education',
      'Marketing',
      'Polling and voting',
      'Public service announcement',
      'Security alert',
    ]);
  });

  it('§3 stock exchanges offer a choice of none and other', () => {
    expect(valuesOf(SMS_STOCK_EXCHANGES)).toEqual(
      expect.arrayContaining(['NONE', 'NASDAQ', 'NYSE', 'OTHER']),
    );
  });

  it('§3 "Data tag types": 51 tags, none twice, from Alerts to MFA', () => {
    expect(DATA_TAGS).toHaveLength(51);
    expect(new Set(DATA_TAGS).size).toBe(51);
    expect(DATA_TAGS[0]).toBe('Alerts');
    expect(DATA_TAGS.at(-1)).toBe('MFA');
    expect(DATA_TAGS).toEqual(
      expect.arrayContaining(['Conversation', 'Contact', 'InAppCallingToken', 'ApiKeys', 'Calls']),
    );
  });

  it('every table is frozen and has a label for every value', () => {
    for (const table of [CALL_EVENT_STATUSES, DEPARTMENTS, SMS_INDUSTRIES, FLASH_TYPES]) {
      expect(Object.isFrozen(table)).toBe(true);
      for (const entry of table) expect(entry.label.trim()).not.toBe('');
    }
  });
});

describe('table helpers', () => {
  it.each([
    [5, 'No Answer'],
    [13, 'Blocked'],
    [14, ''],
    [null, ''],
  ])('labelOf(CALL_EVENT_STATUSES, %s) → %j', (value, expected) => {
    expect(labelOf(CALL_EVENT_STATUSES, value as 5)).toBe(expected);
  });

  it('labelOf takes a fallback; isCode narrows unknown input', () => {
    expect(labelOf(CALL_OUTCOMES, 9 as 0, 'Unknown')).toBe('Unknown');
    expect(isCode(CALL_OUTCOMES, 1)).toBe(true);
    expect(isCode(CALL_OUTCOMES, '1')).toBe(false);
  });
});

describe('§9 business constants and limits', () => {
  it('"Campaigns page size 13; events 10; alerts 10; companies slim 100; invitations 1000; conversations 5; organizations 1000; extension suggestions 10; number search limit 1"', () => {
    expect(PAGE_SIZES).toEqual({
      campaigns: 13,
      campaignEvents: 10,
      alerts: 10,
      companiesSlim: 100,
      invitations: 1000,
      conversations: 5,
      organizations: 1000,
      extensionSuggestions: 10,
      numberSearch: 1,
    });
  });

  it('"Retention: conversation cache 600 s; number search 300 s; SMS verification 3 minutes; dashboard 15 s; timeline events 5 s; current user indefinite; default unused data 60 s"', () => {
    expect(RETENTION_MS).toEqual({
      conversations: 600_000,
      numberSearch: 300_000,
      smsVerification: 180_000,
      dashboard: 15_000,
      timelineEvents: 5_000,
      currentUser: Number.POSITIVE_INFINITY,
      default: 60_000,
    });
  });

  it.each<[string, number, number]>([
    ['Flash auto-hide 5000 ms', DELAYS_MS.flashAutoHide, 5000],
    ['Error toast 10 s', DELAYS_MS.errorToast, 10_000],
    ['billing failure toast 30 s', DELAYS_MS.billingFailureToast, 30_000],
    ['Rate-limit … default wait 5000 ms', DELAYS_MS.rateLimitDefaultWait, 5000],
    ['Logout delay 500 ms', DELAYS_MS.logout, 500],
    ['Batch cleanup 5 s', DELAYS_MS.batchCleanup, 5000],
    ['SMS campaign cancel refresh 15 s', DELAYS_MS.smsCampaignCancelRefresh, 15_000],
    ['Plan migration refresh 1 s (company)', DELAYS_MS.planMigrationCompanyRefresh, 1000],
    ['and 5 s (invoices)', DELAYS_MS.planMigrationInvoicesRefresh, 5000],
    ['Subscription-sync delay 500 ms', DELAYS_MS.subscriptionSync, 500],
    ['Rate-limit retries 3', RATE_LIMIT_RETRIES, 3],
    ['Text max 1000 chars', TEXT_MAX_LENGTH, 1000],
    ['Extension range 0 to 25 (min)', EXTENSION_MIN, 0],
    ['Extension range 0 to 25 (max)', EXTENSION_MAX, 25],
    ['Search window 2 years', SEARCH_WINDOW_YEARS, 2],
    ['Inactive number removal 30 days', INACTIVE_NUMBER_REMOVAL_DAYS, 30],
    ['Upload chunk 64 KB', UPLOAD_CHUNK_BYTES, 65_536],
  ])('"%s"', (_quote, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('"Long-duration buckets 30, 90, 120, 300 sec"; flash "default position center"', () => {
    expect(LONG_DURATION_BUCKETS_SEC).toEqual([30, 90, 120, 300]);
    expect(FLASH_DEFAULT_POSITION).toBe('center');
  });

  it('"Mobile device name is prefixed with the app name plus device id"', () => {
    expect(deviceName('Switchboard', 'abc-123')).toBe('Switchboard abc-123');
    expect(deviceName('Switchboard', 'abc-123', "Ada's iPhone")).toBe("Switchboard abc-123 Ada's iPhone");
  });
});
