/** Custom fields (EAV): a company's attributes per entity type, their choices, and each record's values. */
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { belongsTo, companyId, serialId, timestamps, updatedAt } from './columns';

/** §3 Custom field (EAV attribute) of one company and entity type. */
export const eavAttributes = pgTable(
  'eav_attributes',
  {
    id: serialId(),
    company_id: companyId(),
    entity_type: smallint('entity_type').notNull(),
    name: text('name').notNull(),
    key: text('key').notNull(),
    data_type: text('data_type').notNull(),
    description: text('description'),
    required: boolean('required').notNull().default(false),
    default_value: jsonb('default_value').$type<string | number | boolean | null>(),
    sort_order: integer('sort_order').notNull().default(0),
    ...timestamps(),
  },
  (table) => [uniqueIndex('eav_attributes_key_idx').on(table.company_id, table.entity_type, table.key)],
);

/** §3 "choices have id, value, sort_order, description" (enum custom fields). */
export const eavChoices = pgTable(
  'eav_choices',
  {
    id: serialId(),
    attribute_id: belongsTo('attribute_id', () => eavAttributes.id),
    value: text('value').notNull(),
    sort_order: integer('sort_order').notNull().default(0),
    description: text('description'),
  },
  (table) => [index('eav_choices_attribute_idx').on(table.attribute_id)],
);

/**
 * One custom value of one record. Records of every entity type share this table, so there is no foreign key to
 * the record: whoever deletes a record deletes its values (`deleteCustomValues`).
 */
export const eavValues = pgTable(
  'eav_values',
  {
    attribute_id: belongsTo('attribute_id', () => eavAttributes.id),
    entity_type: smallint('entity_type').notNull(),
    entity_id: integer('entity_id').notNull(),
    company_id: integer('company_id').notNull(),
    value: jsonb('value').$type<string | number | boolean>().notNull(),
    updated_at: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.attribute_id, table.entity_id] }),
    index('eav_values_entity_idx').on(table.entity_type, table.entity_id),
  ],
);
