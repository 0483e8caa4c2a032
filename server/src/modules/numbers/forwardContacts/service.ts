/**
 * A company's forwarding numbers (§7 `forward-contacts`): listed by name, searched, added and changed with the
 * number unique in the company (422 on `number` naming the entry that has it), removed only when no route forwards
 * to it (409 naming each route). Usage is read from the numbers' routes (routing.ts), never stored.
 */
import type { ForwardContact, ForwardContactStats, ForwardUsage } from '@shared/api/forwardContacts';
import { FORWARD_CONTACT_IN_USE_FIELD } from '@shared/api/forwardContacts';
import type { Paged } from '@shared/api/paged';
import { pageOffset, toPage } from '@shared/api/paged';
import { extensionKeyLabel } from '@shared/domain/extensions';
import {
  duplicateForwardNumberMessage,
  forwardUsageCounts,
  forwardUsages,
} from '@shared/domain/forwardContacts';
import { formatPhone, phoneSearchDigits } from '@shared/domain/phone';
import { and, asc, count, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import { companyOfRow } from '../../../db/companyOf';
import { forwardContacts } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { conflict, invalid, notFound } from '../../../lib/errors';
import { likePattern } from '../../companies/service';
import { isUniqueViolation } from '../../contacts/service/checks';
import { companyRouting } from './routing';
import { type ForwardContactRow, forwardContactView } from './view';

/** What is saved of an entry (the contract's input, read: E.164 number, derived international flag). */
export interface ForwardContactEntry {
  name: string;
  number: string;
  usingIntNumber: boolean;
  note: string;
}

export interface ForwardContactListOptions {
  page: number;
  perPage: number;
  search?: string | undefined;
  /** E.164: the one entry with this number. */
  number?: string | undefined;
}

/** The search over name, note and number: phone-like text also matches the number's digits. */
function entrySearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const digits = phoneSearchDigits(search);
  return or(
    ilike(forwardContacts.name, likePattern(search)),
    ilike(forwardContacts.note, likePattern(search)),
    ilike(forwardContacts.number, likePattern(search)),
    // Fewer than three digits would match nearly every number.
    digits && digits.length >= 3 ? ilike(forwardContacts.number, likePattern(digits)) : undefined,
  );
}

/** How many routes forward to each number, for the company. */
async function usageCounts(ctx: AppContext, companyId: number): Promise<Map<string, number>> {
  return forwardUsageCounts(await companyRouting(ctx, companyId));
}

/** One page of the company's entries by name, each with how many routes forward to it. */
export async function listForwardContacts(
  ctx: AppContext,
  companyId: number,
  options: ForwardContactListOptions,
): Promise<Paged<ForwardContact>> {
  const where = and(
    eq(forwardContacts.company_id, companyId),
    entrySearch(options.search),
    options.number ? eq(forwardContacts.number, options.number) : undefined,
  );
  const rows = await ctx.db
    .select()
    .from(forwardContacts)
    .where(where)
    .orderBy(sql`lower(${forwardContacts.name})`, asc(forwardContacts.id))
    .limit(options.perPage)
    .offset(pageOffset(options.page, options.perPage));
  const [total] = await ctx.db.select({ total: count() }).from(forwardContacts).where(where);
  const counts = rows.length ? await usageCounts(ctx, companyId) : new Map<string, number>();
  return toPage(
    rows.map((row) => forwardContactView(row, counts.get(row.number) ?? 0)),
    total?.total ?? 0,
    options.page,
    options.perPage,
  );
}

/** The company an entry belongs to, or null when there is none. */
export function companyOfForwardContact(ctx: AppContext, id: number): Promise<number | null> {
  return companyOfRow(ctx.db, forwardContacts, id);
}

async function findEntry(ctx: AppContext, companyId: number, id: number): Promise<ForwardContactRow> {
  const [row] = await ctx.db
    .select()
    .from(forwardContacts)
    .where(and(eq(forwardContacts.id, id), eq(forwardContacts.company_id, companyId)));
  if (!row) throw notFound('forwarding number');
  return row;
}

/** 422 on `number` when another entry of the company has it already. */
async function refuseDuplicate(
  ctx: AppContext,
  companyId: number,
  number: string,
  exceptId?: number,
): Promise<void> {
  const [other] = await ctx.db
    .select({ name: forwardContacts.name })
    .from(forwardContacts)
    .where(
      and(
        eq(forwardContacts.company_id, companyId),
        eq(forwardContacts.number, number),
        exceptId === undefined ? undefined : ne(forwardContacts.id, exceptId),
      ),
    );
  if (other) throw invalid({ number: [duplicateForwardNumberMessage(other.name)] });
}

/** A unique violation on (company, number) lost a race with another save: the same 422 as found beforehand. */
async function onDuplicate(
  ctx: AppContext,
  companyId: number,
  number: string,
  error: unknown,
): Promise<never> {
  if (isUniqueViolation(error)) await refuseDuplicate(ctx, companyId, number);
  throw error;
}

