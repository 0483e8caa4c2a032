/**
 * `GET /campaigns`: a company's campaigns that are not deleted, filtered by what the list shows (§4's display
 * state, at the time of the request), searched by title, sorted and paged (13 to a page by default).
 */
import type { CAMPAIGN_SORTS, Campaign } from '@shared/api/campaigns';
import { type Paged, pageOffset, toPage } from '@shared/api/paged';
import type { CampaignDisplayState } from '@shared/domain/campaigns';
import { and, asc, desc, eq, gt, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { campaigns } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { likePattern } from '../../companies/service';
import { campaignViews } from '../view';
import { includesGroups } from './records';

export interface CampaignListQuery {
  page: number;
  size: number;
  include?: string | undefined;
  filter?: CampaignDisplayState | 'all' | undefined;
  search?: string | undefined;
  sort: (typeof CAMPAIGN_SORTS)[number];
  dir: 'asc' | 'desc';
}

/**
 * The rows a display state shows (§4 "pending and draft show draft; queued shows in-progress if the scheduled
 * time is now or past, else scheduled; sending shows in-progress; the others map directly"), as of `now`.
 */
export function displayStateCondition(state: CampaignDisplayState, now: Date): SQL | undefined {
  const c = campaigns;
  switch (state) {
    case 'draft':
      return inArray(c.state, ['pending', 'draft']);
    case 'scheduled':
      return and(eq(c.state, 'queued'), gt(c.should_be_sent_at, now));
    case 'in-progress':
      return or(
        eq(c.state, 'sending'),
        and(eq(c.state, 'queued'), or(isNull(c.should_be_sent_at), lte(c.should_be_sent_at, now))),
      );
    default:
      return eq(c.state, state);
  }
}

function sortColumn(sort: CampaignListQuery['sort']): SQL {
  const c = campaigns;
  switch (sort) {
    case 'title':
      return sql`lower(${c.title})`;
    case 'should_be_sent_at':
      return sql`${c.should_be_sent_at}`;
    case 'sent_count':
      return sql`${c.sent_count}`;
    case 'state':
      return sql`${c.state}`;
    default:
      return sql`${c.created_at}`;
  }
}

export async function listCampaigns(
  ctx: AppContext,
  companyId: number,
  query: CampaignListQuery,
): Promise<Paged<Campaign>> {
  const c = campaigns;
  const where = and(
    eq(c.company_id, companyId),
    isNull(c.deleted_at),
    query.filter && query.filter !== 'all' ? displayStateCondition(query.filter, ctx.now()) : undefined,
    query.search ? ilike(c.title, likePattern(query.search)) : undefined,
  );
  const column = sortColumn(query.sort);
  // Campaigns without a time come last whichever way the list is sorted by time.
  const order =
    query.dir === 'asc'
      ? [sql`${column} asc nulls last`, asc(c.id)]
      : [sql`${column} desc nulls last`, desc(c.id)];
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(c)
      .where(where)
      .orderBy(...order)
      .limit(query.size)
      .offset(pageOffset(query.page, query.size)),
    ctx.db.select({ count: sql<number>`count(*)::int` }).from(c).where(where),
  ]);
  const views = await campaignViews(ctx, rows, { groups: includesGroups(query.include) });
  return toPage(views, Number(total?.count ?? 0), query.page, query.size);
}
