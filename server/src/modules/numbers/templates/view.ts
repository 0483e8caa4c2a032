/** A number template row as the contract answers it (§7 number templates). */
import type { NumberTemplate } from '@shared/api/numberTemplates';
import type { numberTemplates } from '../../../db/schema';
import { scheduleView } from '../config/view';

export type TemplateRow = typeof numberTemplates.$inferSelect;

/** The template with how many of the company's numbers last had it applied. */
export function templateView(row: TemplateRow, numbersCount: number): NumberTemplate {
  return {
    id: row.id,
    company_id: row.company_id,
    name: row.name,
    tags: row.tags,
    routes: row.routes,
    greeting: row.greeting ?? null,
    menu: row.menu,
    after_hours_extension: row.after_hours_extension,
    voicemail: row.voicemail,
    schedule: row.schedule ? scheduleView(row.schedule) : null,
    sms_enabled: row.sms_enabled,
    call_transcription_enabled: row.call_transcription_enabled,
    recording_enabled: row.recording_enabled,
    ai_extraction_enabled: row.ai_extraction_enabled,
    numbers_count: numbersCount,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
