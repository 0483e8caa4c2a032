/**
 * Who a campaign reaches: the members of its target group (plain or virtual, as the group's counts see them) in
 * the group's order (oldest contact first), each with the reason they are skipped, if any, and the time zone
 * and texting-hours region of their number. The ledger (ledger.ts) and the pre-send summary (preview.ts) both
 * read this one list, so the summary shows exactly what the send will do.
 */
import { NO_SMS_CONTACT_TYPES, SKIP_REASONS, type SkipReason } from '@shared/domain/campaignSending';
import { normalizePhone } from '@shared/domain/phone';
import { textingHoursRule } from '@shared/domain/textingHours';
import { asc } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { contacts } from '../../../db/schema';
import { phoneRegion, phoneTimeZone } from '../../../lib/phoneTimeZone';
import { ContactFilterCompiler } from '../../contacts/service/filters';

export interface Recipient {
  contactId: number;
  name: string;
  /** E.164 when valid; the stored text otherwise. */
  number: string;
  email: string | null;
  skipReason: SkipReason | null;
  timeZone: string | null;
  /** The texting-hours rule's region ('US' or a stricter state's code). */
  region: string;
}

/** The group's members, classified. `limit` stops early (a preview's sample needs only the first few). */
export async function groupRecipients(
  db: Db,
  companyId: number,
  groupId: number,
  options: { limit?: number } = {},
): Promise<Recipient[]> {
  const condition = await new ContactFilterCompiler(db, companyId).condition({ groups: [groupId] });
  const query = db
    .select({
      id: contacts.id,
      name: contacts.name,
      number: contacts.number,
      email: contacts.email,
      type: contacts.type,
      is_invalid: contacts.is_invalid,
      is_unsubscribed: contacts.is_unsubscribed,
    })
    .from(contacts)
    .where(condition)
    .orderBy(asc(contacts.id));
  const rows = options.limit ? await query.limit(options.limit) : await query;
  const seen = new Set<string>();
  const recipients: Recipient[] = [];
  for (const row of rows) {
    const e164 = row.is_invalid ? null : normalizePhone(row.number);
    const number = e164 ?? row.number;
    let skipReason: SkipReason | null = null;
    if (row.is_unsubscribed) skipReason = 'unsubscribed';
    else if (!e164) skipReason = 'invalid';
    else if (row.type && NO_SMS_CONTACT_TYPES.has(row.type.trim().toLowerCase())) skipReason = 'no-sms';
    else if (seen.has(e164)) skipReason = 'duplicate';
    if (e164 && !skipReason) seen.add(e164);
    recipients.push({
      contactId: row.id,
      name: row.name,
      number,
      email: row.email,
      skipReason,
      timeZone: e164 ? await phoneTimeZone(e164) : null,
      region: e164 ? textingHoursRule(await phoneRegion(e164)).region : 'US',
    });
  }
  return recipients;
}

/** How many of each skip reason, in the table's order, leaving out reasons nobody has. */
export function skippedByReason(recipients: readonly Recipient[]): { reason: SkipReason; count: number }[] {
  const counts = new Map<SkipReason, number>();
  for (const recipient of recipients) {
    if (recipient.skipReason) counts.set(recipient.skipReason, (counts.get(recipient.skipReason) ?? 0) + 1);
  }
  return SKIP_REASONS.flatMap(({ value }) =>
    counts.get(value) ? [{ reason: value, count: counts.get(value) ?? 0 }] : [],
  );
}
