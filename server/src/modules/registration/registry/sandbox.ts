/**
 * The sandbox registry: reviews on the app's clock with realistic times and deterministic verdicts, so the demo and
 * tests see a registration go submitted → in review → approved or rejected without a carrier.
 *
 * Times (SANDBOX_REVIEW_MS): the registry takes a submission into review after a minute; a low-volume brand is
 * decided in 15 minutes, one with secondary vetting (the higher volume bands) in a day; a 10DLC campaign in three
 * days once its brand is approved; a toll-free verification in five days. Verdicts: the errors the pre-submit
 * check finds (precheck/index.ts) — a website that does not answer or a free-mailbox email rejects the brand;
 * samples without the brand or STOP, or a privacy policy that does not promise to keep numbers to itself, reject
 * the campaign — each reason on its field with what to fix.
 */
import type { SmsReviewStatus } from '@shared/domain/registration';
import type { SmsRegistrationRow } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { blocking, brandFindings, campaignFindings } from '../precheck';
import type { Registry, ReviewState } from './types';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const SANDBOX_REVIEW_MS = Object.freeze({
  intake: MINUTE,
  brandLowVolume: 15 * MINUTE,
  brandVetted: DAY,
  campaign: 3 * DAY,
  tollFree: 5 * DAY,
});

const at = (ctx: AppContext, ms: number) => new Date(ctx.now().getTime() + ms);

function state(row: SmsRegistrationRow, change: Partial<ReviewState>): ReviewState {
  return {
    brand_status: row.brand_status,
    campaign_status: row.campaign_status,
    rejection: row.rejection,
    refs: row.registry_refs,
    next_at: null,
    ...change,
  };
}

function brandReviewMs(row: SmsRegistrationRow): number {
  return row.campaign.monthly_volume === '10_000'
    ? SANDBOX_REVIEW_MS.brandLowVolume
    : SANDBOX_REVIEW_MS.brandVetted;
}

const reviewing = (status: SmsReviewStatus) => status === 'submitted' || status === 'in_review';

export const sandboxRegistry: Registry = {
  name: 'sandbox',

  async submit(ctx, { row }) {
    // An approved brand stays approved: a resubmission after a campaign rejection reviews the campaign only.
    const brandApproved = row.kind === 'local' && row.brand_status === 'approved';
    return state(row, {
      brand_status: brandApproved ? 'approved' : 'submitted',
      campaign_status: 'submitted',
      rejection: [],
      refs: { ...row.registry_refs, sandbox: `SB${row.id}` },
      next_at: at(ctx, SANDBOX_REVIEW_MS.intake),
    });
  },

  async poll(ctx, registration) {
    const { row } = registration;
    if (row.kind === 'toll_free') return pollTollFree(ctx, row);
    if (row.brand_status === 'submitted')
      return state(row, { brand_status: 'in_review', next_at: at(ctx, brandReviewMs(row)) });
    if (row.brand_status === 'in_review') {
      const found = blocking(await brandFindings(ctx, row));
      if (found.length) return state(row, { brand_status: 'rejected', rejection: found });
      return state(row, {
        brand_status: 'approved',
        campaign_status: 'in_review',
        next_at: at(ctx, SANDBOX_REVIEW_MS.campaign),
      });
    }
    if (row.brand_status === 'approved' && row.campaign_status === 'submitted')
      return state(row, { campaign_status: 'in_review', next_at: at(ctx, SANDBOX_REVIEW_MS.campaign) });
    if (row.brand_status === 'approved' && row.campaign_status === 'in_review') {
      const found = blocking(await campaignFindings(ctx, row));
      return state(
        row,
        found.length ? { campaign_status: 'rejected', rejection: found } : { campaign_status: 'approved' },
      );
    }
    return state(row, {});
  },

  async cancel() {},
  async addNumbers() {},
  async removeNumbers() {},
};

/** A toll-free verification is one review of the business and its messages together. */
async function pollTollFree(ctx: AppContext, row: SmsRegistrationRow): Promise<ReviewState> {
  if (row.campaign_status === 'submitted')
    return state(row, {
      brand_status: 'in_review',
      campaign_status: 'in_review',
      next_at: at(ctx, SANDBOX_REVIEW_MS.tollFree),
    });
  if (!reviewing(row.campaign_status)) return state(row, {});
  const found = blocking([...(await brandFindings(ctx, row)), ...(await campaignFindings(ctx, row))]);
  const verdict: SmsReviewStatus = found.length ? 'rejected' : 'approved';
  return state(row, { brand_status: verdict, campaign_status: verdict, rejection: found });
}
