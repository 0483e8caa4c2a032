/**
 * The source form's model: a source's conditions as the rules editor holds them (one draft per row, keeping what
 * was typed for every kind, so switching a row's kind back and forth loses nothing), the conditions the contract
 * takes, the form's own check with the contract's words, and the order in which the platform weighs conditions
 * (shared/domain/dni.ts `specificityOf`: the most specific match claims the visit).
 */
import { type DniSource, type DniSourceInput, DniSourceInputSchema } from '@shared/api/dni';
import {
  describeCondition,
  REFERRER_GROUPS,
  type ReferrerGroup,
  SOURCE_PRESETS,
  type SourceCondition,
  type SourceConditionKind,
  specificityOf,
} from '@shared/domain/dni';

export interface ConditionDraft {
  kind: SourceConditionKind;
  /** param: the parameter's name, and the value it must have ('' for any value). */
  key: string;
  value: string;
  /** referrer: the referring domain. */
  domain: string;
  /** referrer_group: which group. */
  group: ReferrerGroup;
}

export interface SourceFormValues {
  name: string;
  conditions: ConditionDraft[];
}

const FIRST_GROUP = REFERRER_GROUPS[0].value;

export function blankCondition(kind: SourceConditionKind = 'param'): ConditionDraft {
  return { kind, key: '', value: '', domain: '', group: FIRST_GROUP };
}

export function draftOf(condition: SourceCondition): ConditionDraft {
  const draft = blankCondition(condition.kind);
  if (condition.kind === 'param') return { ...draft, key: condition.key, value: condition.value ?? '' };
  if (condition.kind === 'referrer') return { ...draft, domain: condition.domain };
  if (condition.kind === 'referrer_group') return { ...draft, group: condition.group };
  return draft;
}

/** A row as the contract takes it: only its kind's fields. A parameter without a value matches any value. */
export function conditionOf(draft: ConditionDraft): SourceCondition {
  switch (draft.kind) {
    case 'param':
      return { kind: 'param', key: draft.key.trim(), value: draft.value.trim() || null };
    case 'referrer':
      return { kind: 'referrer', domain: draft.domain.trim() };
    case 'referrer_group':
      return { kind: 'referrer_group', group: draft.group };
    case 'direct':
      return { kind: 'direct' };
    case 'all':
      return { kind: 'all' };
  }
}

/** The form's values for a source, a preset (a source to start from) or nothing (one empty condition). */
export function sourceValues(
  source:
    | Pick<DniSource, 'name' | 'conditions'>
    | { name: string; conditions: readonly SourceCondition[] }
    | null,
): SourceFormValues {
  if (!source) return { name: '', conditions: [blankCondition()] };
  return { name: source.name, conditions: source.conditions.map(draftOf) };
}

export function sourceBody(values: SourceFormValues): DniSourceInput {
  return { name: values.name, conditions: values.conditions.map(conditionOf) };
}

/** The fields the form shows a message beside (`conditions.1.key`…); a 422's other messages go on the form. */
export function isSourceField(path: string): boolean {
  return /^(name|conditions)$/.test(path) || /^conditions\.\d+\.(key|value|domain|group|kind)$/.test(path);
}

/** The contract's check of the form, each message on its field (the first one per field). */
export function sourceProblems(values: SourceFormValues): Record<string, string> {
  const parsed = DniSourceInputSchema.safeParse(sourceBody(values));
  const problems: Record<string, string> = {};
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.') || 'name';
    problems[field] ??= issue.message;
  }
  return problems;
}

/** Where a condition stands in that order: 1 is weighed first. */
export function conditionRank(draft: ConditionDraft): number {
  const top = specificityOf({ kind: 'param', key: 'x', value: 'x' });
  return top - specificityOf(conditionOf(draft)) + 1;
}

/** A source's conditions in words, most specific first: "gclid present · utm_source = google". */
export function describeConditions(conditions: readonly SourceCondition[]): string[] {
  return [...conditions]
    .sort((a, b) => specificityOf(b) - specificityOf(a))
    .map((condition) => describeCondition(condition));
}

/** The ready-made sources the company has not added yet (by name, ignoring case). */
export function unusedPresets(sources: readonly Pick<DniSource, 'name'>[]): typeof SOURCE_PRESETS {
  const taken = new Set(sources.map((source) => source.name.trim().toLowerCase()));
  return SOURCE_PRESETS.filter((preset) => !taken.has(preset.name.toLowerCase()));
}
