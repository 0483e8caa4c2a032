/**
 * The editor's pre-send summary (`POST /campaigns/preview`): who the campaign reaches and who not (and why), the
 * encoding and segments of its longest text (fields at their budget), the credits, the waves its recipients'
 * texting hours make from its start time, and how long it takes at the sending number's pace. It reads the same
 * recipient list the send fixes in its ledger.
 */
import type { CampaignPreview, CampaignPreviewBody } from '@shared/api/campaigns';
import { creditsPerText, sendingPace, sendingSeconds } from '@shared/domain/campaignSending';
import { budgetedText, campaignBody, DEFAULT_DYNAMIC_FIELDS } from '@shared/domain/campaigns';
import { fillMessageFields } from '@shared/domain/messaging';
import { countSegments, nonGsmCharacters } from '@shared/domain/sms';
import { nextSendableAt } from '@shared/domain/textingHours';
import { and, eq } from 'drizzle-orm';
import { numbers } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { groupRecipients, type Recipient, skippedByReason } from './recipients';

/** The start time a campaign's waves are counted from: its delivery time, or now. */
const startOf = (ctx: AppContext, at: string | null | undefined) => {
  const now = ctx.now();
  const scheduled = at ? new Date(at) : null;
  return scheduled && scheduled > now ? scheduled : now;
};

/** When each recipient may be sent to, from `start`: their texting hours (unless the server ignores them). */
export function sendableAt(
  ctx: AppContext,
  recipient: Pick<Recipient, 'timeZone' | 'region'>,
  start: Date,
): Date {
  return ctx.config.campaigns.textingHours
    ? nextSendableAt(start, recipient.timeZone, recipient.region)
    : start;
}

export async function previewCampaign(
  ctx: AppContext,
  companyId: number,
  body: Omit<CampaignPreviewBody, 'groups'> & { groups?: readonly number[] },
): Promise<CampaignPreview> {
  const groupId = body.groups?.[0];
  const recipients = groupId ? await groupRecipients(ctx.db, companyId, groupId) : [];
  const sendable = recipients.filter((recipient) => !recipient.skipReason);
  const text = body.text ?? '';
  const unsubscribe = body.unsubscribe_text ?? '';
  const hasMedia = body.has_media ?? false;
  const longest = campaignBody(
    budgetedText(text, body.dynamic_fields ?? DEFAULT_DYNAMIC_FIELDS),
    unsubscribe,
  );
  const segments = countSegments(longest);
  const [number] = body.number_id
    ? await ctx.db
        .select({ type: numbers.type })
        .from(numbers)
        .where(and(eq(numbers.id, body.number_id), eq(numbers.company_id, companyId)))
    : [];
  const pace = sendingPace(number?.type ?? 2, ctx.config.campaigns.pace);
  const start = startOf(ctx, body.should_be_sent_at);
  const waves = new Map<number, number>();
  for (const recipient of sendable) {
    const at = sendableAt(ctx, recipient, start).getTime();
    waves.set(at, (waves.get(at) ?? 0) + 1);
  }
  const first = sendable[0];
  return {
    members: recipients.length,
    recipients: sendable.length,
    skipped: skippedByReason(recipients),
    encoding: segments.encoding,
    ucs2_characters: nonGsmCharacters(longest),
    segments: segments.segments,
    credits: creditsPerText(longest, hasMedia) * sendable.length,
    per_second: pace.perSecond,
    per_day: pace.perDay,
    duration_seconds: sendingSeconds(sendable.length, pace),
    waves: [...waves.entries()]
      .sort(([a], [b]) => a - b)
      .map(([at, count]) => ({ at: new Date(at).toISOString(), count, now: at === start.getTime() })),
    sample: first
      ? {
          name: first.name,
          number: first.number,
          body: campaignBody(
            fillMessageFields(text, { name: first.name, number: first.number, email: first.email }),
            unsubscribe,
          ),
        }
      : null,
  };
}
