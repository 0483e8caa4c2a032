/**
 * The Twilio registry (with Twilio configured): A2P 10DLC through TrustHub and the Messaging API, toll-free
 * verification through `tollfreeVerifications`, following Twilio's ISV guide:
 *
 * 10DLC submit: a secondary customer profile (business information, an authorised representative, the address),
 * an A2P messaging profile (company type, stock exchange), both evaluated and submitted, then the brand
 * registration. Poll: the brand's status; once approved, a messaging service with the registration's numbers and
 * the campaign (`usAppToPerson`); then the campaign's status. A resubmission keeps an approved brand and registers
 * a new campaign; a rejected brand is registered anew. Toll-free: one verification per toll-free number (Twilio
 * verifies numbers one by one); the registration is approved when all are, rejected when one is.
 *
 * Statuses map through the tables below; a rejection's reason is put on the field it names where it can tell.
 */
import type { SmsReviewStatus } from '@shared/domain/registration';
import type { SmsRegistrationRow, StoredFinding } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import type { TwilioRegistryApi } from './twilioApi';
import type { RegistrationForRegistry, Registry, ReviewState } from './types';

/** Twilio's published policy sids: the secondary customer profile, and the A2P messaging profile. */
export const CUSTOMER_PROFILE_POLICY = 'RNdfbf3fae0e1107f8aded0e7cead80bf5';
export const A2P_PROFILE_POLICY = 'RNb0d4771c2c98518d916a3d4cd70a8f8b';

const POLL_BRAND_MS = 10 * 60_000;
const POLL_CAMPAIGN_MS = 60 * 60_000;

/** Brand registration status (BrandRegistrationStatus) → ours. */
export const BRAND_STATUS_TABLE: Record<string, SmsReviewStatus> = {
  PENDING: 'submitted',
  IN_REVIEW: 'in_review',
  APPROVED: 'approved',
  FAILED: 'rejected',
  SUSPENDED: 'rejected',
  DELETION_PENDING: 'expired',
  DELETION_FAILED: 'expired',
};
/** usAppToPerson `campaignStatus` → ours. */
export const CAMPAIGN_STATUS_TABLE: Record<string, SmsReviewStatus> = {
  PENDING: 'submitted',
  IN_PROGRESS: 'in_review',
  VERIFIED: 'approved',
  FAILED: 'rejected',
  SUSPENDED: 'rejected',
  EXPIRED: 'expired',
};
/** Toll-free verification status → ours. */
export const TOLL_FREE_STATUS_TABLE: Record<string, SmsReviewStatus> = {
  PENDING_REVIEW: 'submitted',
  IN_REVIEW: 'in_review',
  TWILIO_APPROVED: 'approved',
  TWILIO_REJECTED: 'rejected',
};

/** An unknown status is still under review: better to ask again than to call it decided. */
const mapped = (table: Record<string, SmsReviewStatus>, status: string): SmsReviewStatus =>
  table[status] ?? 'in_review';

/** §3 opt-in types → toll-free verification's `optInType`. */
export const TOLL_FREE_OPTIN_TYPES: Record<string, string> = {
  text_to_join: 'VIA_TEXT',
  point_of_sale: 'PAPER_FORM',
  other: 'WEB_FORM',
};
/** §3 monthly volume bands → toll-free verification's `messageVolume`. */
export const TOLL_FREE_VOLUMES: Record<string, string> = {
  '10_000': '10,000',
  '25_000': '25,000',
  '60_000': '100,000',
  HIGH: '250,000',
};
/** §3 company types → TrustHub's `business_type`. */
const BUSINESS_TYPES: Record<string, string> = {
  public: 'Corporation',
  private: 'Corporation',
  'non-profit': 'Non-profit Corporation',
  government: 'Corporation',
};

const s = (value: string | null | undefined) => value ?? '';

function reviewState(row: SmsRegistrationRow, change: Partial<ReviewState>): ReviewState {
  return {
    brand_status: row.brand_status,
    campaign_status: row.campaign_status,
    rejection: row.rejection,
    refs: row.registry_refs,
    next_at: null,
    ...change,
  };
}

const later = (ctx: AppContext, ms: number) => new Date(ctx.now().getTime() + ms);

/** Puts a carrier's reason on the field it is about, where its words say which. */
export function findingOf(reason: string, fallbackField: string): StoredFinding {
  const lower = reason.toLowerCase();
  const field = /website|url|domain/.test(lower)
    ? 'brand.website'
    : /ein|tax|registration number|identifier/.test(lower)
      ? 'brand.ein'
      : /sample|message content/.test(lower)
        ? 'campaign.sample_messages'
        : /opt[- ]?in|consent|call to action|cta/.test(lower)
          ? 'campaign.message_flow'
          : /privacy/.test(lower)
            ? 'campaign.privacy_policy_url'
            : /address/.test(lower)
              ? 'brand.street'
              : fallbackField;
  return {
    field,
    severity: 'error',
    message: reason,
    fix: 'Correct this field as the reviewer says, then submit again.',
  };
}

