/**
 * Arranging campaign sends in tests and benchmarks: a group of N made-up contacts (inserted in bulk), a campaign
 * to it saved as queued with its send job, and reading back what the carrier was given.
 */
import { DEFAULT_UNSUBSCRIBE_TEXT } from '@shared/domain/campaigns';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { campaigns, contactGroupMembers, contactGroups, contacts, outbox } from '../../../db/schema';
import { type JobContext, wakeJobRunners } from '../../../jobs/queue';
import type { CampaignRow } from '../view';
import { scheduleSend } from './control';

let serial = 0;

export interface TestContact {
  name: string;
  number: string;
  is_unsubscribed?: boolean;
  is_invalid?: boolean;
  type?: string;
}

/**
 * `count` contacts numbered +1 (555) 7xx-xxxx style in unique ranges (so tests never collide with the seed or
 * each other) in a new plain group; `extra` adds particular ones. Answers the group's id and the contacts.
 */
export async function makeGroup(
  db: Db,
  companyId: number,
  count: number,
  extra: TestContact[] = [],
): Promise<{ groupId: number; contacts: TestContact[] }> {
  const run = ++serial;
  // Area code 312 (Chicago): a real NANP zone (America/Chicago), federal texting hours.
  const made: TestContact[] = Array.from({ length: count }, (_, n) => ({
    name: `Test${run} Person${n}`,
    number: `+1312${String(2_000_000 + run * 20_000 + n).padStart(7, '0')}`,
  }));
  const all = [...made, ...extra];
  const [group] = await db
    .insert(contactGroups)
    .values({ company_id: companyId, name: `Campaign test group ${run}-${Date.now()}` })
    .returning();
  if (!group) throw new Error('group insert returned nothing');
  for (let start = 0; start < all.length; start += 1000) {
    const rows = await db
      .insert(contacts)
      .values(
        all.slice(start, start + 1000).map((contact) => ({
          company_id: companyId,
          name: contact.name,
          number: contact.number,
          is_unsubscribed: contact.is_unsubscribed ?? false,
          is_invalid: contact.is_invalid ?? false,
          type: contact.type ?? null,
        })),
      )
      .returning({ id: contacts.id });
    await db
      .insert(contactGroupMembers)
      .values(rows.map((row) => ({ group_id: group.id, contact_id: row.id })));
  }
  return { groupId: group.id, contacts: all };
}

/** A campaign saved as queued (sent now unless `should_be_sent_at`), with its send job, as the routes save one. */
export async function queueCampaign(
  ctx: JobContext,
  input: {
    companyId: number;
    numberId: number;
    groupId: number;
    text?: string;
    skipInbox?: boolean;
    shouldBeSentAt?: Date | null;
  },
): Promise<CampaignRow> {
  const row = await ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [created] = await tx
      .insert(campaigns)
      .values({
        company_id: input.companyId,
        title: `Test campaign ${++serial}`,
        text: input.text ?? 'Hi %%first_name%%, our sale starts Saturday.',
        unsubscribe_text: DEFAULT_UNSUBSCRIBE_TEXT,
        group_ids: [input.groupId],
        number_id: input.numberId,
        skip_inbox: input.skipInbox ?? true,
        should_be_sent_at: input.shouldBeSentAt ?? null,
        state: 'queued',
        created_at: ctx.now(),
        updated_at: ctx.now(),
      })
      .returning();
    if (!created) throw new Error('campaign insert returned nothing');
    return scheduleSend(ctx, created, { tx });
  });
  wakeJobRunners(ctx);
  return row;
}

export async function campaignRow(db: Db, id: number): Promise<CampaignRow> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!row) throw new Error(`no campaign ${id}`);
  return row;
}

/** How many texts the sandbox carrier took for each of these recipients (from the company's numbers). */
export async function outboxCountsByRecipient(
  db: Db,
  companyId: number,
  to: string[],
): Promise<Map<string, number>> {
  const rows = await db
    .select({ to: outbox.to, n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(and(eq(outbox.company_id, companyId), eq(outbox.channel, 'sms'), inArray(outbox.to, to)))
    .groupBy(outbox.to);
  return new Map(rows.map((row) => [row.to, Number(row.n)]));
}
