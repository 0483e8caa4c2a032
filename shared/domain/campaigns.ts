/** SMS/MMS campaigns: states, what the list shows, and when a campaign may be sent (§3, §4, §5). */
import { codes } from './codes';
import { TEXT_MAX_LENGTH } from './limits';
import { type DateInput, toDate } from './time';
import { containsLink } from './url';

/** §4 "Campaign states (server): pending, draft, queued, sending, canceled, paused, sent, failed." */
export const CAMPAIGN_STATES = codes([
  { value: 'pending', label: 'Pending' },
  { value: 'draft', label: 'Draft' },
  { value: 'queued', label: 'Queued' },
  { value: 'sending', label: 'Sending' },
  { value: 'canceled', label: 'Canceled' },
  { value: 'paused', label: 'Paused' },
  { value: 'sent', label: 'Sent' },
  { value: 'failed', label: 'Failed' },
]);
export type CampaignState = (typeof CAMPAIGN_STATES)[number]['value'];

/** What the campaigns list shows for a state (§4 "Display"). */
export const CAMPAIGN_DISPLAY_STATES = codes([
  { value: 'draft', label: 'Draft' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'in-progress', label: 'In progress' },
  { value: 'paused', label: 'Paused' },
  { value: 'sent', label: 'Sent' },
  { value: 'canceled', label: 'Canceled' },
  { value: 'failed', label: 'Failed' },
]);
export type CampaignDisplayState = (typeof CAMPAIGN_DISPLAY_STATES)[number]['value'];

/** §3 "Campaign: … type". Only SMS campaigns exist (§7 "type sms"). */
export const CAMPAIGN_TYPES = codes([{ value: 'sms', label: 'SMS' }]);

/** §4 "Save as draft sends state draft; schedule or send sends state queued." */
export const CAMPAIGN_SAVE_STATES = Object.freeze({
  draft: 'draft',
  schedule: 'queued',
  send: 'queued',
} as const);

export interface CampaignTiming {
  state: CampaignState | string;
  should_be_sent_at?: DateInput | null;
}

function isDue(c: CampaignTiming, now: DateInput): boolean {
  return c.should_be_sent_at == null || toDate(c.should_be_sent_at).getTime() <= toDate(now).getTime();
}

/**
 * §4 "pending and draft show draft; queued shows in-progress if the scheduled time is now or past, else scheduled;
 * sending shows in-progress; the others map directly." A queued campaign without a time is sent now.
 * A state the server adds later, unknown here, shows as draft: it stays visible and editable.
 */
export function campaignDisplayState(c: CampaignTiming, now: DateInput): CampaignDisplayState {
  switch (c.state) {
    case 'pending':
    case 'draft':
      return 'draft';
    case 'queued':
      return isDue(c, now) ? 'in-progress' : 'scheduled';
    case 'sending':
      return 'in-progress';
    case 'paused':
    case 'sent':
    case 'canceled':
    case 'failed':
      return c.state;
    default:
      return 'draft';
  }
}

/** §4 "A draft whose time has passed shows no delivery time." A campaign with no time has none to show. */
export function campaignShowsDeliveryTime(c: CampaignTiming, now: DateInput): boolean {
  if (c.should_be_sent_at == null || c.should_be_sent_at === '') return false;
  return !(campaignDisplayState(c, now) === 'draft' && isDue(c, now));
}

/** §5 "Default unsubscribe text: 'Reply STOP to stop'." */
export const DEFAULT_UNSUBSCRIBE_TEXT = 'Reply STOP to stop';

export interface DynamicField {
  /** What the editor shows. */
  name: string;
  /** What the text carries, replaced per contact when sent. */
  tag: string;
  /** Characters the value is budgeted at when counting the text's length. */
  length: number;
}

/** §3 "Dynamic fields default to First Name, Last Name, Phone, Email, each with a tag in double percent signs and
 * a 10-character budget." */
export const DEFAULT_DYNAMIC_FIELDS: readonly Readonly<DynamicField>[] = Object.freeze(
  [
    { name: 'First Name', tag: '%%first_name%%', length: 10 },
    { name: 'Last Name', tag: '%%last_name%%', length: 10 },
    { name: 'Phone', tag: '%%phone%%', length: 10 },
    { name: 'Email', tag: '%%email%%', length: 10 },
  ].map((field) => Object.freeze(field)),
);

