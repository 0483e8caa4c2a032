/**
 * Fixing a campaign's recipients when its send starts: one ledger row per (campaign, contact), in the group's
 * order, with the text filled in for them, their skip reason (a skipped row is final at once) and when their
 * texting hours first let them be sent to. Made in one transaction with the campaign turning `sending` and the
 * run's checkpoint, so a run that dies while making it leaves no half ledger, and a second run (or server)
 * never makes another: the unique (campaign, contact) key and the `started_at` check both refuse it.
 */

import { creditsPerText } from '@shared/domain/campaignSending';
import { campaignBody } from '@shared/domain/campaigns';
import { fillMessageFields } from '@shared/domain/messaging';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { campaignRecipients, campaigns } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import type { CampaignRow } from '../view';
import { sendableAt } from './preview';
import { groupRecipients, type Recipient } from './recipients';

/** Rows inserted per statement (well under PostgreSQL's 65,535 parameters at ~14 a row). */
const INSERT_CHUNK = 1_000;

/**
 * Makes the ledger and starts the campaign (`sending`, `started_at`), inside `tx` with the caller's checkpoint.
 * Answers the started campaign, or undefined when it had already started (another run made the ledger).
 */
export async function buildLedger(
  ctx: AppContext,
  campaign: CampaignRow,
  tx: Db,
): Promise<CampaignRow | undefined> {
  const now = ctx.now();
  const [started] = await tx
    .update(campaigns)
    .set({ state: 'sending', started_at: now, updated_at: now })
    .where(
      and(
        eq(campaigns.id, campaign.id),
        isNull(campaigns.started_at),
        // A job of an earlier generation (rescheduled, paused meanwhile) never starts it.
        eq(campaigns.generation, campaign.generation),
        inArray(campaigns.state, ['queued', 'sending']),
      ),
    )
    .returning();
  if (!started) return undefined;
  const groupId = campaign.group_ids[0];
  const recipients = groupId ? await groupRecipients(tx, campaign.company_id, groupId) : [];
  const rows = recipients.map((recipient, index) => ({
    campaign_id: campaign.id,
    company_id: campaign.company_id,
    contact_id: recipient.contactId,
    position: index + 1,
    number: recipient.number,
    name: recipient.name,
    body: recipient.skipReason ? '' : recipientText(campaign, recipient),
    state: recipient.skipReason ? 'skipped' : 'pending',
    skip_reason: recipient.skipReason,
    time_zone: recipient.timeZone,
    region: recipient.region,
    not_before: recipient.skipReason ? null : nonNow(sendableAt(ctx, recipient, now), now),
    finished_at: recipient.skipReason ? now : null,
    created_at: now,
    updated_at: now,
  }));
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await tx
      .insert(campaignRecipients)
      .values(rows.slice(start, start + INSERT_CHUNK))
      .onConflictDoNothing({ target: [campaignRecipients.campaign_id, campaignRecipients.contact_id] });
  }
  const sendable = rows.filter((row) => row.state === 'pending').length;
  const hasMedia = campaign.media.length > 0;
  const credits = rows.reduce(
    (sum, row) => sum + (row.state === 'pending' ? creditsPerText(row.body, hasMedia) : 0),
    0,
  );
  const [counted] = await tx
    .update(campaigns)
    .set({
      recipient_count: rows.length,
      pending_count: sendable,
      skipped_count: rows.length - sendable,
      preview_count: sendable,
      preview_credits: credits,
    })
    .where(eq(campaigns.id, campaign.id))
    .returning();
  return counted ?? started;
}

/** The text one recipient gets: the campaign's message with their fields filled in, then the unsubscribe text. */
export function recipientText(
  campaign: Pick<CampaignRow, 'text' | 'unsubscribe_text'>,
  recipient: Pick<Recipient, 'name' | 'number' | 'email'>,
): string {
  const fields = { name: recipient.name, number: recipient.number, email: recipient.email };
  return campaignBody(fillMessageFields(campaign.text, fields), campaign.unsubscribe_text);
}

/** A time that is now is stored as no wait (null), so the common case needs no comparison. */
function nonNow(at: Date, now: Date): Date | null {
  return at.getTime() > now.getTime() ? at : null;
}
