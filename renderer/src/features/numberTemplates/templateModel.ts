/**
 * The template screen's form model: a template as `GET …/numberTemplates/{id}` answers it, turned into form values
 * — the number page's own (routingModel.ts: routes, hours, tags, switches) plus the template's name, greeting,
 * after-hours extension, voicemail address, recording and AI extraction — and back into the body of
 * `POST`/`PUT …/numberTemplates`. §5's AI-extraction rule (shared/domain/numberTemplates.ts) decides what the
 * recording and transcription switches show and whether they are sent.
 */

import type { ScheduleView } from '@shared/api/numbers';
import type { NumberTemplate, NumberTemplateCreate } from '@shared/api/numberTemplates';
import { extensionKeyLabel } from '@shared/domain/extensions';
import { applyCallFlags, TEMPLATE_NAME_MAX, TEMPLATE_NAME_REQUIRED } from '@shared/domain/numberTemplates';
import {
  type NumberForm,
  newRouteForm,
  routeErrors,
  routeFormOf,
  routesToSend,
  scheduleFormOf,
  scheduleToSend,
} from '../numbers/routingModel';

export interface TemplateForm extends NumberForm {
  name: string;
  recording_enabled: boolean;
  ai_extraction_enabled: boolean;
  /** The welcome greeting: a company greeting's id (as the picker's string), or null for the text below. */
  greeting_id: string | null;
  /** Spoken when no company greeting is chosen; empty with none: no greeting. */
  greeting_text: string;
  /** Kept as loaded: a greeting by audio address (set through the API), used when neither of the above is. */
  greeting_audio_url: string | null;
  /** The extension that takes calls outside open hours (its key as a string), or null: the voicemail. */
  after_hours_extension: string | null;
  /** Who is told of a voicemail left on the number. */
  voicemail_email: string;
  /** Kept as loaded (this screen does not edit them). */
  menu: NumberTemplate['menu'];
  voicemail_greeting: NumberTemplate['voicemail']['greeting'];
}

/** A new template, or the one loaded, as form values; a new one starts with one extension and the company's hours. */
export function templateFormOf(
  template: NumberTemplate | null,
  companySchedule: ScheduleView | undefined,
  browserZone?: string,
): TemplateForm {
  const greeting = template?.greeting ?? null;
  return {
    label: '',
    name: template?.name ?? '',
    tags: template?.tags ?? [],
    sms_enabled: template?.sms_enabled ?? true,
    call_transcription_enabled: template?.call_transcription_enabled ?? false,
    recording_enabled: template?.recording_enabled ?? false,
    ai_extraction_enabled: template?.ai_extraction_enabled ?? false,
    routes: template ? template.routes.map(routeFormOf) : [newRouteForm([])],
    schedule: scheduleFormOf(template?.schedule ?? null, companySchedule, browserZone),
    greeting_id: greeting?.greeting_id == null ? null : String(greeting.greeting_id),
    greeting_text: greeting?.text ?? '',
    greeting_audio_url: greeting?.audio_url ?? null,
    after_hours_extension:
      template?.after_hours_extension == null ? null : String(template.after_hours_extension),
    voicemail_email: template?.voicemail.email_alert_address ?? '',
    menu: template?.menu ?? {},
    voicemail_greeting: template?.voicemail.greeting ?? null,
  };
}

/**
 * What the recording and transcription switches show: §5 — with AI extraction on they are on (and locked), else
 * the person's.
 */
export function shownCallFlags(
  form: Pick<TemplateForm, 'ai_extraction_enabled' | 'recording_enabled' | 'call_transcription_enabled'>,
) {
  return applyCallFlags(null, {
    ai_extraction_enabled: form.ai_extraction_enabled,
    recording_enabled: form.recording_enabled,
    call_transcription_enabled: form.call_transcription_enabled,
  }).flags;
}

