/**
 * Each sending number's pace, shared by every campaign and every server: a leaky bucket kept in the database
 * (`campaign_pacing`, one row per number). Taking a slot is one statement: the next free send time moves on by
 * one interval (1 / texts a second), and the day's count grows — unless the number's daily cap is reached,
 * when no slot is given and the caller waits for the day window to end.
 */
import { type SendingPace, sendingPace } from '@shared/domain/campaignSending';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../http/context';

const DAY_MS = 86_400_000;

export type Slot = { at: Date } | { capped: true; reopensAt: Date };

/** The pace of a number of this §3 type on this server (configuration over the defaults). */
export function paceOf(ctx: AppContext, numberType: number): SendingPace {
  return sendingPace(numberType, ctx.config.campaigns.pace);
}

/**
 * Takes the number's next send slot: `at` is when this send may go (now, or later when the number is busy);
 * `capped` when its daily cap is reached, with when the day window ends.
 */
export async function takeSlot(
  ctx: AppContext,
  number: { id: number; type: number },
  pace: SendingPace,
): Promise<Slot> {
  const now = ctx.now();
  const intervalMs = Math.ceil(1000 / pace.perSecond);
  const dayStart = new Date(now.getTime() - DAY_MS);
  const cap = pace.perDay ?? 2_147_483_647;
  // A new number starts its day now; a day window older than 24 hours starts again with this send.
  const result = await ctx.db.execute(sql`
    insert into campaign_pacing as p (number_id, next_slot_at, day_started_at, day_count, number_type)
    values (${number.id}, ${new Date(now.getTime() + intervalMs)}, ${now}, 1, ${number.type})
    on conflict (number_id) do update set
      day_started_at = case when p.day_started_at <= ${dayStart} then ${now}::timestamptz else p.day_started_at end,
      day_count = case when p.day_started_at <= ${dayStart} then 1 else p.day_count + 1 end,
      next_slot_at = greatest(p.next_slot_at, ${now}::timestamptz) + ${`${intervalMs} milliseconds`}::interval,
      number_type = excluded.number_type
    where p.day_started_at <= ${dayStart} or p.day_count < ${cap}
    returning next_slot_at`);
  const row = (result as unknown as { rows: { next_slot_at: Date | string }[] }).rows[0];
  if (row) return { at: new Date(new Date(row.next_slot_at).getTime() - intervalMs) };
  const reopen = await ctx.db.execute(
    sql`select day_started_at from campaign_pacing where number_id = ${number.id}`,
  );
  const started = (reopen as unknown as { rows: { day_started_at: Date | string }[] }).rows[0]
    ?.day_started_at;
  return { capped: true, reopensAt: new Date(new Date(started ?? now).getTime() + DAY_MS) };
}
