/**
 * Text-messaging registration against the real server, the sandbox registry's review driven on the app's clock
 * (the runner is stopped; `runDue` runs the review job when the test says): a draft saved blank, submit refused
 * per missing field and for a fee not shown, submit → in review → the brand rejected for its unreachable website
 * (the field named, with what to fix) → fixed → resubmitted (the brand is not charged again) → the campaign
 * rejected for its samples and privacy policy → fixed → approved; numbers added and removed (kind, another
 * registration, §8 messages); a campaign from an unregistered number refused at queue time with the reason, and a
 * sending one paused when its registration is cancelled; cancel expires the registration and frees its numbers;
 * another company's registration is not found; supporting files are checked by their bytes.
 *
 * The websites the checks fetch are this test's own pages (the `fetchPage` override), so nothing leaves the machine.
 */
import { REGISTRATION_MESSAGES, type Registration } from '@shared/api/registration';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { billingCharges, campaigns, numbers } from '../../db/schema';
import type { PublicFetchOutcome } from '../../lib/publicFetch';
import { DEMO_PASSWORD } from '../../seed/demo';
import { fieldErrors, sharedTestAppWithFiles } from '../../testing/testApp';
import { CAMPAIGN_SEND_JOB } from '../campaigns/engine';
import { makeGroup, queueCampaign } from '../campaigns/engine/testing';
import { multipart, TINY_PNG } from '../messaging/testing';
import { SANDBOX_REVIEW_MS } from './registry/sandbox';
import { REGISTRATION_REVIEW_JOB } from './review';

const GOOD_POLICY =
  '<html><body><h1>Privacy</h1><p>Mobile phone numbers and SMS opt-in data will not be shared or sold to third parties.</p></body></html>';
const pages = new Map<string, string>([
  ['https://realty.test/', '<html><body>Demo Realty</body></html>'],
  ['https://realty.test/privacy', '<html><body>We may share your information with partners.</body></html>'],
]);

const t = sharedTestAppWithFiles(
  {},
  {
    fetchPage: async (url): Promise<PublicFetchOutcome> => {
      const page = pages.get(new URL(url).href);
      if (page === undefined) return { ok: false, reason: 'unreachable', status: null };
      return { ok: true, status: 200, contentType: 'text/html', body: Buffer.from(page) };
    },
  },
);

const OWNER = 'owner@demo.test';
const START = new Date('2026-12-01T15:00:00Z');
let clock = START.getTime();
const advance = (ms: number) => {
  clock += ms;
  t.setNow(new Date(clock));
};

let realty = 0;
let motors = 0;
let other = 0;

beforeAll(async () => {
  await t.app.jobs.stop();
  realty = t.ids.companies.demoRealty;
  motors = t.ids.companies.demoMotors;
  other = t.ids.companies.otherCo;
  t.setNow(START);
});

