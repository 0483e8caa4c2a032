/**
 * §7 Column presets: a person's named column sets per table, which they may share with the company. Everyone of
 * the company sees their own and the shared ones; only the owner changes or deletes one (403 for someone else's
 * shared set). Another person's set that is not shared is not found (404): its company is only found for those
 * who may see it (`companyOfVisiblePreset`). A person's names are unique per table, ignoring case (the unique
 * index on lower(name) decides, so two saves at once cannot both take a name).
 */
import { COLUMN_PRESET_MESSAGES, FAVORITES_MAX } from '@shared/api/favoriteReports';
import { and, asc, count, eq, or, type SQL } from 'drizzle-orm';
import { columnPresets, users } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { forbidden, invalid, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../contacts/service/checks';
import { type PresetRow, presetView } from './view';

export const PRESET_MESSAGES = {
  tooMany: `You can keep at most ${FAVORITES_MAX} column sets for a table. Delete one first.`,
  notOwner: 'Only the person who made this column set may change or delete it.',
} as const;

/** What `userId` may see: their own presets and those shared in the company. */
const visibleTo = (userId: number): SQL | undefined =>
  or(eq(columnPresets.user_id, userId), eq(columnPresets.shared, true));

export async function companyOfVisiblePreset(
  ctx: AppContext,
  id: number,
  userId: number,
): Promise<number | null> {
  const [row] = await ctx.db
    .select({ company_id: columnPresets.company_id })
    .from(columnPresets)
    .where(and(eq(columnPresets.id, id), visibleTo(userId)));
  return row?.company_id ?? null;
}

/** The rows as the contract's shape, with their owners' names, for `callerId` (whose are `mine`). */
function viewAll(rows: { preset: PresetRow; owner: string }[], callerId: number) {
  return rows.map(({ preset, owner }) => presetView(preset, { id: preset.user_id, name: owner }, callerId));
}

async function presetsWhere(ctx: AppContext, where: SQL | undefined) {
  return ctx.db
    .select({ preset: columnPresets, owner: users.name })
    .from(columnPresets)
    .innerJoin(users, eq(users.id, columnPresets.user_id))
    .where(where)
    .orderBy(asc(columnPresets.table_id), asc(columnPresets.name), asc(columnPresets.id));
}

export async function listPresets(
  ctx: AppContext,
  companyId: number,
  userId: number,
  table: string | undefined,
) {
  const rows = await presetsWhere(
    ctx,
    and(
      eq(columnPresets.company_id, companyId),
      visibleTo(userId),
      table ? eq(columnPresets.table_id, table) : undefined,
    ),
  );
  return viewAll(rows, userId);
}

export async function viewPreset(ctx: AppContext, companyId: number, userId: number, id: number) {
  const [row] = await presetsWhere(
    ctx,
    and(eq(columnPresets.id, id), eq(columnPresets.company_id, companyId), visibleTo(userId)),
  );
  if (!row) throw notFound('column set');
  const [view] = viewAll([row], userId);
  if (!view) throw notFound('column set');
  return view;
}

/** The caller's own preset to change: 404 when they cannot see it, 403 when it is someone else's shared one. */
async function ownPreset(ctx: AppContext, companyId: number, userId: number, id: number): Promise<PresetRow> {
  const [row] = await ctx.db
    .select()
    .from(columnPresets)
    .where(and(eq(columnPresets.id, id), eq(columnPresets.company_id, companyId), visibleTo(userId)));
  if (!row) throw notFound('column set');
  if (row.user_id !== userId) throw forbidden(PRESET_MESSAGES.notOwner);
  return row;
}

/** A name the person already uses for the table (any case) is refused on the name field. */
async function savingName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ name: [COLUMN_PRESET_MESSAGES.duplicateName] });
    throw error;
  }
}

export async function createPreset(
  ctx: AppContext,
  companyId: number,
  userId: number,
  input: { table: string; name: string; columns: string[]; shared: boolean },
) {
  const [kept] = await ctx.db
    .select({ n: count() })
    .from(columnPresets)
    .where(
      and(
        eq(columnPresets.company_id, companyId),
        eq(columnPresets.user_id, userId),
        eq(columnPresets.table_id, input.table),
      ),
    );
  if ((kept?.n ?? 0) >= FAVORITES_MAX) throw invalid({ name: [PRESET_MESSAGES.tooMany] });
  const now = ctx.now();
  const row = await savingName(async () => {
    const [made] = await ctx.db
      .insert(columnPresets)
      .values({
        company_id: companyId,
        user_id: userId,
        table_id: input.table,
        name: input.name,
        columns: input.columns,
        shared: input.shared,
        created_at: now,
        updated_at: now,
      })
      .returning();
    return made;
  });
  if (!row) throw notFound('column set');
  return viewPreset(ctx, companyId, userId, row.id);
}

export async function updatePreset(
  ctx: AppContext,
  companyId: number,
  userId: number,
  id: number,
  input: { name?: string | undefined; columns?: string[] | undefined; shared?: boolean | undefined },
) {
  const current = await ownPreset(ctx, companyId, userId, id);
  await savingName(() =>
    ctx.db
      .update(columnPresets)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.columns !== undefined ? { columns: input.columns } : {}),
        ...(input.shared !== undefined ? { shared: input.shared } : {}),
        updated_at: ctx.now(),
      })
      .where(eq(columnPresets.id, current.id)),
  );
  return viewPreset(ctx, companyId, userId, current.id);
}

export async function deletePreset(
  ctx: AppContext,
  companyId: number,
  userId: number,
  id: number,
): Promise<void> {
  const current = await ownPreset(ctx, companyId, userId, id);
  await ctx.db.delete(columnPresets).where(eq(columnPresets.id, current.id));
}
