/**
 * §7 Favorite reports: a person's saved reports in a company, theirs alone. Another person's favorite is not
 * found (404) — its company is only found for its owner (`companyOfOwnFavorite`), so nobody learns it exists.
 */
import { FAVORITES_MAX } from '@shared/api/favoriteReports';
import { and, asc, count, eq } from 'drizzle-orm';
import { favoriteReports } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { invalid, notFound } from '../../lib/errors';
import type { FavoriteRow } from './view';

export const FAVORITE_MESSAGES = {
  tooMany: `You can keep at most ${FAVORITES_MAX} favorite reports in a company. Delete one first.`,
} as const;

/** The favorite's company when it is `userId`'s own; null otherwise (→ 404). */
export async function companyOfOwnFavorite(
  ctx: AppContext,
  id: number,
  userId: number,
): Promise<number | null> {
  const [row] = await ctx.db
    .select({ company_id: favoriteReports.company_id })
    .from(favoriteReports)
    .where(and(eq(favoriteReports.id, id), eq(favoriteReports.user_id, userId)));
  return row?.company_id ?? null;
}

export function listFavorites(ctx: AppContext, companyId: number, userId: number): Promise<FavoriteRow[]> {
  return ctx.db
    .select()
    .from(favoriteReports)
    .where(and(eq(favoriteReports.company_id, companyId), eq(favoriteReports.user_id, userId)))
    .orderBy(asc(favoriteReports.name), asc(favoriteReports.id));
}

export async function createFavorite(
  ctx: AppContext,
  companyId: number,
  userId: number,
  input: { name: string; value: string },
): Promise<FavoriteRow> {
  const [kept] = await ctx.db
    .select({ n: count() })
    .from(favoriteReports)
    .where(and(eq(favoriteReports.company_id, companyId), eq(favoriteReports.user_id, userId)));
  if ((kept?.n ?? 0) >= FAVORITES_MAX) throw invalid({ name: [FAVORITE_MESSAGES.tooMany] });
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(favoriteReports)
    .values({
      company_id: companyId,
      user_id: userId,
      name: input.name,
      value: input.value,
      created_at: now,
      updated_at: now,
    })
    .returning();
  if (!row) throw notFound('favorite report');
  return row;
}

export async function updateFavorite(
  ctx: AppContext,
  companyId: number,
  userId: number,
  id: number,
  input: { name?: string | undefined; value?: string | undefined },
): Promise<FavoriteRow> {
  const [row] = await ctx.db
    .update(favoriteReports)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.value !== undefined ? { value: input.value } : {}),
      updated_at: ctx.now(),
    })
    .where(
      and(
        eq(favoriteReports.id, id),
        eq(favoriteReports.company_id, companyId),
        eq(favoriteReports.user_id, userId),
      ),
    )
    .returning();
  if (!row) throw notFound('favorite report');
  return row;
}

export async function deleteFavorite(
  ctx: AppContext,
  companyId: number,
  userId: number,
  id: number,
): Promise<void> {
  const [row] = await ctx.db
    .delete(favoriteReports)
    .where(
      and(
        eq(favoriteReports.id, id),
        eq(favoriteReports.company_id, companyId),
        eq(favoriteReports.user_id, userId),
      ),
    )
    .returning({ id: favoriteReports.id });
  if (!row) throw notFound('favorite report');
}
