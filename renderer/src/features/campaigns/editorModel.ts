/**
 * The campaign editor's form and what it sends (§4, §5): the form's values from a campaign, the time chosen in
 * the company's zone as an instant, why each action (save as draft, schedule, send now) cannot be taken yet, the
 * multipart fields of a save, the pre-send summary's request, and a dynamic field's tag put in at the cursor.
 * Pure, so the rules are tested without a screen.
 */
import type { Campaign, CampaignPreviewBody } from '@shared/api/campaigns';
import {
  CAMPAIGN_SAVE_STATES,
  campaignBlockers,
  DEFAULT_DYNAMIC_FIELDS,
  DEFAULT_UNSUBSCRIBE_TEXT,
  type DynamicField,
  draftBlockers,
} from '@shared/domain/campaigns';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { MultipartFields } from '../../api/contractCall';

dayjs.extend(utc);
dayjs.extend(timezone);

/** `datetime-local`'s format: a wall-clock time, read in the company's zone. */
export const LOCAL_TIME_FORMAT = 'YYYY-MM-DDTHH:mm';
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

export interface CampaignFormValues {
  title: string;
  /** The target group's id (§3 "groups (first is target)"), as the select holds it. */
  group: string | null;
  number_id: string | null;
  text: string;
  unsubscribe_text: string;
  skip_inbox: boolean;
  /** Send as soon as it is saved, or at `send_at`. */
  delivery: 'now' | 'later';
  /** The wall-clock time in the company's zone (`YYYY-MM-DDTHH:mm`); blank when none is chosen. */
  send_at: string;
}

export type CampaignFormField = keyof CampaignFormValues;

/** The fields a refusal's messages are shown beside. */
export const CAMPAIGN_FORM_FIELDS: readonly CampaignFormField[] = [
  'title',
  'group',
  'number_id',
  'text',
  'unsubscribe_text',
  'skip_inbox',
  'send_at',
];

/** The form field a server field's message belongs beside (`groups.0` → the group), if any. */
export function formFieldOf(serverField: string): CampaignFormField | undefined {
  const field = serverField.replace(/\[\]$/, '').split('.')[0] ?? '';
  if (field === 'groups') return 'group';
  if (field === 'should_be_sent_at') return 'send_at';
  if (field === 'dynamic_fields') return 'text';
  return (CAMPAIGN_FORM_FIELDS as readonly string[]).includes(field)
    ? (field as CampaignFormField)
    : undefined;
}

/** The three ways out of the editor. */
export type SaveAction = 'draft' | 'schedule' | 'send';

/** The button of each action, as it is named on screen. */
export const SAVE_ACTION_LABELS: Readonly<Record<SaveAction, string>> = Object.freeze({
  draft: 'Save as draft',
  schedule: 'Schedule',
  send: 'Send now',
});

export const NO_DELIVERY_TIME = 'Choose the date and time to send it';

/**
 * The form of a campaign, or of a new one (unsubscribe text 'Reply STOP to stop', §5). A time that has passed is
 * not offered again: §4 "A draft whose time has passed shows no delivery time".
 */
export function toFormValues(campaign: Campaign | null, tz: string, now: Date): CampaignFormValues {
  const at = campaign?.should_be_sent_at ? dayjs(campaign.should_be_sent_at) : null;
  const ahead = !!at && at.isValid() && at.valueOf() > now.getTime();
  return {
    title: campaign?.title ?? '',
    group: campaign?.group_ids[0] != null ? String(campaign.group_ids[0]) : null,
    number_id: campaign?.number_id != null ? String(campaign.number_id) : null,
    text: campaign?.text ?? '',
    unsubscribe_text: campaign ? campaign.unsubscribe_text : DEFAULT_UNSUBSCRIBE_TEXT,
    skip_inbox: campaign?.skip_inbox ?? false,
    delivery: ahead ? 'later' : 'now',
    send_at: ahead && at ? at.tz(tz).format(LOCAL_TIME_FORMAT) : '',
  };
}

/** The chosen time as an instant (ISO), read in the company's zone; null when sending now or none is chosen. */
export function sendAtIso(
  values: Pick<CampaignFormValues, 'delivery' | 'send_at'>,
  tz: string,
): string | null {
  if (values.delivery !== 'later' || !LOCAL_TIME.test(values.send_at) || !dayjs(values.send_at).isValid())
    return null;
  return dayjs.tz(values.send_at, tz).toDate().toISOString();
}