/** Characters as a person counts them (an emoji is one), not UTF-16 code units. */
function characterCount(text: string): number {
  return Array.from(text).length;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The text with each dynamic field's tag (`%%first_name%%`, or its display form `%%First Name%%`) replaced by
 * as many characters as its budget (§3 "a 10-character budget"): the length a filled-in text is counted at
 * before anyone's values are known.
 */
export function budgetedText(text: string, fields: readonly DynamicField[] = DEFAULT_DYNAMIC_FIELDS): string {
  let budgeted = text;
  for (const field of fields) {
    const forms = [field.tag, `%%${field.name}%%`].map(escapeRegExp).join('|');
    budgeted = budgeted.replace(new RegExp(forms, 'gi'), 'x'.repeat(field.length));
  }
  return budgeted;
}

/** What a campaign sends: the message, then the unsubscribe text on its own line. */
export function campaignBody(text: string, unsubscribeText: string): string {
  const message = text.trimEnd();
  const unsubscribe = unsubscribeText.trim();
  return unsubscribe ? `${message}\n${unsubscribe}` : message;
}

export const TEXT_ERRORS = Object.freeze({
  sms: `Max ${TEXT_MAX_LENGTH} characters per SMS`,
  mms: `Max ${TEXT_MAX_LENGTH} characters per MMS`,
});

/**
 * §5 "Text length counts message plus unsubscribe text; max 1000 per SMS, 1000 per MMS (when media attached).
 * Messages: 'Max 1000 characters per SMS' / 'Max 1000 characters per MMS'."
 */
export function campaignTextError(
  text: string,
  unsubscribeText: string,
  hasMedia: boolean,
  dynamicFields: readonly DynamicField[] = [],
): string | null {
  const length = characterCount(budgetedText(text, dynamicFields)) + characterCount(unsubscribeText);
  if (length <= TEXT_MAX_LENGTH) return null;
  return hasMedia ? TEXT_ERRORS.mms : TEXT_ERRORS.sms;
}

/** §3 Campaign fields the sending rules read. `groups` may hold ids or group objects; the first is the target. */
export interface CampaignDraft {
  title?: string | null;
  text?: string | null;
  unsubscribe_text?: string | null;
  groups?: readonly unknown[] | null;
  number_id?: number | string | null;
  should_be_sent_at?: DateInput | null;
  media?: readonly unknown[] | null;
  /** The fields the text may carry, each counted at its budget (default: §3's four). */
  dynamic_fields?: readonly DynamicField[] | null;
}

/** The messages `campaignBlockers` returns, one per unmet condition of §5. */
export const CAMPAIGN_BLOCKERS = Object.freeze({
  title: 'Add a title',
  text: 'Write a message',
  unsubscribeText: 'Add unsubscribe text',
  group: 'Choose a group to send to',
  number: 'Choose a number to send from',
  pastDeliveryTime: 'Choose a delivery time in the future',
  links: 'Links are not allowed in messages on this account',
});

const blank = (value: string | null | undefined) => value == null || value.trim() === '';

/** §5 "Draft needs only a title." */
export function draftBlockers(draft: Pick<CampaignDraft, 'title'>): string[] {
  return blank(draft.title) ? [CAMPAIGN_BLOCKERS.title] : [];
}

/**
 * §5 "Campaign sendable only if: title not empty, message not empty, unsubscribe text not empty, a group chosen,
 * a number chosen, delivery time (if set) in the future, no text error, and (when links are not enabled for the
 * account) no link in the message." Returns every unmet condition, in that order; empty means sendable.
 */
export function campaignBlockers(
  draft: CampaignDraft,
  opts: { now: DateInput; linksEnabled: boolean },
): string[] {
  const blockers = draftBlockers(draft);
  if (blank(draft.text)) blockers.push(CAMPAIGN_BLOCKERS.text);
  if (blank(draft.unsubscribe_text)) blockers.push(CAMPAIGN_BLOCKERS.unsubscribeText);
  if (!draft.groups?.some((group) => group != null && group !== '')) blockers.push(CAMPAIGN_BLOCKERS.group);
  if (draft.number_id == null || draft.number_id === '') blockers.push(CAMPAIGN_BLOCKERS.number);
  if (
    draft.should_be_sent_at != null &&
    draft.should_be_sent_at !== '' &&
    toDate(draft.should_be_sent_at).getTime() <= toDate(opts.now).getTime()
  ) {
    blockers.push(CAMPAIGN_BLOCKERS.pastDeliveryTime);
  }
  const textError = campaignTextError(
    draft.text ?? '',
    draft.unsubscribe_text ?? '',
    (draft.media?.length ?? 0) > 0,
    draft.dynamic_fields ?? DEFAULT_DYNAMIC_FIELDS,
  );
  if (textError) blockers.push(textError);
  if (!opts.linksEnabled && containsLink(draft.text ?? '')) blockers.push(CAMPAIGN_BLOCKERS.links);
  return blockers;
}