function greetingToSend(form: TemplateForm): NumberTemplateCreate['greeting'] {
  if (form.greeting_id) return { greeting_id: Number(form.greeting_id) };
  const text = form.greeting_text.trim();
  if (text) return { text };
  if (form.greeting_audio_url) return { audio_url: form.greeting_audio_url };
  return null;
}

/** The body of a create or change. §5: with AI extraction on, the recording and transcription flags are dropped. */
export function templateToSend(form: TemplateForm): NumberTemplateCreate {
  const routes = routesToSend(form.routes);
  const extensions = new Set(routes.map((route) => route.extension));
  // A menu default kept from before that the routes no longer have is let go rather than refused.
  const { default_extension, ...menu } = form.menu;
  const body: NumberTemplateCreate = {
    name: form.name.trim(),
    tags: [...new Set(form.tags.map((tag) => tag.trim()).filter(Boolean))],
    routes,
    greeting: greetingToSend(form),
    menu:
      default_extension != null && extensions.has(default_extension) ? { ...menu, default_extension } : menu,
    after_hours_extension: form.after_hours_extension === null ? null : Number(form.after_hours_extension),
    voicemail: { greeting: form.voicemail_greeting, email_alert_address: form.voicemail_email.trim() },
    schedule: scheduleToSend(form.schedule),
    sms_enabled: form.sms_enabled,
    ai_extraction_enabled: form.ai_extraction_enabled,
  };
  if (!form.ai_extraction_enabled) {
    body.recording_enabled = form.recording_enabled;
    body.call_transcription_enabled = form.call_transcription_enabled;
  }
  return body;
}

/** What the server would refuse before anything is sent, by form field: the name, and the routes' own checks. */
export function templateFormErrors(form: TemplateForm): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = form.name.trim();
  if (!name) errors.name = TEMPLATE_NAME_REQUIRED;
  else if (name.length > TEMPLATE_NAME_MAX)
    errors.name = `A name is at most ${TEMPLATE_NAME_MAX} characters.`;
  return { ...errors, ...routeErrors(form.routes) };
}

/** The fields of the form a 422 names, so its message goes beside them (the others are said above Save). */
export function isTemplateField(field: string): boolean {
  return (
    ['name', 'tags', 'greeting.text', 'after_hours_extension', 'voicemail.email_alert_address'].includes(
      field,
    ) ||
    field.startsWith('routes.') ||
    field.startsWith('schedule.')
  );
}

/** A 422's field as the form names it (the greeting and voicemail fields are flattened in the form). */
export function formFieldOf(field: string): string {
  if (field === 'greeting.text') return 'greeting_text';
  if (field === 'voicemail.email_alert_address') return 'voicemail_email';
  return field;
}

/** The after-hours choice that stands for the number's voicemail (the field's null). */
export const AFTER_HOURS_VOICEMAIL = 'voicemail';

/** The after-hours choices: the voicemail, or one of the extensions being edited. */
export function afterHoursOptions(extensions: readonly number[]): { value: string; label: string }[] {
  return [
    { value: AFTER_HOURS_VOICEMAIL, label: 'Voicemail' },
    ...[...new Set(extensions)]
      .sort((a, b) => a - b)
      .map((extension) => ({ value: String(extension), label: `Extension ${extensionKeyLabel(extension)}` })),
  ];
}

/** A template as a create's body: what an undo of its deletion sends to make it again. */
export function templateAsCreate(template: NumberTemplate): NumberTemplateCreate {
  const schedule = template.schedule ? (({ label: _label, ...rest }) => rest)(template.schedule) : null;
  const body: NumberTemplateCreate = {
    name: template.name,
    tags: template.tags,
    routes: template.routes,
    greeting: template.greeting,
    menu: template.menu,
    after_hours_extension: template.after_hours_extension,
    voicemail: template.voicemail,
    schedule,
    sms_enabled: template.sms_enabled,
    ai_extraction_enabled: template.ai_extraction_enabled,
  };
  if (!template.ai_extraction_enabled) {
    body.recording_enabled = template.recording_enabled;
    body.call_transcription_enabled = template.call_transcription_enabled;
  }
  return body;
}