export class TwilioRegistry implements Registry {
  readonly name = 'twilio' as const;
  constructor(private readonly api: TwilioRegistryApi) {}

  async submit(ctx: AppContext, registration: RegistrationForRegistry): Promise<ReviewState> {
    const { row } = registration;
    if (row.kind === 'toll_free') return this.submitTollFree(ctx, registration);
    const refs = { ...row.registry_refs };
    delete refs.campaign;
    if (row.brand_status === 'approved' && refs.brand)
      return this.startCampaign(ctx, { ...registration, row: { ...row, registry_refs: refs } });
    const b = row.brand;
    const profile = {
      kind: 'profile' as const,
      sid: (
        await this.api.createCustomerProfile({
          friendlyName: s(b.legal_name),
          email: s(b.email),
          policySid: CUSTOMER_PROFILE_POLICY,
        })
      ).sid,
    };
    const business = await this.api.createEndUser({
      friendlyName: `${s(b.legal_name)} business information`,
      type: 'customer_profile_business_information',
      attributes: {
        business_name: b.legal_name,
        business_identity: 'direct_customer',
        business_type: BUSINESS_TYPES[s(b.company_type)] ?? 'Corporation',
        business_industry: b.industry,
        business_registration_identifier: 'EIN',
        business_registration_number: b.ein,
        business_regions_of_operation: 'USA_AND_CANADA',
        website_url: b.website,
        social_media_profile_urls: '',
      },
    });
    const representative = await this.api.createEndUser({
      friendlyName: `${s(b.contact_first_name)} ${s(b.contact_last_name)}`,
      type: 'authorized_representative_1',
      attributes: {
        first_name: b.contact_first_name,
        last_name: b.contact_last_name,
        email: b.email,
        phone_number: b.phone,
        business_title: 'Owner',
        job_position: 'Other',
      },
    });
    const address = await this.api.createAddress({
      customerName: s(b.legal_name),
      street: s(b.street),
      city: s(b.city),
      region: s(b.state),
      postalCode: s(b.postal_code),
      isoCountry: s(b.country) || 'US',
    });
    const document = await this.api.createSupportingDocument({
      friendlyName: `${s(b.legal_name)} address`,
      type: 'customer_profile_address',
      attributes: { address_sids: address.sid },
    });
    for (const sid of [business.sid, representative.sid, document.sid]) await this.api.assign(profile, sid);
    await this.api.submitBundle(profile, CUSTOMER_PROFILE_POLICY);
    const product = {
      kind: 'product' as const,
      sid: (
        await this.api.createTrustProduct({
          friendlyName: `${s(b.legal_name)} A2P`,
          email: s(b.email),
          policySid: A2P_PROFILE_POLICY,
        })
      ).sid,
    };
    const messagingProfile = await this.api.createEndUser({
      friendlyName: `${s(b.legal_name)} messaging profile`,
      type: 'us_a2p_messaging_profile_information',
      attributes: {
        company_type: b.company_type,
        ...(b.company_type === 'public'
          ? { stock_exchange: b.stock_exchange, stock_ticker: b.stock_symbol }
          : {}),
      },
    });
    await this.api.assign(product, messagingProfile.sid);
    await this.api.assign(product, profile.sid);
    await this.api.submitBundle(product, A2P_PROFILE_POLICY);
    const brand = await this.api.createBrand({
      customerProfileBundleSid: profile.sid,
      a2PProfileBundleSid: product.sid,
      // Low volume (the 10_000 band) skips secondary vetting; Twilio names it by the brand type.
      brandType: row.campaign.monthly_volume === '10_000' ? 'LOW_VOLUME_STANDARD' : 'STANDARD',
    });
    return reviewState(row, {
      brand_status: 'submitted',
      campaign_status: 'submitted',
      rejection: [],
      refs: { ...refs, customer_profile: profile.sid, trust_product: product.sid, brand: brand.sid },
      next_at: later(ctx, POLL_BRAND_MS),
    });
  }