/** The editor's surroundings the rules read. */
export interface EditorContext {
  now: Date;
  linksEnabled: boolean;
  tz: string;
  hasMedia: boolean;
  dynamicFields: readonly DynamicField[];
}

/**
 * Why `action` cannot be taken yet, every reason in §5's order; empty when it can. A draft needs only a title;
 * scheduling needs a time (in the future) and sending now none, and both need all of §5's sendability.
 */
export function actionBlockers(
  action: SaveAction,
  values: CampaignFormValues,
  context: EditorContext,
): string[] {
  if (action === 'draft') return draftBlockers(values);
  const later = action === 'schedule';
  const blockers = campaignBlockers(
    {
      title: values.title,
      text: values.text,
      unsubscribe_text: values.unsubscribe_text,
      groups: values.group ? [values.group] : [],
      number_id: values.number_id,
      should_be_sent_at: later ? sendAtIso(values, context.tz) : null,
      media: context.hasMedia ? [true] : [],
      dynamic_fields: context.dynamicFields,
    },
    { now: context.now, linksEnabled: context.linksEnabled },
  );
  if (later && !sendAtIso(values, context.tz)) blockers.splice(1, 0, NO_DELIVERY_TIME);
  return blockers;
}

/** The campaign's attachments on a save: new files, and (on a change) which of the saved ones stay. */
export interface MediaChoice {
  files: readonly File[];
  /** Indexes in the campaign's `media` to keep; null for a new campaign. */
  keep: readonly number[] | null;
}

/**
 * The multipart fields of a save (§7 "POST /campaigns multipart …"): draft → state draft, schedule and send →
 * state queued (§4), send now with no time. `groups[]`, `media[]` and `keep_media` repeat as lists; the dynamic
 * fields go as JSON.
 */
export function campaignFields(
  action: SaveAction,
  values: CampaignFormValues,
  options: { tz: string; dynamicFields: readonly DynamicField[]; media: MediaChoice },
): MultipartFields {
  const at = action === 'send' ? null : sendAtIso(values, options.tz);
  // Saved attachments to keep exist only on a change, which is a POST with `_method=PATCH` (§7).
  const change = options.media.keep !== null;
  return {
    ...(change ? { _method: 'PATCH' } : {}),
    type: 'sms',
    state: CAMPAIGN_SAVE_STATES[action],
    title: values.title.trim(),
    text: values.text,
    unsubscribe_text: values.unsubscribe_text,
    skip_inbox: values.skip_inbox ? 'true' : 'false',
    groups: values.group ? [values.group] : [],
    number_id: values.number_id ?? '',
    // Blank clears a time saved before.
    should_be_sent_at: at ?? '',
    dynamic_fields: JSON.stringify(options.dynamicFields),
    include: 'groups',
    ...(change ? { keep_media: JSON.stringify(options.media.keep) } : {}),
    media: options.media.files.length ? options.media.files : undefined,
  };
}

/** What the pre-send summary is asked for: the campaign as the form has it now. */
export function previewBody(
  values: CampaignFormValues,
  options: { tz: string; hasMedia: boolean; dynamicFields: readonly DynamicField[] },
): CampaignPreviewBody {
  const numberId = values.number_id ? Number(values.number_id) : null;
  return {
    groups: values.group ? [Number(values.group)] : [],
    number_id: numberId,
    text: values.text,
    unsubscribe_text: values.unsubscribe_text,
    has_media: options.hasMedia,
    should_be_sent_at: sendAtIso(values, options.tz),
    dynamic_fields: [...options.dynamicFields],
  };
}

/** The dynamic fields a campaign carries (§3: by default First Name, Last Name, Phone, Email). */
export function dynamicFieldsOf(campaign: Campaign | null): readonly DynamicField[] {
  return campaign?.dynamic_fields.length ? campaign.dynamic_fields : DEFAULT_DYNAMIC_FIELDS;
}

/** `text` with `insert` put in place of the selection, and where the cursor goes after it. */
export function insertAt(
  text: string,
  insert: string,
  selectionStart: number | null,
  selectionEnd: number | null,
): { text: string; cursor: number } {
  const start = Math.min(Math.max(selectionStart ?? text.length, 0), text.length);
  const end = Math.min(Math.max(selectionEnd ?? start, start), text.length);
  return { text: text.slice(0, start) + insert + text.slice(end), cursor: start + insert.length };
}
