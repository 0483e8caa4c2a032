/**
 * The Twilio registry with the Twilio client faked (no network here): the requests it makes for a 10DLC brand, its
 * campaign and a toll-free verification, and how Twilio's statuses and failure reasons map to ours. The adapter
 * over the SDK (twilioApi.ts) is not exercised: that needs a Twilio account.
 */
import { describe, expect, it } from 'vitest';
import type { SmsRegistrationRow } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import {
  A2P_PROFILE_POLICY,
  BRAND_STATUS_TABLE,
  CAMPAIGN_STATUS_TABLE,
  CUSTOMER_PROFILE_POLICY,
  findingOf,
  TOLL_FREE_STATUS_TABLE,
  TwilioRegistry,
} from './twilio';
import type { TwilioRegistryApi } from './twilioApi';

const NOW = new Date('2026-12-01T12:00:00Z');
const ctx = { now: () => NOW } as AppContext;

type Call = [string, ...unknown[]];

/** A fake client recording each call; `answers` says what the fetches return. */
function fakeApi(answers: Partial<Record<'brand' | 'campaign' | 'tollFree', unknown>> = {}) {
  const calls: Call[] = [];
  let serial = 0;
  const sid = (prefix: string) => ({ sid: `${prefix}${++serial}` });
  const record =
    (name: string, prefix = 'XX') =>
    async (...args: unknown[]) => {
      calls.push([name, ...args]);
      return sid(prefix);
    };
  const api: TwilioRegistryApi = {
    createCustomerProfile: record('createCustomerProfile', 'BU'),
    createTrustProduct: record('createTrustProduct', 'BU'),
    createEndUser: record('createEndUser', 'IT'),
    createAddress: record('createAddress', 'AD'),
    createSupportingDocument: record('createSupportingDocument', 'RD'),
    assign: async (...args) => void calls.push(['assign', ...args]),
    submitBundle: async (...args) => void calls.push(['submitBundle', ...args]),
    createBrand: record('createBrand', 'BN'),
    fetchBrand: async (...args) => {
      calls.push(['fetchBrand', ...args]);
      return answers.brand as { status: string; failureReason: string | null };
    },
    createMessagingService: record('createMessagingService', 'MG'),
    createCampaign: record('createCampaign', 'QE'),
    fetchCampaign: async (...args) => {
      calls.push(['fetchCampaign', ...args]);
      return answers.campaign as { campaignStatus: string; errors: Record<string, unknown>[] };
    },
    removeCampaign: async (...args) => void calls.push(['removeCampaign', ...args]),
    addPhoneNumber: async (...args) => void calls.push(['addPhoneNumber', ...args]),
    removePhoneNumber: async (...args) => void calls.push(['removePhoneNumber', ...args]),
    createTollfreeVerification: record('createTollfreeVerification', 'HH'),
    fetchTollfreeVerification: async (...args) => {
      calls.push(['fetchTollfreeVerification', ...args]);
      return answers.tollFree as { status: string; rejectionReason: string | null; errorCode: number | null };
    },
    removeTollfreeVerification: async (...args) => void calls.push(['removeTollfreeVerification', ...args]),
  };
  return { api, calls, named: (name: string) => calls.filter((call) => call[0] === name) };
}

function row(change: Partial<SmsRegistrationRow> = {}): SmsRegistrationRow {
  return {
    id: 7,
    company_id: 3,
    kind: 'local',
    brand: {
      legal_name: 'Demo Realty Inc.',
      display_name: 'Demo Realty',
      company_type: 'public',
      industry: 'REAL_ESTATE',
      ein: '98-7654321',
      stock_exchange: 'NASDAQ',
      stock_symbol: 'DRLT',
      website: 'https://realty.test',
      email: 'hello@realty.test',
      phone: '+13055550110',
      street: '1 Ocean Dr',
      city: 'Miami',
      state: 'FL',
      postal_code: '33139',
      country: 'US',
      contact_first_name: 'Olivia',
      contact_last_name: 'Owner',
    },
    campaign: {
      use_case: 'CUSTOMER_CARE',
      sub_usecases: ['ACCOUNT_NOTIFICATION'],
      description: 'Showing confirmations for people who asked about a listing.',
      message_flow: 'Buyers tick the SMS consent box on the showing form.',
      monthly_volume: '10_000',
      sample_messages: [
        'Demo Realty: see https://realty.test/x. Reply STOP to opt out.',
        '',
        'Demo Realty: hi. Reply STOP',
      ],
      privacy_policy_url: 'https://realty.test/privacy',
      optins: [
        { type: 'text_to_join', description: 'Text JOIN', keywords: ['JOIN'], supporting_file_ids: [] },
      ],
    },
    brand_status: 'draft',
    campaign_status: 'draft',
    rejection: [],
    registry: null,
    registry_refs: {},
    review_due_at: null,
    paid_cents: 0,
    brand_paid_at: null,
    month_paid_at: null,
    submitted_at: null,
    approved_at: null,
    expired_at: null,
    created_at: NOW,
    updated_at: NOW,
    ...change,
  };
}

