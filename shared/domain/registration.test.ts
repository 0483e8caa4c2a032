import { describe, expect, it } from 'vitest';
import {
  canMoveTo,
  emailFindings,
  feesDueToday,
  isCancellable,
  isEditable,
  isSubmittable,
  mentionsNoSharing,
  registrationKindOfNumberType,
  SMS_INDUSTRIES,
  SMS_MONTHLY_VOLUMES,
  SMS_REVIEW_STATUSES,
  type SmsReviewStatus,
  sampleFindings,
  valuesOf,
  websiteDomain,
} from './index';

describe('§3 SMS brand options', () => {
  it('"an industry list of 23"', () => expect(SMS_INDUSTRIES).toHaveLength(23));
  it('"monthly volume bands 10_000, 25_000, 60_000, HIGH"', () =>
    expect(valuesOf(SMS_MONTHLY_VOLUMES)).toEqual(['10_000', '25_000', '60_000', 'HIGH']));
});

describe('status machine: draft → submitted → in review → approved | rejected → (edited) → submitted; cancel → expired', () => {
  const all = valuesOf(SMS_REVIEW_STATUSES) as SmsReviewStatus[];
  const allowed: [SmsReviewStatus, SmsReviewStatus[]][] = [
    ['draft', ['submitted']],
    ['submitted', ['in_review', 'expired']],
    ['in_review', ['approved', 'rejected', 'expired']],
    ['approved', ['expired']],
    ['rejected', ['draft', 'submitted', 'expired']],
    ['expired', []],
  ];
  it.each(allowed)('from %s only to %j', (from, to) => {
    for (const next of all) expect(canMoveTo(from, next), `${from} → ${next}`).toBe(to.includes(next));
  });
  it.each([
    ['draft', true, true, false],
    ['submitted', false, false, true],
    ['in_review', false, false, true],
    ['approved', false, false, true],
    ['rejected', true, true, true],
    ['expired', false, false, false],
  ] as const)(
    '%s: editable %s, submittable %s, §4 "cancel marks status expired" %s',
    (status, edit, submit, cancel) => {
      expect(isEditable(status)).toBe(edit);
      expect(isSubmittable(status)).toBe(submit);
      expect(isCancellable(status)).toBe(cancel);
    },
  );
  it.each([
    [1, 'toll_free'],
    [2, 'local'],
    [3, null],
    [4, 'local'],
  ])('§3 "status (toll_free, local)": number type %s needs %s', (type, kind) =>
    expect(registrationKindOfNumberType(type)).toBe(kind),
  );
});

describe('§3 "fees.due_today"', () => {
  it.each([
    [
      'toll-free verification is free',
      { kind: 'toll_free', monthlyVolume: 'HIGH', brandPaid: false, monthPaid: false },
      0,
      [],
    ],
    [
      'low volume: brand, vetting, first month',
      { kind: 'local', monthlyVolume: '10_000', brandPaid: false, monthPaid: false },
      2100,
      ['brand', 'campaign_vetting', 'campaign_month'],
    ],
    [
      'standard: brand with secondary vetting',
      { kind: 'local', monthlyVolume: '60_000', brandPaid: false, monthPaid: false },
      6900,
      ['brand', 'campaign_vetting', 'campaign_month'],
    ],
    [
      'a resubmission after a rejection pays the vetting again only',
      { kind: 'local', monthlyVolume: '25_000', brandPaid: true, monthPaid: true },
      1500,
      ['campaign_vetting'],
    ],
  ] as const)('%s', (_name, input, total, items) => {
    const fees = feesDueToday(input);
    expect(fees.total_cents).toBe(total);
    expect(fees.lines.map((line) => line.item)).toEqual(items);
  });
});

describe('pre-submit: a business email on the brand’s website domain (not gmail/yahoo…)', () => {
  it.each([
    ['info@demo-motors.test', 'https://demo-motors.test', []],
    ['sales@mail.demo-motors.test', 'https://www.demo-motors.test/about', []],
    ['owner@gmail.com', 'https://demo-motors.test', ['error']],
    ['owner@Yahoo.com', 'https://demo-motors.test', ['error']],
    ['info@other.test', 'https://demo-motors.test', ['warning']],
    ['', 'https://demo-motors.test', []],
  ] as const)('%s on %s → %j', (email, website, severities) => {
    const findings = emailFindings(email, website);
    expect(findings.map((f) => f.severity)).toEqual(severities);
    for (const f of findings) expect(f.field).toBe('brand.email');
  });
  it.each([
    ['demo-motors.test', 'demo-motors.test'],
    ['https://WWW.Demo.test/x', 'demo.test'],
    ['ftp://x.test', null],
    ['', null],
  ])('website %s has domain %s', (site, domain) => expect(websiteDomain(site)).toBe(domain));
});

describe('pre-submit: sample messages name the brand and include opt-out wording (STOP)', () => {
  it.each([
    ['Demo Motors: your car is ready. Reply STOP to opt out.', []],
    ['demo motors: service reminder. Text UNSUBSCRIBE to stop these.', []],
    ['Your car is ready. Reply STOP to opt out.', ['does not name the brand']],
    ['Demo Motors: your car is ready.', ['no opt-out wording']],
    ['Your car is ready, stopping by?', ['does not name the brand', 'no opt-out wording']],
  ])('%s', (sample, problems) => {
    const findings = sampleFindings('Demo Motors', [sample]);
    expect(
      findings.map((f) => f.message.replace(/^Sample 1 (has )?/, '').replace(/ \(.*\)\.$|\.$/, '')),
    ).toEqual(problems);
    for (const f of findings) expect(f.field).toBe('campaign.sample_messages.0');
  });
});

describe('pre-submit: privacy policy mentions that mobile numbers / opt-in data are not shared with third parties', () => {
  it.each([
    ['Mobile phone numbers and SMS opt-in data will not be shared or sold to third parties.', true],
    ['We never sell or share your mobile number information with third parties or affiliates.', true],
    ['No mobile information will be shared with third parties/affiliates for marketing purposes.', true],
    ['We may share your information with third parties.', false],
    ['We value your privacy. Phone numbers are stored securely.', false],
    ['', false],
  ])('%s → %s', (policy, ok) => expect(mentionsNoSharing(policy)).toBe(ok));
});
