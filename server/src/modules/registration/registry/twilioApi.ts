/**
 * The calls the Twilio registry makes, over the official `twilio` SDK: TrustHub (the secondary customer profile and
 * the A2P messaging profile), A2P 10DLC (brand, messaging service, campaign, its numbers) and toll-free
 * verification. A narrow interface so the registry's request shapes and status mapping are tested with a fake;
 * this adapter is the only code that speaks to Twilio, and needs a Twilio account to exercise (none here).
 */
import twilio from 'twilio';

export interface Sid {
  sid: string;
}

export interface TwilioRegistryApi {
  createCustomerProfile(options: { friendlyName: string; email: string; policySid: string }): Promise<Sid>;
  createTrustProduct(options: { friendlyName: string; email: string; policySid: string }): Promise<Sid>;
  createEndUser(options: {
    friendlyName: string;
    type: string;
    attributes: Record<string, unknown>;
  }): Promise<Sid>;
  createAddress(options: {
    customerName: string;
    street: string;
    city: string;
    region: string;
    postalCode: string;
    isoCountry: string;
  }): Promise<Sid>;
  createSupportingDocument(options: {
    friendlyName: string;
    type: string;
    attributes: Record<string, unknown>;
  }): Promise<Sid>;
  /** Assigns an end user, document or bundle to a customer profile (BU…) or trust product, then nothing else. */
  assign(bundle: { kind: 'profile' | 'product'; sid: string }, objectSid: string): Promise<void>;
  /** Evaluates the bundle against its policy and submits it for review (`status: pending-review`). */
  submitBundle(bundle: { kind: 'profile' | 'product'; sid: string }, policySid: string): Promise<void>;
  createBrand(options: {
    customerProfileBundleSid: string;
    a2PProfileBundleSid: string;
    brandType: string;
  }): Promise<Sid>;
  fetchBrand(sid: string): Promise<{ status: string; failureReason: string | null }>;
  createMessagingService(options: { friendlyName: string }): Promise<Sid>;
  createCampaign(
    serviceSid: string,
    options: {
      brandRegistrationSid: string;
      description: string;
      messageFlow: string;
      messageSamples: string[];
      usAppToPersonUsecase: string;
      hasEmbeddedLinks: boolean;
      hasEmbeddedPhone: boolean;
      helpMessage?: string;
      optInKeywords?: string[];
      optOutKeywords: string[];
      privacyPolicyUrl?: string;
    },
  ): Promise<Sid>;
  fetchCampaign(
    serviceSid: string,
    sid: string,
  ): Promise<{ campaignStatus: string; errors: Record<string, unknown>[] }>;
  removeCampaign(serviceSid: string, sid: string): Promise<void>;
  addPhoneNumber(serviceSid: string, phoneNumberSid: string): Promise<void>;
  removePhoneNumber(serviceSid: string, phoneNumberSid: string): Promise<void>;
  createTollfreeVerification(options: Record<string, unknown>): Promise<Sid>;
  fetchTollfreeVerification(
    sid: string,
  ): Promise<{ status: string; rejectionReason: string | null; errorCode: number | null }>;
  removeTollfreeVerification(sid: string): Promise<void>;
}

export function twilioRegistryApi(account: { accountSid: string; authToken: string }): TwilioRegistryApi {
  const client = twilio(account.accountSid, account.authToken);
  const trust = client.trusthub.v1;
  const messaging = client.messaging.v1;
  return {
    createCustomerProfile: (options) => trust.customerProfiles.create(options),
    createTrustProduct: (options) => trust.trustProducts.create(options),
    createEndUser: (options) => trust.endUsers.create(options),
    createAddress: (options) => client.addresses.create(options),
    createSupportingDocument: (options) => trust.supportingDocuments.create(options),
    async assign(bundle, objectSid) {
      if (bundle.kind === 'profile')
        await trust.customerProfiles(bundle.sid).customerProfilesEntityAssignments.create({ objectSid });
      else await trust.trustProducts(bundle.sid).trustProductsEntityAssignments.create({ objectSid });
    },
    async submitBundle(bundle, policySid) {
      if (bundle.kind === 'profile') {
        await trust.customerProfiles(bundle.sid).customerProfilesEvaluations.create({ policySid });
        await trust.customerProfiles(bundle.sid).update({ status: 'pending-review' });
      } else {
        await trust.trustProducts(bundle.sid).trustProductsEvaluations.create({ policySid });
        await trust.trustProducts(bundle.sid).update({ status: 'pending-review' });
      }
    },
    createBrand: (options) => messaging.brandRegistrations.create(options),
    async fetchBrand(sid) {
      const brand = await messaging.brandRegistrations(sid).fetch();
      return { status: brand.status, failureReason: brand.failureReason ?? null };
    },
    createMessagingService: (options) => messaging.services.create(options),
    createCampaign: (serviceSid, options) => messaging.services(serviceSid).usAppToPerson.create(options),
    async fetchCampaign(serviceSid, sid) {
      const campaign = await messaging.services(serviceSid).usAppToPerson(sid).fetch();
      return {
        campaignStatus: campaign.campaignStatus,
        errors: (campaign.errors ?? []) as Record<string, unknown>[],
      };
    },
    async removeCampaign(serviceSid, sid) {
      await messaging.services(serviceSid).usAppToPerson(sid).remove();
    },
    async addPhoneNumber(serviceSid, phoneNumberSid) {
      await messaging.services(serviceSid).phoneNumbers.create({ phoneNumberSid });
    },
    async removePhoneNumber(serviceSid, phoneNumberSid) {
      await messaging.services(serviceSid).phoneNumbers(phoneNumberSid).remove();
    },
    createTollfreeVerification: (options) =>
      messaging.tollfreeVerifications.create(
        options as unknown as Parameters<typeof messaging.tollfreeVerifications.create>[0],
      ),
    async fetchTollfreeVerification(sid) {
      const verification = await messaging.tollfreeVerifications(sid).fetch();
      return {
        status: verification.status,
        rejectionReason: verification.rejectionReason ?? null,
        errorCode: verification.errorCode ?? null,
      };
    },
    async removeTollfreeVerification(sid) {
      await messaging.tollfreeVerifications(sid).remove();
    },
  };
}
