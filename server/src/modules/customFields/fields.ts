/**
 * Custom fields (EAV attributes) of a company: listing, creating, changing and deleting them with their choices,
 * and what records carry (usage counts, overrides of the default). Values themselves go through `values.ts`.
 *
 * Rules (the contract's summaries in shared/api/customFields.ts say the same to API users):
 * - `key` is the slug of the name (`Lead score` → `lead_score`), recomputed when the name changes, unique per
 *   company and entity type: a name whose key is taken is refused (422 on `name`).
 * - An enum needs at least one choice, and its choice values are unique (ignoring case).
 * - Choices sent with their id are kept (renaming one renames the values that use it); choices left out are
 *   deleted, and so are the values that used them; choices without an id are created.
 * - The data type cannot change once any record carries a value of the field (422 on `data_type`).
 * - The default value is checked like any value of the field, and stored normalised.
 */
import type { CustomField, CustomFieldInputSchema } from '@shared/api/customFields';
import { pageOffset } from '@shared/api/paged';
import {
  type CustomFieldDataType,
  type CustomValue,
  checkCustomValue,
  ENTITY_TYPES,
} from '@shared/domain/customFields';
import { normalizePhone } from '@shared/domain/phone';
import { and, asc, count, countDistinct, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  companies,
  contacts,
  eavAttributes,
  eavChoices,
  eavValues,
  memberships,
  organizations,
  users,
} from '../../db/schema';
import { invalid, notFound } from '../../lib/errors';
import { choicesOf } from './values';

type Input = z.output<typeof CustomFieldInputSchema>;
type AttributeRow = typeof eavAttributes.$inferSelect;
type ChoiceRow = typeof eavChoices.$inferSelect;

/** `Lead score` → `lead_score`; letters of any script are kept, accents dropped, the rest becomes `_`. */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 100);
}

