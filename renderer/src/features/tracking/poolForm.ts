/**
 * The pool form's model (§7 "Tracking pools and DNI"): the values the form holds (select inputs hold strings),
 * a pool as those values, the values as the contract's body, the form's own check (the contract's schema, its
 * messages placed on the form's fields) and which of the company's numbers a pool may take — none that another
 * pool holds (the server refuses those with a 409) and not the pool's own fallback.
 */

import type { CustomValueInput } from '@shared/api/contacts';
import { type DniPool, type DniPoolDetail, type DniPoolInput, DniPoolInputSchema } from '@shared/api/dni';
import type { TrackedNumber } from '@shared/api/numbers';
import {
  DNI_COOLDOWN_MINUTES,
  DNI_LEASE_MINUTES,
  type DniPoolType,
  poolUtilisation,
} from '@shared/domain/dni';
import { formatPhone } from '@shared/domain/phone';

export interface PoolNumberValue {
  number_id: number;
  /** A static pool's number serves one source (its id as text, for the select); null until chosen. */
  source_id: string | null;
}

export interface PoolFormValues {
  name: string;
  type: DniPoolType;
  source_ids: string[];
  numbers: PoolNumberValue[];
  /** The website's own numbers, as typed (the contract normalises them). */
  target_numbers: string[];
  lease_minutes: number;
  cooldown_minutes: number;
  fallback_number_id: string | null;
  /** §3 custom fields of tracking pools (entity type 3). */
  eavAttributeValues: CustomValueInput[];
}

export const NEW_POOL: PoolFormValues = Object.freeze({
  name: '',
  type: 'session',
  source_ids: [],
  numbers: [],
  target_numbers: [],
  lease_minutes: DNI_LEASE_MINUTES.default,
  cooldown_minutes: DNI_COOLDOWN_MINUTES.default,
  fallback_number_id: null,
  eavAttributeValues: [],
}) as PoolFormValues;

const idText = (id: number | null | undefined) => (id ? String(id) : null);

/** A pool as the form shows it; a new pool's defaults without one. */
export function poolValues(pool: DniPool | DniPoolDetail | null): PoolFormValues {
  if (!pool) return { ...NEW_POOL, source_ids: [], numbers: [], target_numbers: [], eavAttributeValues: [] };
  return {
    name: pool.name,
    type: pool.type,
    source_ids: pool.sources.map((source) => String(source.id)),
    numbers: pool.numbers.map((number) => ({ number_id: number.id, source_id: idText(number.source?.id) })),
    target_numbers: pool.target_numbers.map((number) => formatPhone(number)),
    lease_minutes: pool.lease_minutes,
    cooldown_minutes: pool.cooldown_minutes,
    fallback_number_id: idText(pool.fallback_number?.id),
    eavAttributeValues: pool.eavAttributeValues.map((entry) => ({ ...entry })),
  };
}

/**
 * What the form sends. A static pool has no pool-wide sources (each number names its own), a session pool no
 * per-number sources: the other type's choices, left from before the type was changed, are not sent.
 */
export function poolBody(values: PoolFormValues): DniPoolInput {
  const session = values.type === 'session';
  return {
    name: values.name,
    type: values.type,
    source_ids: session ? values.source_ids.map(Number) : [],
    numbers: values.numbers.map((entry) => ({
      number_id: entry.number_id,
      source_id: !session && entry.source_id ? Number(entry.source_id) : null,
    })),
    target_numbers: values.target_numbers,
    lease_minutes: values.lease_minutes,
    cooldown_minutes: values.cooldown_minutes,
    fallback_number_id: values.fallback_number_id ? Number(values.fallback_number_id) : null,
    eavAttributeValues: values.eavAttributeValues,
  };
}

/** The fields the form shows a message beside, once placed (`placePoolMessage`); others go on the whole form. */
export function isPoolField(field: string): boolean {
  return (
    /^(name|type|source_ids|numbers|target_numbers|lease_minutes|cooldown_minutes|fallback_number_id)$/.test(
      field,
    ) || /^numbers\.\d+\.source_id$/.test(field)
  );
}

/**
 * Where a message shows on the form: a website number's own message goes on the website numbers' field (one
 * input holds them all) and a pool number's on the numbers picker, each naming its number; a static pool's
 * per-number source beside that number; the others where the schema puts them.
 */
