/**
 * A company's monitors (`GET /companies/{id}/monitors`, `PUT …/monitors/{kind}`): every kind, on or off, with its
 * settings — the saved ones over MONITOR_DEFAULTS. A setting is refused per field (`settings.<name>`) when its
 * kind has no such setting or it is not a whole number in MONITOR_SETTING_RANGES. Turning one on arms the
 * company's evaluation job (./monitors/job.ts).
 */
import type { Monitor } from '@shared/api/alerts';
import { MONITOR_KINDS, MONITOR_SETTING_RANGES, type MonitorKind } from '@shared/domain/alerts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { monitors } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { invalid } from '../../lib/errors';
import { effectiveSettings } from './monitors/checks';
import { armMonitorEvaluation } from './monitors/job';

export type MonitorRow = typeof monitors.$inferSelect;

export const MONITOR_MESSAGES = {
  unknownSetting: (kind: MonitorKind) => `This monitor (${kind}) has no such setting.`,
  outOfRange: (min: number, max: number) => `Use a whole number from ${min} to ${max}.`,
} as const;

function monitorView(kind: MonitorKind, row: MonitorRow | undefined): Monitor {
  return {
    kind,
    enabled: row?.enabled ?? false,
    settings: effectiveSettings(kind, row?.settings),
    updated_at: row?.updated_at.toISOString() ?? null,
  };
}

export async function monitorRows(db: Db, companyId: number): Promise<MonitorRow[]> {
  return db.select().from(monitors).where(eq(monitors.company_id, companyId));
}

export async function listMonitors(ctx: AppContext, companyId: number): Promise<Monitor[]> {
  const rows = await monitorRows(ctx.db, companyId);
  return MONITOR_KINDS.map(({ value }) =>
    monitorView(
      value,
      rows.find((row) => row.kind === value),
    ),
  );
}

/** 422 per field for a setting the kind lacks or a value outside its range. */
export function checkSettings(kind: MonitorKind, settings: Record<string, number>): void {
  const ranges = MONITOR_SETTING_RANGES[kind];
  const errors: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(settings)) {
    const range = ranges[name];
    if (!range) errors[`settings.${name}`] = [MONITOR_MESSAGES.unknownSetting(kind)];
    else if (!Number.isInteger(value) || value < range.min || value > range.max)
      errors[`settings.${name}`] = [MONITOR_MESSAGES.outOfRange(range.min, range.max)];
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

export async function updateMonitor(
  ctx: AppContext,
  companyId: number,
  kind: MonitorKind,
  input: { enabled: boolean; settings: Record<string, number> },
): Promise<Monitor> {
  checkSettings(kind, input.settings);
  const now = ctx.now();
  // Only the kind's own settings are kept: what the PUT names over what was saved (a partial change keeps the rest).
  const [current] = await ctx.db
    .select()
    .from(monitors)
    .where(and(eq(monitors.company_id, companyId), eq(monitors.kind, kind)));
  const settings = { ...(current?.settings ?? {}), ...input.settings };
  const [row] = await ctx.db
    .insert(monitors)
    .values({
      company_id: companyId,
      kind,
      enabled: input.enabled,
      settings,
      created_at: now,
      updated_at: now,
    })
    .onConflictDoUpdate({
      target: [monitors.company_id, monitors.kind],
      set: { enabled: input.enabled, settings, updated_at: now },
    })
    .returning();
  if (input.enabled) await armMonitorEvaluation(ctx, companyId);
  return monitorView(kind, row);
}