  async poll(ctx: AppContext, registration: RegistrationForRegistry): Promise<ReviewState> {
    const { row } = registration;
    if (row.kind === 'toll_free') return this.pollTollFree(ctx, row);
    const refs = row.registry_refs;
    if (row.brand_status !== 'approved') {
      if (!refs.brand) return reviewState(row, {});
      const brand = await this.api.fetchBrand(refs.brand);
      const status = mapped(BRAND_STATUS_TABLE, brand.status);
      if (status === 'rejected')
        return reviewState(row, {
          brand_status: 'rejected',
          rejection: [findingOf(brand.failureReason ?? 'The brand registration failed.', 'brand.legal_name')],
        });
      if (status !== 'approved')
        return reviewState(row, { brand_status: status, next_at: later(ctx, POLL_BRAND_MS) });
      return this.startCampaign(ctx, { ...registration, row: { ...row, brand_status: 'approved' } });
    }
    if (!refs.campaign || !refs.messaging_service) return this.startCampaign(ctx, registration);
    const campaign = await this.api.fetchCampaign(refs.messaging_service, refs.campaign);
    const status = mapped(CAMPAIGN_STATUS_TABLE, campaign.campaignStatus);
    if (status === 'rejected') {
      const reasons = campaign.errors.map((error) =>
        String(error.description ?? error.message ?? JSON.stringify(error)),
      );
      return reviewState(row, {
        campaign_status: 'rejected',
        rejection: (reasons.length ? reasons : ['The campaign was rejected.']).map((r) =>
          findingOf(r, 'campaign.description'),
        ),
      });
    }
    return reviewState(row, {
      campaign_status: status,
      next_at: status === 'approved' ? null : later(ctx, POLL_CAMPAIGN_MS),
    });
  }

  /** The brand is approved: the messaging service (once), its numbers, and the campaign. */
  private async startCampaign(ctx: AppContext, registration: RegistrationForRegistry): Promise<ReviewState> {
    const { row } = registration;
    const refs = { ...row.registry_refs };
    if (!refs.messaging_service) {
      refs.messaging_service = (
        await this.api.createMessagingService({
          friendlyName: `${s(row.brand.display_name)} campaign ${row.id}`,
        })
      ).sid;
      for (const number of registration.numbers)
        if (number.carrier_sid) await this.api.addPhoneNumber(refs.messaging_service, number.carrier_sid);
    }
    const c = row.campaign;
    const samples = (c.sample_messages ?? []).filter((sample) => sample.trim());
    const sub = c.sub_usecases ?? [];
    const campaign = await this.api.createCampaign(refs.messaging_service, {
      brandRegistrationSid: s(refs.brand),
      description: sub.length ? `${s(c.description)} (Use cases: ${sub.join(', ')}.)` : s(c.description),
      messageFlow: s(c.message_flow),
      messageSamples: samples,
      usAppToPersonUsecase: sub.length
        ? c.monthly_volume === '10_000'
          ? 'LOW_VOLUME'
          : 'MIXED'
        : s(c.use_case),
      hasEmbeddedLinks: samples.some((sample) => /https?:\/\/|www\./i.test(sample)),
      hasEmbeddedPhone: samples.some((sample) => /\+?\d[\d\s().-]{8,}\d/.test(sample)),
      ...(c.help_message ? { helpMessage: c.help_message } : {}),
      optInKeywords: (c.optins ?? []).flatMap((optin) => optin.keywords),
      optOutKeywords: ['STOP'],
      ...(c.privacy_policy_url ? { privacyPolicyUrl: c.privacy_policy_url } : {}),
    });
    return reviewState(row, {
      brand_status: 'approved',
      campaign_status: 'submitted',
      rejection: [],
      refs: { ...refs, campaign: campaign.sid },
      next_at: later(ctx, POLL_CAMPAIGN_MS),
    });
  }

  private async submitTollFree(ctx: AppContext, registration: RegistrationForRegistry): Promise<ReviewState> {
    const { row } = registration;
    const b = row.brand;
    const c = row.campaign;
    const refs: Record<string, string> = {};
    for (const number of registration.numbers) {
      if (!number.carrier_sid) continue;
      const verification = await this.api.createTollfreeVerification(
        tollFreeRequest(ctx, row, number.carrier_sid, b, c),
      );
      refs[`toll_free:${number.id}`] = verification.sid;
    }
    return reviewState(row, {
      brand_status: 'submitted',
      campaign_status: 'submitted',
      rejection: [],
      refs,
      next_at: later(ctx, POLL_CAMPAIGN_MS),
    });
  }

