/**
 * How a campaign is sent: each recipient's row in the send ledger and where it may go, why a recipient is
 * skipped, the pace each kind of sending number keeps, when a campaign pauses itself, and the estimates the
 * editor shows before sending (credits, duration). The send engine (server/src/modules/campaigns/engine) and the
 * editor read these same rules.
 */
import { codes } from './codes';
import { countSegments } from './sms';

/**
 * A recipient's row in the ledger moves forward only: pending → sending → sent → delivered | undelivered, or
 * pending → skipped (never sent, with a reason), or sending → failed (the carrier refused it).
 */
export const RECIPIENT_STATES = codes([
  { value: 'pending', label: 'Waiting' },
  { value: 'sending', label: 'Sending' },
  { value: 'sent', label: 'Sent' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'undelivered', label: 'Undelivered' },
  { value: 'failed', label: 'Failed' },
  { value: 'skipped', label: 'Skipped' },
]);
export type RecipientState = (typeof RECIPIENT_STATES)[number]['value'];

/** The states a row may move to from each state (the engine's updates are conditioned on these). */
export const RECIPIENT_TRANSITIONS: Readonly<Record<RecipientState, readonly RecipientState[]>> =
  Object.freeze({
    pending: ['sending', 'skipped'],
    sending: ['sent', 'failed', 'pending'],
    sent: ['delivered', 'undelivered'],
    delivered: [],
    undelivered: [],
    failed: [],
    skipped: [],
  });

/**
 * Whether a row may move from `from` to `to`. `sending → pending` is the one step back: a claim the carrier is
 * known never to have received (the run stopped before the call, or the carrier has no record of it) is
 * released to be sent again.
 */
export function canMoveRecipient(from: RecipientState, to: RecipientState): boolean {
  return RECIPIENT_TRANSITIONS[from].includes(to);
}

/** Why a group member is not sent to; fixed when the ledger is made. */
export const SKIP_REASONS = codes([
  { value: 'unsubscribed', label: 'Unsubscribed (replied STOP)' },
  { value: 'invalid', label: 'Invalid number' },
  { value: 'no-sms', label: 'Cannot receive texts (landline)' },
  { value: 'duplicate', label: 'Same number as another member' },
]);
export type SkipReason = (typeof SKIP_REASONS)[number]['value'];

/** Contact types (§3 Contact.type, as imported) whose number cannot receive texts. */
export const NO_SMS_CONTACT_TYPES: ReadonlySet<string> = new Set(['landline', 'fixed', 'fixed line', 'fax']);

/** The status flag of the events list (§7 "GET /campaigns/{id}/events (search, status flag…)"). */
export const CAMPAIGN_EVENT_FILTERS = codes([
  { value: 'all', label: 'All recipients' },
  { value: 'pending', label: 'Waiting' },
  { value: 'sent', label: 'Sent' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'undelivered', label: 'Undelivered' },
  { value: 'failed', label: 'Failed' },
  { value: 'skipped', label: 'Skipped' },
  { value: 'responded', label: 'Responded' },
  { value: 'unsubscribed', label: 'Unsubscribed' },
]);
export type CampaignEventFilter = (typeof CAMPAIGN_EVENT_FILTERS)[number]['value'];

/** A sending number's pace: texts per second, and at most so many in any 24 hours (null: no daily cap). */
export interface SendingPace {
  perSecond: number;
  perDay: number | null;
}

/**
 * Default pace by §3 number-type code, from carrier practice: a local 10DLC long code is held to about one
 * message a second per number and a daily cap for unvetted brands (T-Mobile's lowest tier is 2,000 a day);
 * verified toll-free numbers start at 3 a second; bulk (short-code-like) numbers higher. Fax numbers (3) do not
 * text. The server's configuration may change each (`CAMPAIGN_PACE_*`).
 */
export const DEFAULT_SENDING_PACE: Readonly<Record<number, SendingPace>> = Object.freeze({
  1: { perSecond: 3, perDay: null },
  2: { perSecond: 1, perDay: 2000 },
  4: { perSecond: 10, perDay: null },
});

export function sendingPace(
  numberType: number,
  overrides: Readonly<Record<number, SendingPace>> = {},
): SendingPace {
  return overrides[numberType] ?? DEFAULT_SENDING_PACE[numberType] ?? { perSecond: 1, perDay: 2000 };
}

/**
 * A campaign pauses itself, with its reason, when over its last `window` finished sends the share that failed
 * (refused or undelivered) or the share that replied STOP reaches the threshold — a bad list or a message people
 * object to, caught before it reaches everyone. Only judged once `window` sends have finished.
 */
export const AUTO_PAUSE = Object.freeze({ window: 100, failureRate: 0.2, stopRate: 0.05 });

export interface RecentOutcomes {
  /** Finished sends looked at (at most the window). */
  finished: number;
  failed: number;
  stopped: number;
}

/** The reason to pause, or null to go on. */
export function autoPauseReason(recent: RecentOutcomes, rule: typeof AUTO_PAUSE = AUTO_PAUSE): string | null {
  if (recent.finished < rule.window) return null;
  const percent = (share: number) => `${Math.round(share * 100)}%`;
  if (recent.failed / recent.finished >= rule.failureRate) {
    return `Paused automatically: ${recent.failed} of the last ${recent.finished} texts failed (the limit is ${percent(rule.failureRate)}). Check the list's numbers before resuming.`;
  }
  if (recent.stopped / recent.finished >= rule.stopRate) {
    return `Paused automatically: ${recent.stopped} of the last ${recent.finished} recipients replied STOP (the limit is ${percent(rule.stopRate)}). Review the message before resuming.`;
  }
  return null;
}

/** Carrier credits a text costs: one per SMS segment; an MMS is one message of up to 1,600 characters. */
export function creditsPerText(body: string, hasMedia: boolean): number {
  if (hasMedia) return 1;
  return Math.max(1, countSegments(body).segments);
}

/**
 * How long sending `recipients` texts takes at `pace` from one number, in seconds: a day per daily cap filled,
 * and the rest at the number's rate. Quiet hours may add to it; the editor shows those waves apart.
 */
export function sendingSeconds(recipients: number, pace: SendingPace): number {
  if (recipients <= 0) return 0;
  const days = pace.perDay ? Math.floor((recipients - 1) / pace.perDay) : 0;
  const lastDay = recipients - days * (pace.perDay ?? 0);
  return days * 86_400 + Math.ceil(lastDay / pace.perSecond);
}
