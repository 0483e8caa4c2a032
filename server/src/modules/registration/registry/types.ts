/**
 * The registry a registration is submitted to: The Campaign Registry through Twilio (TrustHub, A2P 10DLC, toll-free
 * verification) when Twilio is configured, else the sandbox, whose reviews take realistic times on the app's clock
 * and reject deterministically for the usual causes. The service never speaks to either directly.
 */
import type { SmsReviewStatus } from '@shared/domain/registration';
import type { RegistryRefs, SmsRegistrationRow, StoredFinding } from '../../../db/schema';
import type { AppContext } from '../../../http/context';

/** A registration as the registry sees it: its row and the numbers it covers. */
export interface RegistrationForRegistry {
  row: SmsRegistrationRow;
  numbers: { id: number; number: string; carrier_sid: string | null }[];
  /** Files proving the opt-ins, by id, with where they are kept (a registry that needs URLs signs them). */
  files: { id: number; name: string; path: string; content_type: string }[];
}

/** Where a review stands after the registry was asked, and when to ask again (null: nothing more to wait for). */
export interface ReviewState {
  brand_status: SmsReviewStatus;
  campaign_status: SmsReviewStatus;
  rejection: StoredFinding[];
  refs: RegistryRefs;
  next_at: Date | null;
}

export interface Registry {
  readonly name: 'sandbox' | 'twilio';
  /** Hands a registration over for review (a first submission, or a resubmission after a fix). */
  submit(ctx: AppContext, registration: RegistrationForRegistry): Promise<ReviewState>;
  /** Asks where the review stands (the review job calls it at `next_at`). */
  poll(ctx: AppContext, registration: RegistrationForRegistry): Promise<ReviewState>;
  /** Withdraws the registration (the campaign stops being registered). */
  cancel(ctx: AppContext, registration: RegistrationForRegistry): Promise<void>;
  /** Covers more numbers, or fewer, with a submitted registration. */
  addNumbers(
    ctx: AppContext,
    registration: RegistrationForRegistry,
    numbers: RegistrationForRegistry['numbers'],
  ): Promise<void>;
  removeNumbers(
    ctx: AppContext,
    registration: RegistrationForRegistry,
    numbers: RegistrationForRegistry['numbers'],
  ): Promise<void>;
}