const numbers = [
  { id: 11, number: '+13055550110', carrier_sid: 'PN11' },
  { id: 12, number: '+13055550111', carrier_sid: 'PN12' },
];

describe('Twilio statuses → ours (one table each)', () => {
  it.each([
    [BRAND_STATUS_TABLE, 'PENDING', 'submitted'],
    [BRAND_STATUS_TABLE, 'IN_REVIEW', 'in_review'],
    [BRAND_STATUS_TABLE, 'APPROVED', 'approved'],
    [BRAND_STATUS_TABLE, 'FAILED', 'rejected'],
    [BRAND_STATUS_TABLE, 'SUSPENDED', 'rejected'],
    [CAMPAIGN_STATUS_TABLE, 'IN_PROGRESS', 'in_review'],
    [CAMPAIGN_STATUS_TABLE, 'VERIFIED', 'approved'],
    [CAMPAIGN_STATUS_TABLE, 'FAILED', 'rejected'],
    [TOLL_FREE_STATUS_TABLE, 'PENDING_REVIEW', 'submitted'],
    [TOLL_FREE_STATUS_TABLE, 'IN_REVIEW', 'in_review'],
    [TOLL_FREE_STATUS_TABLE, 'TWILIO_APPROVED', 'approved'],
    [TOLL_FREE_STATUS_TABLE, 'TWILIO_REJECTED', 'rejected'],
  ])('%#: %s → %s', (table, twilio, ours) => expect(table[twilio]).toBe(ours));

  it.each([
    ['Website is not accessible', 'brand.website'],
    ['EIN does not match the legal name', 'brand.ein'],
    ['Message samples lack opt-out language', 'campaign.sample_messages'],
    ['Call to action / opt-in not verifiable', 'campaign.message_flow'],
    ['Privacy policy missing', 'campaign.privacy_policy_url'],
    ['Something else', 'campaign.description'],
  ])('the reason “%s” lands on %s', (reason, field) =>
    expect(findingOf(reason, 'campaign.description')).toMatchObject({
      field,
      message: reason,
      severity: 'error',
    }),
  );
});

describe('10DLC on Twilio', () => {
  it('submit: the customer profile, the A2P profile (with the stock listing), both submitted, then the brand', async () => {
    const fake = fakeApi();
    const state = await new TwilioRegistry(fake.api).submit(ctx, { row: row(), numbers, files: [] });
    expect(fake.named('createCustomerProfile')[0]?.[1]).toEqual({
      friendlyName: 'Demo Realty Inc.',
      email: 'hello@realty.test',
      policySid: CUSTOMER_PROFILE_POLICY,
    });
    const endUsers = fake
      .named('createEndUser')
      .map((call) => call[1] as { type: string; attributes: Record<string, unknown> });
    expect(endUsers.map((user) => user.type)).toEqual([
      'customer_profile_business_information',
      'authorized_representative_1',
      'us_a2p_messaging_profile_information',
    ]);
    expect(endUsers[0]?.attributes).toMatchObject({
      business_name: 'Demo Realty Inc.',
      business_industry: 'REAL_ESTATE',
      business_registration_identifier: 'EIN',
      business_registration_number: '98-7654321',
      website_url: 'https://realty.test',
    });
    expect(endUsers[2]?.attributes).toEqual({
      company_type: 'public',
      stock_exchange: 'NASDAQ',
      stock_ticker: 'DRLT',
    });
    expect(fake.named('submitBundle').map((call) => call[2])).toEqual([
      CUSTOMER_PROFILE_POLICY,
      A2P_PROFILE_POLICY,
    ]);
    const brand = fake.named('createBrand')[0]?.[1] as Record<string, string>;
    expect(brand.brandType).toBe('LOW_VOLUME_STANDARD');
    expect(brand.customerProfileBundleSid).toBe(state.refs.customer_profile);
    expect(brand.a2PProfileBundleSid).toBe(state.refs.trust_product);
    expect(state).toMatchObject({ brand_status: 'submitted', campaign_status: 'submitted' });
    expect(state.next_at?.getTime()).toBe(NOW.getTime() + 10 * 60_000);
  });

  it('poll: the brand approved → the messaging service with the numbers, and the campaign', async () => {
    const fake = fakeApi({ brand: { status: 'APPROVED', failureReason: null } });
    const submitted = row({
      brand_status: 'in_review',
      campaign_status: 'submitted',
      registry_refs: { brand: 'BN1' },
    });
    const state = await new TwilioRegistry(fake.api).poll(ctx, { row: submitted, numbers, files: [] });
    expect(fake.named('addPhoneNumber').map((call) => call[2])).toEqual(['PN11', 'PN12']);
    const [, service, campaign] = fake.named('createCampaign')[0] as [
      string,
      string,
      Record<string, unknown>,
    ];
    expect(service).toBe(state.refs.messaging_service);
    expect(campaign).toMatchObject({
      brandRegistrationSid: 'BN1',
      usAppToPersonUsecase: 'LOW_VOLUME',
      messageSamples: [
        'Demo Realty: see https://realty.test/x. Reply STOP to opt out.',
        'Demo Realty: hi. Reply STOP',
      ],
      hasEmbeddedLinks: true,
      optInKeywords: ['JOIN'],
      optOutKeywords: ['STOP'],
      privacyPolicyUrl: 'https://realty.test/privacy',
    });
    expect(state).toMatchObject({ brand_status: 'approved', campaign_status: 'submitted' });
  });

  it('poll: a failed brand is rejected with its reason on the field', async () => {
    const fake = fakeApi({ brand: { status: 'FAILED', failureReason: 'Website is not accessible' } });
    const state = await new TwilioRegistry(fake.api).poll(ctx, {
      row: row({ brand_status: 'in_review', registry_refs: { brand: 'BN1' } }),
      numbers,
      files: [],
    });
    expect(state.brand_status).toBe('rejected');
    expect(state.rejection.map((r) => r.field)).toEqual(['brand.website']);
    expect(state.next_at).toBeNull();
  });

  it('poll: the campaign failed → rejected with each error; verified → approved; cancel removes it', async () => {
    const approvedBrand = {
      brand_status: 'approved' as const,
      campaign_status: 'in_review' as const,
      registry_refs: { brand: 'BN1', messaging_service: 'MG1', campaign: 'QE1' },
    };
    const failed = fakeApi({
      campaign: {
        campaignStatus: 'FAILED',
        errors: [{ code: 30886, description: 'Message samples lack opt-out language' }],
      },
    });
    const rejected = await new TwilioRegistry(failed.api).poll(ctx, {
      row: row(approvedBrand),
      numbers,
      files: [],
    });
    expect(rejected).toMatchObject({
      campaign_status: 'rejected',
      rejection: [{ field: 'campaign.sample_messages' }],
    });
    const verified = fakeApi({ campaign: { campaignStatus: 'VERIFIED', errors: [] } });
    const approved = await new TwilioRegistry(verified.api).poll(ctx, {
      row: row(approvedBrand),
      numbers,
      files: [],
    });
    expect(approved).toMatchObject({ campaign_status: 'approved', next_at: null });
    await new TwilioRegistry(verified.api).cancel(ctx, { row: row(approvedBrand), numbers, files: [] });
    expect(verified.named('removeCampaign')).toEqual([['removeCampaign', 'MG1', 'QE1']]);
  });
});