function view(row: AttributeRow, choices: readonly ChoiceRow[]): CustomField {
  return {
    id: row.id,
    company_id: row.company_id,
    entity_type: row.entity_type,
    name: row.name,
    key: row.key,
    data_type: row.data_type as CustomFieldDataType,
    description: row.description,
    required: row.required,
    default_value: row.default_value ?? null,
    sort_order: row.sort_order,
    choices: choices
      .filter((choice) => choice.attribute_id === row.id)
      .map((choice) => ({
        id: choice.id,
        value: choice.value,
        sort_order: choice.sort_order,
        description: choice.description,
      })),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

async function withChoices(db: Db, rows: AttributeRow[]): Promise<CustomField[]> {
  const choices = await choicesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => view(row, choices));
}

/** The company's custom fields (of one entity type when given), in their order. */
export async function listFields(db: Db, companyId: number, entityType?: number): Promise<CustomField[]> {
  const rows = await db
    .select()
    .from(eavAttributes)
    .where(
      and(
        eq(eavAttributes.company_id, companyId),
        entityType === undefined ? undefined : eq(eavAttributes.entity_type, entityType),
      ),
    )
    .orderBy(asc(eavAttributes.entity_type), asc(eavAttributes.sort_order), asc(eavAttributes.id));
  return withChoices(db, rows);
}

export async function getField(db: Db, id: number): Promise<CustomField> {
  const [row] = await db.select().from(eavAttributes).where(eq(eavAttributes.id, id));
  if (!row) throw notFound('custom field');
  const [field] = await withChoices(db, [row]);
  if (!field) throw notFound('custom field');
  return field;
}

/** The company of an attribute (of that entity type when given), or null: the route wrapper answers 404. */
export async function companyOfField(db: Db, id: number, entityType?: number): Promise<number | null> {
  const [row] = await db
    .select({ company_id: eavAttributes.company_id })
    .from(eavAttributes)
    .where(
      and(
        eq(eavAttributes.id, id),
        entityType === undefined ? undefined : eq(eavAttributes.entity_type, entityType),
      ),
    );
  return row?.company_id ?? null;
}

/** How many records carry a value of the attribute. */
export async function countValues(db: Db, attributeId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(eavValues)
    .where(eq(eavValues.attribute_id, attributeId));
  return Number(row?.n ?? 0);
}

/** Two saves racing for the same key: the unique index answers, and so do we, on the name. */
function nameTakenOnRace(error: unknown): never {
  for (let current = error; current && typeof current === 'object'; ) {
    if ((current as { code?: unknown }).code === '23505') {
      throw invalid({ name: ['A custom field of this name already exists here; choose another name.'] });
    }
    current = (current as { cause?: unknown }).cause;
  }
  throw error;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

interface PlannedChoice {
  id?: number;
  value: string;
  sort_order: number;
  description: string | null;
}

/**
 * Checks the input against the rules above; answers the field's columns as they are to be stored, and the choices
 * to keep.
 */
async function plan(
  db: Db,
  target: { companyId: number; entityType: number; existing?: CustomField },
  input: Input,
) {
  const errors: Record<string, string[]> = {};
  const key = slugOf(input.name);
  if (!key) errors.name = ['Use at least one letter or digit in the name.'];
  else {
    const [taken] = await db
      .select({ id: eavAttributes.id, name: eavAttributes.name })
      .from(eavAttributes)
      .where(
        and(
          eq(eavAttributes.company_id, target.companyId),
          eq(eavAttributes.entity_type, target.entityType),
          eq(eavAttributes.key, key),
        ),
      );
    if (taken && taken.id !== target.existing?.id) {
      errors.name = [`A custom field named “${taken.name}” already exists here; choose another name.`];
    }
  }

  const { existing } = target;
  if (existing && existing.data_type !== input.data_type) {
    const carrying = await countValues(db, existing.id);
    if (carrying > 0) {
      errors.data_type = [
        `The data type cannot change: ${plural(carrying, 'record carries a value', 'records carry values')} of this field.`,
      ];
    }
  }

  const choices: PlannedChoice[] = [];
  if (input.data_type === 'enum') {
    const sent = input.choices ?? [];
    if (!sent.length) errors.choices = ['Add at least one choice.'];
    const seen = new Map<string, number>();
    sent.forEach((choice, index) => {
      const lower = choice.value.toLowerCase();
      if (seen.has(lower)) errors[`choices.${index}.value`] = ['This choice is already listed.'];
      seen.set(lower, index);
      if (choice.id !== undefined && !existing?.choices.some((known) => known.id === choice.id)) {
        errors[`choices.${index}.id`] = ['This choice does not belong to this field.'];
      }
      choices.push({
        id: choice.id,
        value: choice.value,
        sort_order: choice.sort_order ?? index,
        description: choice.description ?? null,
      });
    });
  }

  let defaultValue: CustomValue | null = null;
  if (input.default_value !== undefined && input.default_value !== null) {
    const result = checkCustomValue(
      {
        data_type: input.data_type,
        choices: choices.map((choice) => ({ id: choice.id ?? 0, value: choice.value })),
      },
      input.default_value,
      (text) => normalizePhone(text),
    );
    if (result.ok) defaultValue = result.value;
    else errors.default_value = [result.message];
  }

  if (Object.keys(errors).length) throw invalid(errors);
  return {
    // Creating and PUT alike store the whole field: what the form leaves out is cleared (the sort order aside).
    columns: {
      name: input.name,
      key,
      data_type: input.data_type,
      description: input.description || null,
      required: input.required ?? false,
      default_value: defaultValue,
    },
    choices,
  };
}

export async function createField(
  db: Db,
  target: { companyId: number; entityType: number },
  input: Input,
): Promise<CustomField> {
  const planned = await plan(db, target, input);
  const id = await db
    .transaction(async (tx) => {
      const [last] = await tx
        .select({ max: sql<number | null>`max(${eavAttributes.sort_order})` })
        .from(eavAttributes)
        .where(
          and(
            eq(eavAttributes.company_id, target.companyId),
            eq(eavAttributes.entity_type, target.entityType),
          ),
        );
      const [row] = await tx
        .insert(eavAttributes)
        .values({
          company_id: target.companyId,
          entity_type: target.entityType,
          ...planned.columns,
          sort_order:
            input.sort_order ?? (last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1),
        })
        .returning({ id: eavAttributes.id });
      if (!row) throw new Error('custom field insert returned nothing');
      if (planned.choices.length) {
        await tx.insert(eavChoices).values(
          planned.choices.map((choice) => ({
            attribute_id: row.id,
            value: choice.value,
            sort_order: choice.sort_order,
            description: choice.description,
          })),
        );
      }
      return row.id;
    })
    .catch(nameTakenOnRace);
  return getField(db, id);
}

/** The text of a stored value (jsonb), for comparing enum values with choice values. */
const valueText = sql<string>`(${eavValues.value} #>> '{}')`;

export async function updateField(db: Db, id: number, input: Input): Promise<CustomField> {
  const existing = await getField(db, id);
  const planned = await plan(
    db,
    { companyId: existing.company_id, entityType: existing.entity_type, existing },
    input,
  );
  await db
    .transaction(async (tx) => {
      await tx
        .update(eavAttributes)
        .set({
          ...planned.columns,
          sort_order: input.sort_order ?? existing.sort_order,
          updated_at: sql`now()`,
        })
        .where(eq(eavAttributes.id, id));

      const kept = new Map(planned.choices.filter((c) => c.id !== undefined).map((c) => [c.id as number, c]));
      const added = planned.choices.filter((c) => c.id === undefined);
      const removed = existing.choices.filter((choice) => !kept.has(choice.id));
      const respelt: [string, string][] = [];
      if (removed.length) {
        await tx.delete(eavChoices).where(
          inArray(
            eavChoices.id,
            removed.map((choice) => choice.id),
          ),
        );
        // Values that used a removed choice go with it, unless a new choice of the same value replaces it
        // (spelt differently only in case: the values take its spelling).
        const gone: string[] = [];
        for (const { value } of removed) {
          const replacement = added.find((choice) => choice.value.toLowerCase() === value.toLowerCase());
          if (!replacement) gone.push(value);
          else if (replacement.value !== value) respelt.push([value, replacement.value]);
        }
        if (existing.data_type === 'enum' && gone.length) {
          await tx.delete(eavValues).where(and(eq(eavValues.attribute_id, id), inArray(valueText, gone)));
        }
      }
      const renames: [string, string][] = [...respelt];
      for (const [choiceId, choice] of kept) {
        const before = existing.choices.find((known) => known.id === choiceId);
        if (before && before.value !== choice.value) renames.push([before.value, choice.value]);
        await tx
          .update(eavChoices)
          .set({ value: choice.value, sort_order: choice.sort_order, description: choice.description })
          .where(eq(eavChoices.id, choiceId));
      }
      if (renames.length) {
        // One statement, so swapped names (A↔B) end up right.
        const cases = sql.join(
          renames.map(([from, to]) => sql`when ${from} then ${to}`),
          sql` `,
        );
        await tx
          .update(eavValues)
          .set({ value: sql`to_jsonb((case ${valueText} ${cases} end)::text)`, updated_at: sql`now()` })
          .where(
            and(
              eq(eavValues.attribute_id, id),
              inArray(
                valueText,
                renames.map(([from]) => from),
              ),
            ),
          );
      }
      if (added.length) {
        await tx.insert(eavChoices).values(
          added.map((choice) => ({
            attribute_id: id,
            value: choice.value,
            sort_order: choice.sort_order,
            description: choice.description,
          })),
        );
      }
    })
    .catch(nameTakenOnRace);
  return getField(db, id);
}

/** Deletes the field; its choices and values go with it (foreign keys cascade). */
export async function deleteField(db: Db, id: number): Promise<void> {
  await db.delete(eavAttributes).where(eq(eavAttributes.id, id));
}

/** How many records of the entity type the company has (see countStats). */
async function entityCount(db: Db, field: CustomField): Promise<number> {
  const companyId = field.company_id;
  switch (field.entity_type) {
    case ENTITY_TYPES.contact: {
      const [row] = await db.select({ n: count() }).from(contacts).where(eq(contacts.company_id, companyId));
      return Number(row?.n ?? 0);
    }
    case ENTITY_TYPES.company:
      return 1;
    case ENTITY_TYPES.user: {
      const [row] = await db
        .select({ n: count() })
        .from(memberships)
        .where(eq(memberships.company_id, companyId));
      return Number(row?.n ?? 0);
    }
    default: {
      // No table of these records yet: the records that carry any custom value of this entity type.
      const [row] = await db
        .select({ n: countDistinct(eavValues.entity_id) })
        .from(eavValues)
        .where(and(eq(eavValues.company_id, companyId), eq(eavValues.entity_type, field.entity_type)));
      return Number(row?.n ?? 0);
    }
  }
}

const ofField = (field: CustomField): SQL | undefined =>
  and(
    eq(eavValues.attribute_id, field.id),
    eq(eavValues.company_id, field.company_id),
    eq(eavValues.entity_type, field.entity_type),
  );

export async function countStats(db: Db, id: number) {
  const field = await getField(db, id);
  const grouped = await db
    .select({ value: eavValues.value, n: count() })
    .from(eavValues)
    .where(ofField(field))
    .groupBy(eavValues.value);
  const withValue = grouped.reduce((sum, row) => sum + Number(row.n), 0);
  let values: { value: CustomValue; count: number }[];
  if (field.data_type === 'enum') {
    values = field.choices.map((choice) => ({
      value: choice.value,
      count: Number(grouped.find((row) => row.value === choice.value)?.n ?? 0),
    }));
  } else {
    values = grouped
      .map((row) => ({ value: row.value, count: Number(row.n) }))
      .sort((a, b) => b.count - a.count || String(a.value).localeCompare(String(b.value)));
  }
  return {
    attribute_id: field.id,
    entities: Math.max(await entityCount(db, field), withValue),
    with_value: withValue,
    values,
  };
}

/** Names of records, by id, for the entity types that have a table. */
async function entityNames(db: Db, field: CustomField, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  let rows: { id: number; name: string }[] = [];
  if (field.entity_type === ENTITY_TYPES.contact) {
    rows = await db
      .select({ id: contacts.id, name: contacts.name })
      .from(contacts)
      .where(and(eq(contacts.company_id, field.company_id), inArray(contacts.id, ids)));
  } else if (field.entity_type === ENTITY_TYPES.user) {
    rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  } else if (field.entity_type === ENTITY_TYPES.company) {
    rows = await db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(inArray(companies.id, ids));
  } else if (field.entity_type === ENTITY_TYPES.organization) {
    rows = await db
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(inArray(organizations.id, ids));
  }
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Records whose value differs from the default (every record with a value when there is no default). */
export async function overrides(db: Db, id: number, page: number, perPage: number) {
  const field = await getField(db, id);
  const where = and(
    ofField(field),
    field.default_value === null
      ? undefined
      : sql`${eavValues.value} <> ${JSON.stringify(field.default_value)}::jsonb`,
  );
  const [total] = await db.select({ n: count() }).from(eavValues).where(where);
  const rows = await db
    .select({ entity_id: eavValues.entity_id, value: eavValues.value })
    .from(eavValues)
    .where(where)
    .orderBy(asc(eavValues.entity_id))
    .limit(perPage)
    .offset(pageOffset(page, perPage));
  const names = await entityNames(
    db,
    field,
    rows.map((row) => row.entity_id),
  );
  return {
    data: rows.map((row) => ({
      entity_type: field.entity_type,
      entity_id: row.entity_id,
      entity_name: names.get(row.entity_id) ?? `#${row.entity_id}`,
      value: row.value,
    })),
    total: Number(total?.n ?? 0),
  };
}