export function placePoolMessage(
  path: readonly PropertyKey[],
  message: string,
  values: PoolFormValues,
  nameOfNumber: (id: number) => string = (id) => `#${id}`,
): { field: string; message: string } {
  const [head, index, leaf] = path;
  if (head === 'target_numbers' && typeof index === 'number') {
    const typed = values.target_numbers[index];
    return { field: 'target_numbers', message: typed ? `${typed}: ${message}` : message };
  }
  if (head === 'numbers' && typeof index === 'number' && leaf === 'number_id') {
    const entry = values.numbers[index];
    return { field: 'numbers', message: entry ? `${nameOfNumber(entry.number_id)}: ${message}` : message };
  }
  return { field: path.map(String).join('.') || 'name', message };
}

/** A 422's field name (`numbers.2.number_id`) as a path (`['numbers', 2, 'number_id']`). */
export function pathOf(field: string): PropertyKey[] {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** The contract's check of the form, each message placed on its field (the first one per field). */
export function poolProblems(
  values: PoolFormValues,
  nameOfNumber?: (id: number) => string,
): Record<string, string> {
  const parsed = DniPoolInputSchema.safeParse(poolBody(values));
  const problems: Record<string, string> = {};
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const { field, message } = placePoolMessage(issue.path, issue.message, values, nameOfNumber);
    problems[field] ??= message;
  }
  return problems;
}

/**
 * The numbers this pool may hold: every number of the company that no other pool holds (as a pool number or as
 * its fallback, which must stay free for its visitors), nor this pool's own fallback, nor a number being
 * released. The pool's own numbers stay choosable whatever their state, so an edit never drops one silently.
 */
export function choosableNumbers(
  numbers: readonly TrackedNumber[],
  pools: readonly DniPool[],
  values: Pick<PoolFormValues, 'fallback_number_id' | 'numbers'>,
  poolId: number | null,
): TrackedNumber[] {
  const taken = new Set<number>();
  for (const pool of pools) {
    if (pool.id === poolId) continue;
    for (const number of pool.numbers) taken.add(number.id);
    if (pool.fallback_number) taken.add(pool.fallback_number.id);
  }
  const own = new Set(values.numbers.map((entry) => entry.number_id));
  const fallback = values.fallback_number_id ? Number(values.fallback_number_id) : null;
  return numbers.filter(
    (number) =>
      own.has(number.id) || (!taken.has(number.id) && number.id !== fallback && number.status === 'active'),
  );
}

/** The pool each number of the company is in, by number id (to say why a number cannot be chosen). */
export function poolOfNumber(pools: readonly DniPool[]): Map<number, string> {
  const found = new Map<number, string>();
  for (const pool of pools) for (const number of pool.numbers) found.set(number.id, pool.name);
  return found;
}

/** "Main line · (312) 555-0100", or the number alone. */
export function numberLabel(number: { number: string; label: string | null }): string {
  return number.label ? `${number.label} · ${formatPhone(number.number)}` : formatPhone(number.number);
}

/**
 * The numbers after the picker changed: numbers kept keep their source, new ones start without one (a static
 * pool's number is given its source beside it), in the order picked.
 */
export function pickNumbers(
  current: readonly PoolNumberValue[],
  picked: readonly string[],
): PoolNumberValue[] {
  const byId = new Map(current.map((entry) => [entry.number_id, entry]));
  return picked.map((id) => byId.get(Number(id)) ?? { number_id: Number(id), source_id: null });
}

/** The busiest share of a pool's numbers in use over 30 days, as people read it ("75%"); "—" for no numbers. */
export function peakShare(pool: Pick<DniPool, 'peak_sessions_30d' | 'numbers'>): string {
  if (pool.numbers.length === 0) return '—';
  return `${Math.round(poolUtilisation(pool.peak_sessions_30d, pool.numbers.length) * 100)}%`;
}

/**
 * The numbers a pool may fall back on: any active number of the company outside this pool and not lent out by
 * another pool (a number another pool lends to its visitors would attribute this pool's calls to them). Several
 * pools may share a fallback, typically the main line.
 */
export function fallbackChoices(
  numbers: readonly TrackedNumber[],
  pools: readonly DniPool[],
  values: Pick<PoolFormValues, 'fallback_number_id' | 'numbers'>,
  poolId: number | null,
): TrackedNumber[] {
  const lent = new Set<number>();
  for (const pool of pools) {
    if (pool.id === poolId) continue;
    for (const number of pool.numbers) lent.add(number.id);
  }
  const own = new Set(values.numbers.map((entry) => entry.number_id));
  const current = values.fallback_number_id ? Number(values.fallback_number_id) : null;
  return numbers.filter(
    (number) =>
      number.id === current || (!own.has(number.id) && !lent.has(number.id) && number.status === 'active'),
  );
}