describe('toll-free verification on Twilio', () => {
  const tollFree = row({ kind: 'toll_free', campaign: { ...row().campaign, monthly_volume: '25_000' } });

  it('submit: one verification per toll-free number, with the business and the messages', async () => {
    const fake = fakeApi();
    const state = await new TwilioRegistry(fake.api).submit(ctx, { row: tollFree, numbers, files: [] });
    const requests = fake
      .named('createTollfreeVerification')
      .map((call) => call[1] as Record<string, unknown>);
    expect(requests.map((request) => request.tollfreePhoneNumberSid)).toEqual(['PN11', 'PN12']);
    expect(requests[0]).toMatchObject({
      businessName: 'Demo Realty Inc.',
      businessWebsite: 'https://realty.test',
      notificationEmail: 'hello@realty.test',
      useCaseCategories: ['CUSTOMER_CARE', 'ACCOUNT_NOTIFICATION'],
      optInType: 'VIA_TEXT',
      messageVolume: '25,000',
      businessCountry: 'US',
    });
    expect(Object.keys(state.refs)).toEqual(['toll_free:11', 'toll_free:12']);
  });

  it('poll: approved when every number is; rejected with the reason when one is', async () => {
    const refs = { 'toll_free:11': 'HH1', 'toll_free:12': 'HH2' };
    const approved = fakeApi({
      tollFree: { status: 'TWILIO_APPROVED', rejectionReason: null, errorCode: null },
    });
    expect(
      (
        await new TwilioRegistry(approved.api).poll(ctx, {
          row: { ...tollFree, registry_refs: refs },
          numbers,
          files: [],
        })
      ).campaign_status,
    ).toBe('approved');
    const rejected = fakeApi({
      tollFree: { status: 'TWILIO_REJECTED', rejectionReason: 'Opt-in not verifiable', errorCode: 30513 },
    });
    const state = await new TwilioRegistry(rejected.api).poll(ctx, {
      row: { ...tollFree, registry_refs: refs },
      numbers,
      files: [],
    });
    expect(state).toMatchObject({ brand_status: 'rejected', campaign_status: 'rejected' });
    expect(state.rejection[0]).toMatchObject({
      field: 'campaign.message_flow',
      message: 'Opt-in not verifiable',
    });
  });
});