/** As `t.as`, signing in again when the clock has moved past a token's life. */
const tokens = new Map<string, { token: string; at: number }>();
async function as(email: string, options: InjectOptions) {
  let held = tokens.get(email);
  if (!held || clock - held.at > 30 * 60_000) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sanctum/login',
      payload: { email, password: DEMO_PASSWORD },
    });
    held = { token: response.json<{ access_token: string }>().access_token, at: clock };
    tokens.set(email, held);
  }
  return t.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${held.token}` } });
}

const base = (company: number) => `/api/companies/${company}/sms-verification/campaign`;
const call = (
  method: InjectOptions['method'],
  path: string,
  payload?: unknown,
  email = OWNER,
  company = realty,
) =>
  as(email, {
    method,
    url: `${base(company)}${path}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function registration(id: number): Promise<Registration> {
  const response = await call('GET', `/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const review = () => t.app.jobs.runDue({ kinds: [REGISTRATION_REVIEW_JOB] });

const BRAND = {
  legal_name: 'Demo Realty Inc.',
  display_name: 'Demo Realty',
  company_type: 'private',
  industry: 'REAL_ESTATE',
  ein: '98-7654321',
  website: 'https://broken.test',
  email: 'hello@realty.test',
  phone: '+13055550110',
  street: '1 Ocean Dr',
  city: 'Miami',
  state: 'FL',
  postal_code: '33139',
  country: 'US',
  contact_first_name: 'Olivia',
  contact_last_name: 'Owner',
};

const CAMPAIGN = {
  use_case: 'CUSTOMER_CARE',
  sub_usecases: ['ACCOUNT_NOTIFICATION'],
  description: 'Showing confirmations and follow-ups for people who asked Demo Realty about a listing.',
  message_flow: 'Buyers opt in on the showing request form on our website by ticking the SMS consent box.',
  monthly_volume: '10_000',
  sample_messages: ['Your showing is confirmed for 3pm.', 'Demo Realty: new listings near you this week.'],
  privacy_policy_url: 'https://realty.test/privacy',
  optins: [
    {
      type: 'other',
      description: 'The showing request form has an unticked SMS consent box with our terms.',
    },
  ],
};

describe('registration: submit → review → rejected with fields → fixed → approved, on the clock', () => {
  let id = 0;

  it('a draft is saved blank and reads as a draft; the seeded Realty draft is there to resume', async () => {
    const list = await call('GET', '');
    expect(list.statusCode).toBe(200);
    expect(list.json().status.local).toBe('draft');
    const created = await call('POST', '', { kind: 'local', brand: { display_name: 'Demo Realty' } });
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json<Registration>();
    id = draft.id;
    expect(draft).toMatchObject({
      status: 'draft',
      is_submitted: false,
      brand: { is_draft: true, display_name: 'Demo Realty' },
    });
    expect(draft.campaign.is_draft).toBe(true);
  });

  it('submit names every missing field (422), and the pre-submit check lists them with the review’s findings', async () => {
    const refused = await call('POST', `/${id}/submit`, { confirm_fee_cents: 0 });
    expect(refused.statusCode).toBe(422);
    const errors = fieldErrors(refused);
    for (const [field, message] of [
      ['brand.legal_name', REGISTRATION_MESSAGES.required],
      ['brand.ein', REGISTRATION_MESSAGES.required],
      ['brand.website', REGISTRATION_MESSAGES.required],
      ['campaign.use_case', REGISTRATION_MESSAGES.required],
      ['campaign.sample_messages', REGISTRATION_MESSAGES.samplesCount],
      ['campaign.optins', REGISTRATION_MESSAGES.optinRequired],
      ['campaign.numbers', REGISTRATION_MESSAGES.numbersRequired],
    ] as const)
      expect(errors[field], field).toEqual([message]);
    expect(errors['brand.display_name']).toBeUndefined();

    expect((await call('PUT', `/${id}/brand`, { brand: BRAND })).statusCode).toBe(200);
    expect((await call('PUT', `/${id}`, { campaign: CAMPAIGN })).statusCode).toBe(200);
    const added = await call('POST', `/${id}/add-numbers`, { numbers: [t.ids.numbers.realtyMain] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toBe(SUCCESS_MESSAGES.numbersAddedToCampaign);

    const check = await call('POST', `/${id}/check`);
    expect(check.statusCode).toBe(200);
    const fields = check.json<{ findings: { field: string; severity: string }[]; ready: boolean }>();
    expect(fields.ready).toBe(false);
    expect(
      fields.findings
        .filter((f) => f.severity === 'error')
        .map((f) => f.field)
        .sort(),
    ).toEqual(
      // Sample 1 neither names the brand nor says STOP; sample 2 names it but has no STOP.
      [
        'brand.website',
        'campaign.privacy_policy_url',
        'campaign.sample_messages.0',
        'campaign.sample_messages.0',
        'campaign.sample_messages.1',
      ].sort(),
    );
  });

  it('submit takes the fee shown: another amount is refused, the right one submits (§8 message)', async () => {
    const draft = await registration(id);
    expect(draft.fees).toMatchObject({ due_today_cents: 450 + 1500 + 150, due_today: 21 });
    const wrong = await call('POST', `/${id}/submit`, { confirm_fee_cents: 100 });
    expect(wrong.statusCode).toBe(422);
    expect(fieldErrors(wrong).confirm_fee_cents?.[0]).toBe(
      'The fee due is $21, not $1 as shown: review the fees and submit again.',
    );
    const submitted = await call('POST', `/${id}/submit`, { confirm_fee_cents: 2100 });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().message).toBe('Your SMS Verification has been submitted successfully.');
    expect(submitted.json().registration).toMatchObject({
      status: 'submitted',
      is_submitted: true,
      fees: { paid_cents: 2100 },
    });
    // Billed on the next invoice, line by line (modules/billing reads billing_charges).
    const charges = await t.ctx.db.select().from(billingCharges).where(eq(billingCharges.company_id, realty));
    expect(charges.map((charge) => charge.amount_cents).sort((a, b) => a - b)).toEqual([150, 450, 1500]);
    const again = await call('PUT', `/${id}/brand`, { brand: { city: 'Tampa' } });
    expect(again.statusCode).toBe(422);
  });

  it('the brand is reviewed in 15 minutes (low volume) and rejected for its website, with what to fix', async () => {
    await review();
    expect((await registration(id)).status).toBe('submitted');
    advance(SANDBOX_REVIEW_MS.intake);
    await review();
    expect((await registration(id)).brand.status).toBe('in_review');
    advance(SANDBOX_REVIEW_MS.brandLowVolume - 1000);
    await review();
    expect((await registration(id)).status).toBe('in_review');
    advance(1000);
    await review();
    const rejected = await registration(id);
    expect(rejected.status).toBe('rejected');
    expect(rejected.brand.status).toBe('rejected');
    expect(rejected.rejection.map((r) => r.field)).toEqual(['brand.website']);
    expect(rejected.rejection[0]?.fix).toMatch(/live public website/);
  });

  it('fixed and resubmitted: the brand is not charged again; the campaign is rejected for samples and privacy policy', async () => {
    const fixed = await call('PUT', `/${id}/brand`, { brand: { website: 'https://realty.test' } });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json<Registration>()).toMatchObject({ status: 'draft', brand: { status: 'draft' } });
    // The reasons stay on show while it is fixed.
    expect(fixed.json<Registration>().rejection).toHaveLength(1);
    expect(fixed.json<Registration>().fees.due_today_cents).toBe(1500);
    expect((await call('POST', `/${id}/submit`, { confirm_fee_cents: 1500 })).statusCode).toBe(200);
    advance(SANDBOX_REVIEW_MS.intake);
    await review();
    advance(SANDBOX_REVIEW_MS.brandLowVolume);
    await review();
    const brandApproved = await registration(id);
    expect(brandApproved).toMatchObject({
      status: 'in_review',
      brand: { status: 'approved' },
      campaign: { status: 'in_review' },
    });
    advance(SANDBOX_REVIEW_MS.campaign);
    await review();
    const rejected = await registration(id);
    expect(rejected.campaign.status).toBe('rejected');
    expect([...new Set(rejected.rejection.map((r) => r.field))].sort()).toEqual(
      ['campaign.privacy_policy_url', 'campaign.sample_messages.0', 'campaign.sample_messages.1'].sort(),
    );
    // An approved brand is not changed; the campaign is.
    expect((await call('PUT', `/${id}/brand`, { brand: { city: 'Tampa' } })).statusCode).toBe(422);
  });

  it('a campaign from a number without an approved registration is refused at queue time, naming the number', async () => {
    const { groupId } = await makeGroup(t.ctx.db, realty, 2);
    const body = await multipart([
      ['title', 'Open house'],
      ['text', 'Demo Realty: open house Saturday.'],
      ['groups[]', String(groupId)],
      ['number_id', String(t.ids.numbers.realtyMain)],
      ['state', 'queued'],
    ]);
    const response = await as(OWNER, {
      method: 'POST',
      url: `/api/campaigns?company_id=${realty}`,
      payload: body.payload,
      headers: body.headers,
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(fieldErrors(response).number_id?.[0]).toMatch(
      /^Main line \(\+13055550110\) has no approved text-messaging registration \(10DLC brand and campaign\)/,
    );
  });

  it('fixed again: approved after the campaign review', async () => {
    pages.set('https://realty.test/privacy', GOOD_POLICY);
    const fixed = await call('PUT', `/${id}`, {
      campaign: {
        sample_messages: [
          'Demo Realty: your showing is confirmed for 3pm. Reply STOP to opt out.',
          'Demo Realty: new listings near you this week. Reply STOP to opt out.',
        ],
      },
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json<Registration>().campaign.status).toBe('draft');
    expect((await call('POST', `/${id}/check`)).json().ready).toBe(true);
    expect((await call('POST', `/${id}/submit`, { confirm_fee_cents: 1500 })).statusCode).toBe(200);
    advance(SANDBOX_REVIEW_MS.intake);
    await review();
    advance(SANDBOX_REVIEW_MS.campaign);
    await review();
    const approved = await registration(id);
    expect(approved).toMatchObject({
      status: 'approved',
      rejection: [],
      fees: { paid_cents: 2100 + 1500 + 1500 },
    });
    expect(approved.approved_at).not.toBeNull();
    expect((await call('GET', '')).json().status.local).toBe('approved');
  });

  it('add/remove numbers: the right kind, one registration each, §8 messages', async () => {
    const tollFree = (await call('POST', '', { kind: 'toll_free' })).json<Registration>();
    const wrongKind = await call('POST', `/${tollFree.id}/add-numbers`, {
      numbers: [t.ids.numbers.realtyOffice],
    });
    expect(wrongKind.statusCode).toBe(422);
    expect(fieldErrors(wrongKind).numbers).toEqual([
      '+13055550111 is not a toll-free number, so this registration cannot cover it.',
    ]);
    const seededDraft = (await call('GET', ''))
      .json<{ data: Registration[] }>()
      .data.find((r) => r.id !== id && r.kind === 'local');
    const taken = await call('POST', `/${seededDraft?.id}/add-numbers`, {
      numbers: [t.ids.numbers.realtyMain],
    });
    expect(fieldErrors(taken).numbers?.[0]).toBe(
      `+13055550110 is already covered by registration #${id}; remove it there first.`,
    );
    const otherCompanys = await call('POST', `/${id}/add-numbers`, { numbers: [t.ids.numbers.otherMain] });
    expect(otherCompanys.statusCode).toBe(422);
    const added = await call('POST', `/${id}/add-numbers`, { numbers: [t.ids.numbers.realtyOffice] });
    expect(
      added
        .json()
        .registration.campaign.numbers.map((n: { id: number }) => n.id)
        .sort(),
    ).toEqual([t.ids.numbers.realtyMain, t.ids.numbers.realtyOffice].sort());
    const removed = await call('POST', `/${id}/remove-numbers`, { numbers: [t.ids.numbers.realtyOffice] });
    expect(removed.json().message).toBe(SUCCESS_MESSAGES.numbersRemovedFromCampaign);
    const notIn = await call('POST', `/${id}/remove-numbers`, { numbers: [t.ids.numbers.realtyOffice] });
    expect(fieldErrors(notIn).numbers).toEqual(['+13055550111 is not in this registration.']);
  });

  it('another company’s registration is not found; a role without settings.manage may read, not change', async () => {
    expect((await call('GET', `/${id}`, undefined, 'other@demo.test', other)).statusCode).toBe(404);
    expect((await call('GET', `/${id}`, undefined, OWNER, motors)).statusCode).toBe(404);
    expect((await call('GET', `/${id}`, undefined, 'other@demo.test', realty)).statusCode).toBe(404);
    expect((await call('GET', '', undefined, 'agent@demo.test', motors)).statusCode).toBe(200);
    expect((await call('POST', '', { kind: 'local' }, 'agent@demo.test', motors)).statusCode).toBe(403);
  });

  it('cancel: expired at once, its numbers freed (§8 message); a draft is deleted instead', async () => {
    const cancelled = await call('POST', `/${id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().message).toBe(
      'Your request to cancel this campaign has been received. It can take a few minutes to be processed.',
    );
    expect(cancelled.json().registration).toMatchObject({ status: 'expired', campaign: { numbers: [] } });
    expect((await call('POST', `/${id}/cancel`)).statusCode).toBe(422);
    expect((await call('DELETE', `/${id}`)).statusCode).toBe(422);
    const draft = (await call('POST', '', { kind: 'local' })).json<Registration>();
    expect((await call('DELETE', `/${draft.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/${draft.id}`)).statusCode).toBe(404);
  });
});

describe('a sending campaign whose registration is withdrawn meanwhile is paused with the reason', () => {
  it('Demo Motors’ campaign queued, then its 10DLC registration cancelled: the engine pauses instead of sending', async () => {
    const { groupId } = await makeGroup(t.ctx.db, motors, 3);
    const campaign = await queueCampaign(t.ctx, {
      companyId: motors,
      numberId: t.ids.numbers.motorsMain,
      groupId,
    });
    const list = (await call('GET', '', undefined, OWNER, motors)).json<{ data: Registration[] }>();
    const local = list.data.find((r) => r.kind === 'local' && r.status === 'approved');
    // The seeded approved 10DLC registration covers the campaign's number.
    expect(local?.campaign.numbers.map((n) => n.id)).toContain(t.ids.numbers.motorsMain);
    expect((await call('POST', `/${local?.id}/cancel`, undefined, OWNER, motors)).statusCode).toBe(200);
    await t.app.jobs.runDue({ kinds: [CAMPAIGN_SEND_JOB] });
    const [row] = await t.ctx.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row?.state).toBe('paused');
    expect(row?.state_reason).toMatch(
      /^Main line \(\+13125550100\) has no approved text-messaging registration/,
    );
  });
});

describe('supporting files', () => {
  it('a PNG is kept and placed on an opt-in; text called .png is refused on `file`', async () => {
    const draft = (await call('POST', '', { kind: 'toll_free' })).json<Registration>();
    const png = await multipart([['file', TINY_PNG, 'form.png', 'image/png']]);
    const uploaded = await as(OWNER, {
      method: 'POST',
      url: `${base(realty)}/${draft.id}/supporting-files`,
      payload: png.payload,
      headers: png.headers,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const file = uploaded.json<{ id: number; content_type: string; url: string }>();
    expect(file.content_type).toBe('image/png');
    const placed = await call('PUT', `/${draft.id}`, {
      campaign: { optins: [{ type: 'point_of_sale', description: 'Sign', supporting_file_ids: [file.id] }] },
    });
    expect(placed.json<Registration>().campaign.optins[0]?.supporting_files.map((f) => f.id)).toEqual([
      file.id,
    ]);
    const url = placed.json<Registration>().campaign.optins[0]?.supporting_files[0]?.url ?? '';
    const download = await t.app.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    const fake = await multipart([['file', Buffer.from('not an image'), 'fake.png', 'image/png']]);
    const refused = await as(OWNER, {
      method: 'POST',
      url: `${base(realty)}/${draft.id}/supporting-files`,
      payload: fake.payload,
      headers: fake.headers,
    });
    expect(refused.statusCode).toBe(422);
    expect(fieldErrors(refused).file).toEqual(['fake.png is not a PNG, JPEG, GIF or PDF file.']);
  });
});

describe('toll-free verification in the sandbox: one review of the business and its messages, five days', () => {
  it('a toll-free number of the company is verified free of charge, then campaigns may send from it', async () => {
    pages.set('https://realty.test/privacy', GOOD_POLICY);
    const [tollFree] = await t.ctx.db
      .insert(numbers)
      .values({ company_id: realty, number: '+18885550199', label: 'Realty toll-free', type: 1 })
      .returning();
    const draft = (await call('POST', '', { kind: 'toll_free' })).json<Registration>();
    const local = await call('POST', `/${draft.id}/add-numbers`, { numbers: [t.ids.numbers.realtyOffice] });
    expect(fieldErrors(local).numbers).toEqual([
      '+13055550111 is not a toll-free number, so this registration cannot cover it.',
    ]);
    await call('PUT', `/${draft.id}/brand`, { brand: { ...BRAND, website: 'https://realty.test' } });
    await call('PUT', `/${draft.id}`, {
      campaign: {
        ...CAMPAIGN,
        sample_messages: [
          'Demo Realty: your showing is confirmed for 3pm. Reply STOP to opt out.',
          'Demo Realty: new listings near you this week. Reply STOP to opt out.',
        ],
      },
    });
    expect((await call('POST', `/${draft.id}/add-numbers`, { numbers: [tollFree?.id] })).statusCode).toBe(
      200,
    );
    expect((await registration(draft.id)).fees).toMatchObject({ due_today: 0, lines: [] });
    expect((await call('POST', `/${draft.id}/submit`, { confirm_fee_cents: 0 })).statusCode).toBe(200);
    advance(SANDBOX_REVIEW_MS.intake);
    await review();
    expect(await registration(draft.id)).toMatchObject({
      status: 'in_review',
      brand: { status: 'in_review' },
      campaign: { status: 'in_review' },
    });
    advance(SANDBOX_REVIEW_MS.tollFree - 60_000);
    await review();
    expect((await registration(draft.id)).status).toBe('in_review');
    advance(60_000);
    await review();
    expect((await registration(draft.id)).status).toBe('approved');
    expect((await call('GET', '')).json().status.toll_free).toBe('approved');
  });
});
