/**
 * Labels and groups as the options of a select: the id as the value, the name as the label. Ids already chosen
 * that are not among them (a stale link, a label deleted meanwhile) still show, as their number.
 */
import type { CompanyLabel, ContactGroup } from '@shared/api/groups';

export interface Choice {
  value: string;
  label: string;
}

export function labelChoices(labels: readonly CompanyLabel[], chosen: readonly string[] = []): Choice[] {
  return withChosen(
    labels.map((label) => ({ value: String(label.id), label: label.label })),
    chosen,
  );
}

export function groupChoices(groups: readonly ContactGroup[], chosen: readonly string[] = []): Choice[] {
  return withChosen(
    groups.map((group) => ({ value: String(group.id), label: group.name })),
    chosen,
  );
}

function withChosen(choices: Choice[], chosen: readonly string[]): Choice[] {
  for (const id of chosen)
    if (!choices.some((choice) => choice.value === id)) choices.push({ value: id, label: `#${id}` });
  return choices;
}
