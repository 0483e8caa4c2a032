/**
 * What rung agents hear from the platform, on their private user channel (`in-app-calling`, InAppCallingEvent):
 * the ring with the caller's card, the end of their ring (and why), the connection, hold and transfer changes.
 * Both carriers publish these: with Twilio the Device rings by itself, and the card still comes from here.
 */
import type { IncomingCall } from '@shared/api/voice';
import { normalizePhone } from '@shared/domain/phone';
import { channels, EVENTS, type InAppCallingEvent } from '@shared/realtime';
import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { calls, contacts, conversations, numbers, users } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { AREA_CODES } from '../../lib/sandboxAreaCodes';
import type { CallRow } from './records';
import type { RoutedStep } from './session';

export async function tellAgent(ctx: AppContext, userId: number, event: InAppCallingEvent): Promise<void> {
  await ctx.realtime.publish(channels.users(userId), EVENTS.inAppCalling, event);
}

export async function tellAgents(
  ctx: AppContext,
  userIds: readonly number[],
  event: InAppCallingEvent,
): Promise<void> {
  await Promise.all([...new Set(userIds)].map((userId) => tellAgent(ctx, userId, event)));
}

/** A user's id and name (who answered, who transfers), or null. */
export async function personOf(
  ctx: AppContext,
  userId: number | null | undefined,
): Promise<{ id: number; name: string } | null> {
  if (!userId) return null;
  const [row] = await ctx.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** City and state of a North American number's area code, from the caller-ID sandbox's table. */
export function placeOfNumber(number: string): { city: string; state: string } | null {
  const e164 = normalizePhone(number);
  const area = e164?.startsWith('+1') ? e164.slice(2, 5) : null;
  const place = area ? AREA_CODES[area] : undefined;
  return place ? { city: place[0], state: place[1] } : null;
}

/** What a ring card says beyond the call row and the number: the caller's contact, their last call or text, who transfers. */
export interface CardFacts {
  contact: { id: number; name: string } | null;
  lastContactAt: Date | null;
  transferredBy: { id: number; name: string } | null;
}

/**
 * The ringing card: who is calling (contact, number, place), which line and why (label, source, first time or
 * when they last called or texted), the extension, and who transfers it. Reads what it needs (at once); a call
 * that just arrived has it all already and builds its card with `ringCard`.
 */
export async function incomingCall(
  ctx: AppContext,
  call: CallRow,
  routed: Pick<RoutedStep, 'number'>,
  extension: number | null,
  transferredBy: number | null = null,
): Promise<IncomingCall> {
  const [[contact], [previousCall], [thread], transferrer] = await Promise.all([
    call.contact_id
      ? ctx.db
          .select({ id: contacts.id, name: contacts.name })
          .from(contacts)
          .where(eq(contacts.id, call.contact_id))
      : [],
    ctx.db
      .select({ at: calls.started_at })
      .from(calls)
      .where(and(eq(calls.company_id, call.company_id), eq(calls.caller, call.caller), ne(calls.id, call.id)))
      .orderBy(desc(calls.started_at))
      .limit(1),
    ctx.db
      .select({ at: conversations.last_item_at })
      .from(conversations)
      .where(and(eq(conversations.company_id, call.company_id), eq(conversations.recipient, call.caller)))
      .orderBy(desc(conversations.last_item_at))
      .limit(1),
    personOf(ctx, transferredBy),
  ]);
  const lastContactAt = [previousCall?.at, thread?.at]
    .filter((at): at is Date => at instanceof Date)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  return ringCard(ctx, call, routed, extension, {
    contact: contact ?? null,
    lastContactAt: lastContactAt ?? null,
    transferredBy: transferrer,
  });
}

/** The ringing card of `call` from what is known of it (`incomingCall` reads the facts; a new call has them). */
export function ringCard(
  ctx: AppContext,
  call: CallRow,
  routed: Pick<RoutedStep, 'number'>,
  extension: number | null,
  facts: CardFacts,
): IncomingCall {
  const route = routed.number.routes.find((r) => (r.extension ?? 1) === extension);
  const place = placeOfNumber(call.caller);
  return {
    call_id: call.id,
    company_id: call.company_id,
    from: call.caller,
    contact: facts.contact,
    city: place?.city ?? null,
    state: place?.state ?? null,
    number: { id: routed.number.id, number: routed.number.number, label: routed.number.label },
    source: call.source,
    first_time: call.first_time,
    last_contact_at: facts.lastContactAt?.toISOString() ?? null,
    extension:
      extension === null
        ? null
        : {
            key: extensionKey(extension),
            label: route?.label?.trim() || `Extension ${extensionKey(extension)}`,
          },
    transferred_by: facts.transferredBy,
    join_token: call.live?.join_token ?? '',
    ringing_since: ctx.now().toISOString(),
  };
}

/** §3 "Extension key choices: * (65535), # (65534)". */
export function extensionKey(extension: number): string {
  if (extension === 65535) return '*';
  if (extension === 65534) return '#';
  return String(extension);
}

/** The number's card parts (label, extensions) for a ring routing did not just decide (a transfer, a catch-up). */
export async function numberCardOf(ctx: AppContext, call: CallRow): Promise<Pick<RoutedStep, 'number'>> {
  const [row] =
    call.number_id === null
      ? []
      : await ctx.db
          .select({ label: numbers.label, routes: numbers.routes })
          .from(numbers)
          .where(eq(numbers.id, call.number_id));
  return {
    number: {
      id: call.number_id ?? 0,
      number: call.called,
      label: row?.label ?? '',
      routes: row?.routes.map((r) => ({ extension: r.extension ?? null, label: r.label })) ?? [],
    },
  };
}

/**
 * The calls ringing `userId` in the company now (their ring cards), for a softphone catching up after it
 * (re)connected: ringing them and not declined, or a warm transfer ringing them.
 */
export async function ringingFor(
  ctx: AppContext,
  companyId: number,
  userId: number,
): Promise<IncomingCall[]> {
  const rows = await ctx.db
    .select()
    .from(calls)
    .where(
      and(
        eq(calls.company_id, companyId),
        isNotNull(calls.live),
        sql`${calls.live}->'ringing' @> ${JSON.stringify([userId])}::jsonb`,
      ),
    );
  const cards: IncomingCall[] = [];
  for (const call of rows) {
    const live = call.live;
    if (!live || live.declined.includes(userId)) continue;
    const warm = live.transfer?.kind === 'warm' && live.transfer.state === 'ringing';
    if (live.phase !== 'ringing' && !warm) continue;
    const card = await incomingCall(
      ctx,
      call,
      await numberCardOf(ctx, call),
      call.extension,
      live.transfer?.from_user_id ?? null,
    );
    cards.push(card);
  }
  return cards;
}
