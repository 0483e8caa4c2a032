/**
 * A number's stored configuration, its company's schedule (or its own) and the company's blocks that apply to
 * it, as the routing engine reads them (`RoutingInput['number' | 'schedule' | 'blocks']`, routing/types.ts).
 * The Twilio webhooks and the sandbox carrier call this, then add the agents, the caller and the step.
 */
import type { StoredGreeting } from '@shared/api/numbers';
import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { blocks, numbers } from '../../../../db/schema';
import type { GreetingRef, RoutingInput } from '../../../../routing/types';
import { companySchedule } from './schedule';

export type RoutingConfig = Pick<RoutingInput, 'number' | 'schedule' | 'blocks'>;

export interface RoutingConfigOptions {
  /** Resolves a stored reference to a company greeting (§7 Greetings) into what a call plays. */
  resolveGreeting?: (greetingId: number) => Promise<GreetingRef | null>;
}

async function greetingRef(
  stored: StoredGreeting | null | undefined,
  options: RoutingConfigOptions,
): Promise<GreetingRef | null> {
  if (!stored) return null;
  if (stored.greeting_id != null && options.resolveGreeting) {
    const resolved = await options.resolveGreeting(stored.greeting_id);
    if (resolved) return resolved;
  }
  const audioUrl = stored.audio_url?.trim() || null;
  const text = stored.text?.trim() || null;
  return audioUrl || text ? { audioUrl, text } : null;
}

/**
 * The engine's input parts for the number `numberId` (null: no such number). The schedule is the number's own
 * when it has one, else its company's (the default 24/7 in UTC when the company has none); blocks are the
 * company's global ones and those on this number.
 */
export async function routingConfigOf(
  db: Db,
  numberId: number,
  options: RoutingConfigOptions = {},
): Promise<RoutingConfig | null> {
  const [row] = await db.select().from(numbers).where(eq(numbers.id, numberId));
  return row ? routingConfigOfRow(db, row, options) : null;
}

/**
 * The same for a number row already read (a call's webhook finds it by the number called). The company's
 * schedule, the blocks and the greetings are read at once: none of them waits on another.
 */
export async function routingConfigOfRow(
  db: Db,
  row: typeof numbers.$inferSelect,
  options: RoutingConfigOptions = {},
): Promise<RoutingConfig> {
  const [stored, blockRows, routes, greeting, voicemailGreeting] = await Promise.all([
    row.schedule ?? companySchedule(db, row.company_id),
    db
      .select({ target: blocks.target, global: blocks.global, number_id: blocks.number_id })
      .from(blocks)
      .where(
        and(
          eq(blocks.company_id, row.company_id),
          or(eq(blocks.global, true), isNull(blocks.number_id), eq(blocks.number_id, row.id)),
        ),
      )
      .orderBy(desc(blocks.id)),
    Promise.all(
      row.routes.map(async ({ voicemail_greeting, forwards, members, ...route }) => ({
        ...route,
        round_robin: route.round_robin,
        forwards: forwards.map((forward) => ({ number: forward.number, state: forward.state ?? null })),
        members: [...members],
        voicemail_greeting: await greetingRef(voicemail_greeting, options),
      })),
    ),
    greetingRef(row.greeting, options),
    greetingRef(row.voicemail.greeting, options),
  ]);
  const { voicemail, blocks: scheduleBlocks, ...settings } = stored;
  return {
    number: {
      id: row.id,
      number: row.number,
      routes,
      greeting,
      menu: {
        ...(row.menu.timeout !== undefined ? { timeout: row.menu.timeout } : {}),
        ...(row.menu.retries !== undefined ? { retries: row.menu.retries } : {}),
        ...(row.menu.default_extension !== undefined
          ? { default_extension: row.menu.default_extension }
          : {}),
      },
      after_hours_extension: row.after_hours_extension,
      voicemail: {
        greeting: voicemailGreeting,
        email_alert_address: row.voicemail.email_alert_address,
      },
      recording_enabled: row.recording_enabled,
      call_transcription_enabled: row.call_transcription_enabled,
    },
    schedule: {
      ...settings,
      voicemail,
      blocks: scheduleBlocks.map(({ days, start, end, timezone }) => ({
        days,
        start,
        end,
        timezone: timezone ?? null,
      })),
    },
    blocks: blockRows,
  };
}
