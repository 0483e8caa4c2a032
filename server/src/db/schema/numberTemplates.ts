/**
 * Number templates (§7 `/companies/{companyId}/numberTemplates`): a company's named number configurations, each
 * column the same shape as the number's own (numbers.ts), validated by the same contract schemas on the way in.
 * `numbers.number_template_id` names the template a number last had applied (cleared when it is deleted).
 */
import type {
  StoredGreeting,
  StoredMenu,
  StoredRoute,
  StoredSchedule,
  StoredVoicemail,
} from '@shared/api/numbers';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyId, serialId, timestamps } from './columns';

export const numberTemplates = pgTable(
  'number_templates',
  {
    id: serialId(),
    company_id: companyId(),
    /** Unique in the company, ignoring case. */
    name: text('name').notNull(),
    /** Added to a number's own tags when applied. */
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** §3 routes, sorted by extension, as `RouteSchema` gives them. */
    routes: jsonb('routes').$type<StoredRoute[]>().notNull().default([]),
    greeting: jsonb('greeting').$type<StoredGreeting | null>(),
    menu: jsonb('menu').$type<StoredMenu>().notNull().default({}),
    after_hours_extension: integer('after_hours_extension'),
    voicemail: jsonb('voicemail')
      .$type<StoredVoicemail>()
      .notNull()
      .default({ greeting: null, email_alert_address: '' }),
    /** The numbers' own hours; null: they follow their company's. */
    schedule: jsonb('schedule').$type<StoredSchedule | null>(),
    sms_enabled: boolean('sms_enabled').notNull().default(true),
    call_transcription_enabled: boolean('call_transcription_enabled').notNull().default(false),
    recording_enabled: boolean('recording_enabled').notNull().default(false),
    /** §5: while on, recording and transcription are on too (shared/domain/numberTemplates.ts). */
    ai_extraction_enabled: boolean('ai_extraction_enabled').notNull().default(false),
    ...timestamps(),
  },
  (table) => [
    index('number_templates_company_idx').on(table.company_id),
    uniqueIndex('number_templates_company_name_unique').on(table.company_id, sql`lower(${table.name})`),
  ],
);
