/**
 * Custom (EAV) values on records of any entity type: read them for many records at once, check and write them
 * by their field's data type ("values validated by type on every entity that carries them"), delete them with
 * their record. Contacts, imports and (later) calls and numbers all go through here.
 */
import type { CustomValueInput } from '@shared/api/contacts';
import { type CustomFieldDataType, type CustomValue, checkCustomValue } from '@shared/domain/customFields';
import { normalizePhone } from '@shared/domain/phone';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eavAttributes, eavChoices, eavValues } from '../../db/schema';
import { invalid } from '../../lib/errors';

/** A custom field as value checking needs it. */
export interface FieldRule {
  id: number;
  name: string;
  data_type: CustomFieldDataType;
  required: boolean;
  choices: { id: number; value: string }[];
}

/** The choices of the fields (by attribute id), in their order; none asked, none read. */
export async function choicesOf(db: Db, attributeIds: number[]) {
  if (!attributeIds.length) return [];
  return db
    .select()
    .from(eavChoices)
    .where(inArray(eavChoices.attribute_id, attributeIds))
    .orderBy(asc(eavChoices.sort_order), asc(eavChoices.id));
}

/** The company's custom fields of one entity type, with their choices, by id. */
export async function loadFieldRules(
  db: Db,
  companyId: number,
  entityType: number,
): Promise<Map<number, FieldRule>> {
  const attributes = await db
    .select()
    .from(eavAttributes)
    .where(and(eq(eavAttributes.company_id, companyId), eq(eavAttributes.entity_type, entityType)))
    .orderBy(asc(eavAttributes.sort_order), asc(eavAttributes.id));
  const choices = await choicesOf(
    db,
    attributes.map((attribute) => attribute.id),
  );
  return new Map(
    attributes.map((attribute) => [
      attribute.id,
      {
        id: attribute.id,
        name: attribute.name,
        data_type: attribute.data_type as CustomFieldDataType,
        required: attribute.required,
        choices: choices
          .filter((choice) => choice.attribute_id === attribute.id)
          .map((choice) => ({ id: choice.id, value: choice.value })),
      },
    ]),
  );
}

/**
 * Checks values against the fields: each must name a field of this company and entity type and fit its data
 * type. Returns the normalised values (null = remove) or per-field messages keyed `eavAttributeValues.<i>`.
 * With `complete`, required fields missing from `values` are reported too (a record being created).
 */
export function checkValues(
  rules: Map<number, FieldRule>,
  values: readonly CustomValueInput[],
  options: { complete?: boolean; field?: string } = {},
): { values: { attribute_id: number; value: CustomValue | null }[]; errors: Record<string, string[]> } {
  const field = options.field ?? 'eavAttributeValues';
  const errors: Record<string, string[]> = {};
  const checked: { attribute_id: number; value: CustomValue | null }[] = [];
  values.forEach((input, index) => {
    const rule = rules.get(input.attribute_id);
    if (!rule) {
      errors[`${field}.${index}`] = ['This custom field does not exist here.'];
      return;
    }
    const result = checkCustomValue(rule, input.value, (text) => normalizePhone(text));
    if (!result.ok) {
      errors[`${field}.${index}`] = [`${rule.name}: ${result.message}`];
      return;
    }
    if (result.value === null && rule.required) {
      errors[`${field}.${index}`] = [`${rule.name} is required.`];
      return;
    }
    checked.push({ attribute_id: rule.id, value: result.value });
  });
  if (options.complete) {
    for (const rule of rules.values()) {
      if (rule.required && !values.some((value) => value.attribute_id === rule.id)) {
        errors[`${field}.${rule.id}`] = [`${rule.name} is required.`];
      }
    }
  }
  return { values: checked, errors };
}

/** `checkValues` that throws the 422 itself. */
export function checkValuesOrThrow(
  rules: Map<number, FieldRule>,
  values: readonly CustomValueInput[],
  options: { complete?: boolean } = {},
): { attribute_id: number; value: CustomValue | null }[] {
  const result = checkValues(rules, values, options);
  if (Object.keys(result.errors).length) throw invalid(result.errors);
  return result.values;
}

/**
 * Writes checked values on records: a value replaces the record's own, null removes it. Values of fields not
 * mentioned are left as they are. One statement per kind of change, however many records.
 */
export async function writeValues(
  db: Db,
  target: { companyId: number; entityType: number },
  rows: { entityId: number; values: { attribute_id: number; value: CustomValue | null }[] }[],
): Promise<void> {
  const upserts = rows.flatMap((row) =>
    row.values
      .filter((value) => value.value !== null)
      .map((value) => ({
        attribute_id: value.attribute_id,
        entity_type: target.entityType,
        entity_id: row.entityId,
        company_id: target.companyId,
        value: value.value as CustomValue,
      })),
  );
  const removals = rows.flatMap((row) =>
    row.values.filter((value) => value.value === null).map((value) => ({ row, value })),
  );
  if (upserts.length) {
    await db
      .insert(eavValues)
      .values(upserts)
      .onConflictDoUpdate({
        target: [eavValues.attribute_id, eavValues.entity_id],
        set: { value: sql`excluded.value`, updated_at: sql`now()` },
      });
  }
  for (const { row, value } of removals) {
    await db
      .delete(eavValues)
      .where(
        and(
          eq(eavValues.attribute_id, value.attribute_id),
          eq(eavValues.entity_type, target.entityType),
          eq(eavValues.entity_id, row.entityId),
        ),
      );
  }
}

/** The custom values of many records of one entity type, by record id (records without any are absent). */
export async function readValues(
  db: Db,
  entityType: number,
  entityIds: readonly number[],
): Promise<Map<number, CustomValueInput[]>> {
  const byEntity = new Map<number, CustomValueInput[]>();
  if (!entityIds.length) return byEntity;
  const rows = await db
    .select({ attribute_id: eavValues.attribute_id, entity_id: eavValues.entity_id, value: eavValues.value })
    .from(eavValues)
    .where(and(eq(eavValues.entity_type, entityType), inArray(eavValues.entity_id, [...entityIds])))
    .orderBy(asc(eavValues.attribute_id));
  for (const row of rows) {
    const list = byEntity.get(row.entity_id) ?? [];
    list.push({ attribute_id: row.attribute_id, value: row.value });
    byEntity.set(row.entity_id, list);
  }
  return byEntity;
}

/** Deletes every custom value of the given records (call it when deleting the records). */
export async function deleteValues(db: Db, entityType: number, entityIds: readonly number[]): Promise<void> {
  if (!entityIds.length) return;
  await db
    .delete(eavValues)
    .where(and(eq(eavValues.entity_type, entityType), inArray(eavValues.entity_id, [...entityIds])));
}