  private async pollTollFree(ctx: AppContext, row: SmsRegistrationRow): Promise<ReviewState> {
    const verifications = Object.entries(row.registry_refs).filter(([key]) => key.startsWith('toll_free:'));
    const statuses: SmsReviewStatus[] = [];
    const rejection: StoredFinding[] = [];
    for (const [, sid] of verifications) {
      const verification = await this.api.fetchTollfreeVerification(sid);
      const status = mapped(TOLL_FREE_STATUS_TABLE, verification.status);
      statuses.push(status);
      if (status === 'rejected')
        rejection.push(
          findingOf(
            verification.rejectionReason ?? `Rejected (error ${verification.errorCode ?? 'unknown'}).`,
            'campaign.description',
          ),
        );
    }
    const status: SmsReviewStatus = rejection.length
      ? 'rejected'
      : statuses.length && statuses.every((one) => one === 'approved')
        ? 'approved'
        : 'in_review';
    return reviewState(row, {
      brand_status: status,
      campaign_status: status,
      rejection,
      next_at: status === 'in_review' ? later(ctx, POLL_CAMPAIGN_MS) : null,
    });
  }

  async cancel(_ctx: AppContext, { row }: RegistrationForRegistry): Promise<void> {
    const refs = row.registry_refs;
    if (refs.messaging_service && refs.campaign)
      await this.api.removeCampaign(refs.messaging_service, refs.campaign);
    for (const [key, sid] of Object.entries(refs))
      if (key.startsWith('toll_free:')) await this.api.removeTollfreeVerification(sid);
  }

  async addNumbers(
    ctx: AppContext,
    registration: RegistrationForRegistry,
    numbers: RegistrationForRegistry['numbers'],
  ) {
    const { row } = registration;
    if (row.kind === 'toll_free') {
      // Each toll-free number is verified on its own: a number added later gets its own verification.
      if (row.submitted_at)
        for (const number of numbers)
          if (number.carrier_sid)
            await this.api.createTollfreeVerification(
              tollFreeRequest(ctx, row, number.carrier_sid, row.brand, row.campaign),
            );
      return;
    }
    const service = row.registry_refs.messaging_service;
    if (service)
      for (const number of numbers)
        if (number.carrier_sid) await this.api.addPhoneNumber(service, number.carrier_sid);
  }

  async removeNumbers(
    _ctx: AppContext,
    { row }: RegistrationForRegistry,
    numbers: RegistrationForRegistry['numbers'],
  ) {
    const service = row.registry_refs.messaging_service;
    if (row.kind === 'local' && service)
      for (const number of numbers)
        if (number.carrier_sid) await this.api.removePhoneNumber(service, number.carrier_sid);
    if (row.kind === 'toll_free')
      for (const number of numbers) {
        const sid = row.registry_refs[`toll_free:${number.id}`];
        if (sid) await this.api.removeTollfreeVerification(sid);
      }
  }
}

/** The toll-free verification request for one number. */
export function tollFreeRequest(
  ctx: AppContext,
  row: SmsRegistrationRow,
  phoneNumberSid: string,
  b: SmsRegistrationRow['brand'],
  c: SmsRegistrationRow['campaign'],
): Record<string, unknown> {
  const optin = c.optins?.[0];
  return {
    businessName: s(b.legal_name),
    doingBusinessAs: s(b.display_name),
    businessWebsite: s(b.website),
    notificationEmail: s(b.email),
    useCaseCategories: [s(c.use_case), ...(c.sub_usecases ?? [])].filter(Boolean),
    useCaseSummary: s(c.description),
    productionMessageSample: (c.sample_messages ?? []).filter((m) => m.trim()).join('\n\n'),
    // Opt-in proof must be a public URL Twilio can open; the page where people opt in stands for it.
    optInImageUrls: [s(c.privacy_policy_url) || s(b.website)].filter(Boolean),
    optInType: TOLL_FREE_OPTIN_TYPES[optin?.type ?? 'other'] ?? 'WEB_FORM',
    messageVolume: TOLL_FREE_VOLUMES[s(c.monthly_volume)] ?? '10,000',
    tollfreePhoneNumberSid: phoneNumberSid,
    businessStreetAddress: s(b.street),
    businessCity: s(b.city),
    businessStateProvinceRegion: s(b.state),
    businessPostalCode: s(b.postal_code),
    businessCountry: s(b.country) || 'US',
    businessContactFirstName: s(b.contact_first_name),
    businessContactLastName: s(b.contact_last_name),
    businessContactEmail: s(b.email),
    businessContactPhone: s(b.phone),
    businessRegistrationNumber: s(b.ein),
    additionalInformation: s(c.message_flow),
    ...(c.help_message ? { helpMessageSample: c.help_message } : {}),
    ...(c.privacy_policy_url ? { privacyPolicyUrl: c.privacy_policy_url } : {}),
    optInKeywords: (c.optins ?? []).flatMap((o) => o.keywords),
    externalReferenceId: `${row.company_id}:${row.id}:${ctx.now().getTime()}`,
  };
}