export async function addForwardContact(
  ctx: AppContext,
  companyId: number,
  userId: number,
  entry: ForwardContactEntry,
): Promise<ForwardContact> {
  await refuseDuplicate(ctx, companyId, entry.number);
  const [row] = await ctx.db
    .insert(forwardContacts)
    .values({
      company_id: companyId,
      name: entry.name,
      number: entry.number,
      using_int_number: entry.usingIntNumber,
      note: entry.note,
      created_by: userId,
    })
    .returning()
    .catch((error: unknown) => onDuplicate(ctx, companyId, entry.number, error));
  if (!row) throw new Error('The forwarding number was not stored.');
  return forwardContactView(row, (await usageCounts(ctx, companyId)).get(row.number) ?? 0);
}

/** Each route forwarding to `number`, in words: "Main line (312) 555-0100, extension 1 “Sales”". */
function usageLines(usages: readonly ForwardUsage[]): string[] {
  return usages.map((usage) => {
    const phone = formatPhone(usage.number);
    const number = usage.number_label ? `${usage.number_label} ${phone}` : phone;
    const label = usage.label ? ` “${usage.label}”` : '';
    return `${number}, extension ${extensionKeyLabel(usage.extension)}${label}`;
  });
}

function routesWord(count: number): string {
  return count === 1 ? '1 route' : `${count} routes`;
}

/**
 * Changes an entry (the whole of it). Its number may change only while no route forwards to it: routes store the
 * number itself, so changing it here would leave them ringing the old one (409 naming them).
 */
export async function updateForwardContact(
  ctx: AppContext,
  companyId: number,
  id: number,
  entry: ForwardContactEntry,
): Promise<ForwardContact> {
  const current = await findEntry(ctx, companyId, id);
  if (entry.number !== current.number) {
    const usages = await usagesOf(ctx, companyId, current.number);
    if (usages.length) {
      throw conflict(
        `${routesWord(usages.length)} forward${usages.length === 1 ? 's' : ''} to ${formatPhone(current.number)}: change ${usages.length === 1 ? 'that route' : 'those routes'} first, or add the new number as another forwarding number.`,
        { [FORWARD_CONTACT_IN_USE_FIELD]: usageLines(usages) },
      );
    }
    await refuseDuplicate(ctx, companyId, entry.number, id);
  }
  const [row] = await ctx.db
    .update(forwardContacts)
    .set({
      name: entry.name,
      number: entry.number,
      using_int_number: entry.usingIntNumber,
      note: entry.note,
      updated_at: new Date(),
    })
    .where(and(eq(forwardContacts.id, id), eq(forwardContacts.company_id, companyId)))
    .returning()
    .catch((error: unknown) => onDuplicate(ctx, companyId, entry.number, error));
  if (!row) throw notFound('forwarding number');
  return forwardContactView(row, (await usageCounts(ctx, companyId)).get(row.number) ?? 0);
}

async function usagesOf(ctx: AppContext, companyId: number, number: string): Promise<ForwardUsage[]> {
  return forwardUsages(await companyRouting(ctx, companyId), number) as ForwardUsage[];
}

/**
 * Removes an entry no route forwards to. One that routes still use is refused (409) with each route named, so the
 * list never loses a number calls still go to.
 */
export async function removeForwardContact(ctx: AppContext, companyId: number, id: number): Promise<void> {
  const current = await findEntry(ctx, companyId, id);
  const usages = await usagesOf(ctx, companyId, current.number);
  if (usages.length) {
    throw conflict(
      `“${current.name}” is still forwarded to by ${routesWord(usages.length)}. Change ${usages.length === 1 ? 'that route' : 'those routes'} to forward elsewhere first, then remove it.`,
      { [FORWARD_CONTACT_IN_USE_FIELD]: usageLines(usages) },
    );
  }
  await ctx.db
    .delete(forwardContacts)
    .where(and(eq(forwardContacts.id, id), eq(forwardContacts.company_id, companyId)));
}

/** An entry and the routes forwarding to it. */
export async function forwardContactUsage(
  ctx: AppContext,
  companyId: number,
  id: number,
): Promise<{ forward_contact: ForwardContact; data: ForwardUsage[] }> {
  const row = await findEntry(ctx, companyId, id);
  const usages = await usagesOf(ctx, companyId, row.number);
  return { forward_contact: forwardContactView(row, usages.length), data: usages };
}

/** How many entries, how many a route forwards to, how many none. */
export async function forwardContactStats(ctx: AppContext, companyId: number): Promise<ForwardContactStats> {
  const rows = await ctx.db
    .select({ number: forwardContacts.number })
    .from(forwardContacts)
    .where(eq(forwardContacts.company_id, companyId));
  const counts = rows.length ? await usageCounts(ctx, companyId) : new Map<string, number>();
  const used = rows.filter((row) => (counts.get(row.number) ?? 0) > 0).length;
  return { total: rows.length, used, unused: rows.length - used };
}
