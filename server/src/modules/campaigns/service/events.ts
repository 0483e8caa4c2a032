/**
 * `GET /campaigns/{id}/events`: the campaign's ledger, one row per recipient in send order, 10 to a page,
 * filtered by the status flag and searched by name (the contact's name as it is now, else the one the ledger
 * kept) or, for a search of digits, by number. Each row links to the inbox conversation with that recipient on
 * the campaign's number, when there is one (one query for the page).
 */
import type { CampaignEvent } from '@shared/api/campaigns';
import { type Paged, pageOffset, toPage } from '@shared/api/paged';
import type { CampaignEventFilter } from '@shared/domain/campaignSending';
import { and, asc, eq, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { campaignRecipients, contacts, conversations } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { likePattern } from '../../companies/service';
import { campaignEventView } from '../view';
import { campaignOf } from './records';

export interface EventsQuery {
  search?: string | undefined;
  status: CampaignEventFilter;
  page: number;
  size: number;
}

/** The ledger rows a status flag shows. */
export function statusCondition(status: CampaignEventFilter): SQL | undefined {
  const r = campaignRecipients;
  switch (status) {
    case 'all':
      return undefined;
    case 'pending':
      return inArray(r.state, ['pending', 'sending']);
    case 'sent':
      return inArray(r.state, ['sent', 'delivered', 'undelivered']);
    case 'responded':
      return isNotNull(r.responded_at);
    case 'unsubscribed':
      return isNotNull(r.unsubscribed_at);
    default:
      return eq(r.state, status);
  }
}

/** A search of a number (digits, maybe with `+`, spaces, dashes, dots or parentheses) matches numbers; else names. */
function searchCondition(search: string): SQL | undefined {
  const r = campaignRecipients;
  const digits = search.replace(/\D/g, '');
  if (digits && /^[\d\s+().-]+$/.test(search)) return ilike(r.number, likePattern(digits));
  return or(
    ilike(sql`coalesce(${contacts.name}, ${r.name})`, likePattern(search)),
    ilike(r.number, likePattern(search)),
  );
}

export async function listCampaignEvents(
  ctx: AppContext,
  companyId: number,
  id: number,
  query: EventsQuery,
): Promise<Paged<CampaignEvent>> {
  const campaign = await campaignOf(ctx, companyId, id);
  const r = campaignRecipients;
  const where = and(
    eq(r.campaign_id, campaign.id),
    statusCondition(query.status),
    query.search ? searchCondition(query.search) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ row: r, contact_name: contacts.name })
      .from(r)
      .leftJoin(contacts, eq(contacts.id, r.contact_id))
      .where(where)
      .orderBy(asc(r.position), asc(r.id))
      .limit(query.size)
      .offset(pageOffset(query.page, query.size)),
    ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(r)
      .leftJoin(contacts, eq(contacts.id, r.contact_id))
      .where(where),
  ]);
  const recipients = [...new Set(rows.map(({ row }) => row.number))];
  const threads =
    campaign.number_id !== null && recipients.length
      ? await ctx.db
          .select({ id: conversations.id, recipient: conversations.recipient })
          .from(conversations)
          .where(
            and(
              eq(conversations.company_id, companyId),
              eq(conversations.number_id, campaign.number_id),
              inArray(conversations.recipient, recipients),
            ),
          )
      : [];
  const threadOf = new Map(threads.map((thread) => [thread.recipient, thread.id]));
  const events = rows.map(({ row, contact_name }) =>
    campaignEventView({ ...row, contact_name }, threadOf.get(row.number) ?? null),
  );
  return toPage(events, Number(total?.count ?? 0), query.page, query.size);
}
