/**
 * Finding a campaign by its id: the company it belongs to (for the route wrapper: another company's campaign, or a
 * deleted one, is a 404 before anything else), and the row itself within the company.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { campaigns } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { notFound } from '../../../lib/errors';
import type { CampaignRow } from '../view';

/** The company of a campaign that is not deleted (null: no such campaign, which answers 404). */
export async function companyOfCampaign(db: Db, id: number): Promise<number | null> {
  const [row] = await db
    .select({ company: campaigns.company_id })
    .from(campaigns)
    .where(and(eq(campaigns.id, id), isNull(campaigns.deleted_at)));
  return row?.company ?? null;
}

/** A campaign of the company that is not deleted, or 404. */
export async function campaignOf(ctx: AppContext, companyId: number, id: number): Promise<CampaignRow> {
  const [row] = await ctx.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.company_id, companyId), isNull(campaigns.deleted_at)));
  if (!row) throw notFound('campaign');
  return row;
}

/** Whether an `include` value (comma-separated, as §7's `include groups`) asks for the groups. */
export function includesGroups(include: string | undefined | null): boolean {
  return (include ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .includes('groups');
}
