/**
 * Ids in a body that name a record of the company (`reference(kind)` in the contract, shared/api/contract.ts) are
 * checked here, all of them, before the handler runs: each must name an existing record of the caller's company,
 * else 422 naming the field. One mechanism for every route, so a new field marked as a reference is checked with
 * no code of its own, and a body can never point at another company's greeting, number or user.
 *
 * Ids that only select what to act on (a bulk action's `ids`, a filter's labels) are not references: the queries
 * they feed are narrowed to the company, so another company's id there simply matches nothing.
 */
import { type ReferenceKind, references } from '@shared/api/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  contactGroups,
  contactLabels,
  contacts,
  conversations,
  dniSources,
  greetings,
  memberships,
  numbers,
  numberTriggers,
} from '../db/schema';
import { defOf } from '../lib/zodDef';
import type { AppContext } from './context';

interface Found {
  kind: ReferenceKind;
  id: number;
  path: string;
}

/** The schemas directly inside `schema`, each with how to reach its part of a value. */
function children(schema: z.ZodType): z.ZodType[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.values(def.shape ?? {});
    case 'array':
      return def.element ? [def.element] : [];
    case 'pipe':
      return [def.in, def.out].filter((part): part is z.ZodType => !!part);
    case 'union':
      return def.options ?? [];
    case 'intersection':
      return [def.left, def.right].filter((part): part is z.ZodType => !!part);
    case 'lazy':
      return def.getter ? [def.getter()] : [];
    case 'record':
      return def.valueType ? [def.valueType] : [];
    case 'tuple':
      return [...(def.items ?? []), ...(def.rest ? [def.rest] : [])];
    default:
      return def.innerType ? [def.innerType] : [];
  }
}

const holdsReference = new WeakMap<z.ZodType, boolean>();

/** Whether any part of `schema` is a reference (remembered per schema: routes ask once per request). */
export function hasReferences(schema: z.ZodType, visiting = new Set<z.ZodType>()): boolean {
  const known = holdsReference.get(schema);
  if (known !== undefined) return known;
  if (visiting.has(schema)) return false;
  visiting.add(schema);
  const result = references.has(schema) || children(schema).some((child) => hasReferences(child, visiting));
  holdsReference.set(schema, result);
  return result;
}

/** Every reference in a parsed value, with its dotted path. */
function collect(schema: z.ZodType, value: unknown, path: string, found: Found[]): void {
  if (value === undefined || value === null || !hasReferences(schema)) return;
  const meta = references.get(schema);
  if (meta) {
    if (typeof value === 'number') found.push({ kind: meta.kind, id: value, path });
    return;
  }
  const def = defOf(schema);
  const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
  switch (def.type) {
    case 'object':
      if (typeof value === 'object')
        for (const [key, child] of Object.entries(def.shape ?? {}))
          collect(child, (value as Record<string, unknown>)[key], at(key), found);
      return;
    case 'array':
      if (Array.isArray(value) && def.element)
        for (const [index, item] of value.entries()) collect(def.element, item, at(index), found);
      return;
    case 'tuple':
      if (Array.isArray(value))
        for (const [index, item] of value.entries()) {
          const child = def.items?.[index] ?? def.rest;
          if (child) collect(child, item, at(index), found);
        }
      return;
    case 'record':
      if (typeof value === 'object' && def.valueType)
        for (const [key, item] of Object.entries(value as Record<string, unknown>))
          collect(def.valueType, item, at(key), found);
      return;
    case 'union': {
      // The value is already parsed: the option it matches is the one that (still) accepts it.
      const option = (def.options ?? []).find((candidate) => candidate.safeParse(value).success);
      if (option) collect(option, value, path, found);
      return;
    }
    case 'pipe':
      // The value is the pipe's output; a transform's output has no schema to walk, so read its input's.
      if (def.out && defOf(def.out).type !== 'transform') collect(def.out, value, path, found);
      else if (def.in) collect(def.in, value, path, found);
      return;
    default:
      for (const child of children(schema)) collect(child, value, path, found);
  }
}

/** For each kind: the ids among `ids` that name a record of the company. */
type Lookup = (ctx: AppContext, companyId: number, ids: number[]) => Promise<number[]>;

function inCompany(table: PgTable & { id: PgColumn; company_id: PgColumn }): Lookup {
  return async (ctx, companyId, ids) =>
    (
      await ctx.db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.company_id, companyId), inArray(table.id, ids)))
    ).map((row) => row.id as number);
}

/** How each kind is looked up, and what a field naming none of the company's records is told. */
const LOOKUPS: Record<ReferenceKind, { lookup: Lookup; missing: (id: number) => string }> = {
  contact: { lookup: inCompany(contacts), missing: () => 'Choose a contact of this company.' },
  conversation: { lookup: inCompany(conversations), missing: () => 'Choose a conversation of this company.' },
  greeting: { lookup: inCompany(greetings), missing: () => 'Choose a greeting of this company.' },
  group: { lookup: inCompany(contactGroups), missing: () => 'Choose a group of this company.' },
  label: { lookup: inCompany(contactLabels), missing: () => 'Choose a label of this company.' },
  member: {
    lookup: async (ctx, companyId, ids) =>
      (
        await ctx.db
          .select({ id: memberships.user_id })
          .from(memberships)
          .where(
            and(
              eq(memberships.company_id, companyId),
              inArray(memberships.user_id, ids),
              ne(memberships.role, 'deactivated'),
            ),
          )
      ).map((row) => row.id),
    missing: (id) => `User ${id} is not a member of this company.`,
  },
  dniSource: { lookup: inCompany(dniSources), missing: () => 'This is not a source of this company.' },
  number: { lookup: inCompany(numbers), missing: () => 'This is not a number of this company.' },
  trigger: {
    lookup: inCompany(numberTriggers),
    missing: (id) => `Trigger ${id} is not one of this company’s.`,
  },
};

/**
 * The fields of `value` (parsed by `schema`) whose reference names no record of the company, with their messages;
 * empty when every reference is the company's. One query per kind present.
 */
export async function foreignReferences(
  ctx: AppContext,
  companyId: number,
  schema: z.ZodType,
  value: unknown,
): Promise<Record<string, string[]>> {
  if (!hasReferences(schema)) return {};
  const found: Found[] = [];
  collect(schema, value, '', found);
  const errors: Record<string, string[]> = {};
  const kinds = [...new Set(found.map((reference) => reference.kind))];
  for (const kind of kinds) {
    const wanted = found.filter((reference) => reference.kind === kind);
    const ids = [...new Set(wanted.map((reference) => reference.id))];
    const existing = new Set(await LOOKUPS[kind].lookup(ctx, companyId, ids));
    for (const reference of wanted) {
      if (!existing.has(reference.id)) errors[reference.path] = [LOOKUPS[kind].missing(reference.id)];
    }
  }
  return errors;
}
