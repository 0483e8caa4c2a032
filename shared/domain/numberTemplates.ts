/**
 * Number templates (§1 "templates", §7 `/companies/{companyId}/numberTemplates`): a named, reusable number
 * configuration — routes, greeting, menu, voicemail, hours, switches and tags — applied to many numbers at once.
 *
 * §5: "Updating a number template with AI extraction enabled drops the record and call transcription flags."
 * Read as (docs/spec-interpretations.md): AI extraction works on the transcript of a recorded call, so while it is
 * on, recording and transcription are not the person's to set — whatever a create or update sends for them is
 * dropped, and the template records and transcribes. With AI extraction off, both are the person's again.
 */

/** The three switches the §5 rule ties together. */
export interface TemplateCallFlags {
  ai_extraction_enabled: boolean;
  recording_enabled: boolean;
  call_transcription_enabled: boolean;
}

/** The flags §5 drops from an update while AI extraction is on. */
export const AI_LOCKED_FLAGS = ['recording_enabled', 'call_transcription_enabled'] as const;
export type AiLockedFlag = (typeof AI_LOCKED_FLAGS)[number];

/** A new template's flags when nothing is sent: no AI extraction, no recording, no transcription. */
export const DEFAULT_TEMPLATE_CALL_FLAGS: TemplateCallFlags = {
  ai_extraction_enabled: false,
  recording_enabled: false,
  call_transcription_enabled: false,
};

/** Why the two switches are locked, as the template screen says it. */
export const AI_EXTRACTION_LOCK_REASON =
  'AI extraction reads the transcript of a recorded call, so a template with it on always records and transcribes calls.';

export interface CallFlagsOutcome {
  /** The flags the template has after the change. */
  flags: TemplateCallFlags;
  /** The flags the change sent that §5 dropped (sent while AI extraction is on). */
  dropped: AiLockedFlag[];
}

/**
 * §5 "Updating a number template with AI extraction enabled drops the record and call transcription flags": the
 * template's flags after `update` is applied to `current` (null for a create, which starts from the defaults).
 * What the update leaves out keeps its value. When AI extraction is on after the change (sent now, or kept), the
 * recording and transcription flags sent are dropped and both are on; when it is off, they are as sent or kept.
 */
export function applyCallFlags(
  current: TemplateCallFlags | null,
  update: Partial<TemplateCallFlags>,
): CallFlagsOutcome {
  const base = current ?? DEFAULT_TEMPLATE_CALL_FLAGS;
  const ai = update.ai_extraction_enabled ?? base.ai_extraction_enabled;
  if (ai) {
    return {
      flags: { ai_extraction_enabled: true, recording_enabled: true, call_transcription_enabled: true },
      dropped: AI_LOCKED_FLAGS.filter((flag) => update[flag] !== undefined),
    };
  }
  return {
    flags: {
      ai_extraction_enabled: false,
      recording_enabled: update.recording_enabled ?? base.recording_enabled,
      call_transcription_enabled: update.call_transcription_enabled ?? base.call_transcription_enabled,
    },
    dropped: [],
  };
}

/** Whether a flag is locked by §5 (shown on and not changeable) for a template whose AI extraction is `ai`. */
export function isLockedByAiExtraction(flag: keyof TemplateCallFlags, ai: boolean): boolean {
  return ai && (AI_LOCKED_FLAGS as readonly string[]).includes(flag);
}

/**
 * A number's tags after a template is applied: its own, then the template's it lacks (compared ignoring case), so
 * applying twice changes nothing and a number keeps the tags that are its own (a campaign's, a source's).
 */
export function mergeTemplateTags(own: readonly string[], template: readonly string[]): string[] {
  const seen = new Set(own.map((tag) => tag.toLowerCase()));
  const merged = [...own];
  for (const tag of template) {
    if (seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    merged.push(tag);
  }
  return merged;
}

/** The answer to applying a template: how many numbers it changed. */
export function templateAppliedMessage(count: number): string {
  return count === 1
    ? 'The template was applied to 1 number.'
    : `The template was applied to ${count} numbers.`;
}

/** The answer to deleting templates. */
export function templatesDeletedMessage(count: number): string {
  return count === 1 ? 'The template was deleted.' : `${count} templates were deleted.`;
}

export const TEMPLATE_NAME_TAKEN = 'Another template of this company has this name.';
export const TEMPLATE_NAME_REQUIRED = 'Give the template a name.';
export const TEMPLATE_NAME_MAX = 100;
/** How many numbers one apply may change, and how many templates one delete may remove. */
export const TEMPLATE_APPLY_MAX = 1000;
export const TEMPLATE_REMOVE_MAX = 500;
