/**
 * Adding or changing a source (§7 `/dniSources`): its name and the rules editor — each condition a row whose kind
 * decides its fields (a landing-page parameter and an optional value, a referrer domain, a referrer group, a
 * direct visit, every visitor), with where it stands in the evaluation order, and that order explained once. The
 * contract's schema checks the form first; the server's refusals show beside their fields.
 */
import { Badge, Button, Group, List, Modal, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import type { DniSource } from '@shared/api/dni';
import {
  REFERRER_GROUPS,
  type ReferrerGroup,
  SOURCE_CONDITION_LABELS,
  type SourceConditionKind,
  SPECIFICITY_ORDER,
} from '@shared/domain/dni';
import { useState } from 'react';
import { ApiError } from '../../api';
import { flash } from '../../ui/flash';
import { ErrorAlert } from '../../ui/States';
import {
  blankCondition,
  type ConditionDraft,
  conditionRank,
  isSourceField,
  type SourceFormValues,
  sourceBody,
  sourceProblems,
} from './sourceForm';
import { useSaveSource } from './trackingApi';

const KIND_OPTIONS = (Object.keys(SOURCE_CONDITION_LABELS) as SourceConditionKind[]).map((kind) => ({
  value: kind,
  label: SOURCE_CONDITION_LABELS[kind],
}));
const GROUP_OPTIONS = REFERRER_GROUPS.map((group) => ({ value: group.value, label: group.label }));

export function SourceDialog({
  companyId,
  source,
  start,
  onClose,
}: {
  companyId: number;
  /** The source changed; null for a new one. */
  source: DniSource | null;
  /** What the form starts with (a preset, the source itself, or one empty condition). */
  start: SourceFormValues;
  onClose: () => void;
}) {
  const [values, setValues] = useState<SourceFormValues>(start);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const save = useSaveSource(companyId);

  const setCondition = (index: number, change: Partial<ConditionDraft>) => {
    setValues((current) => ({
      ...current,
      conditions: current.conditions.map((condition, at) =>
        at === index ? { ...condition, ...change } : condition,
      ),
    }));
    setErrors({});
  };
  const removeCondition = (index: number) => {
    setValues((current) => ({ ...current, conditions: current.conditions.filter((_, at) => at !== index) }));
    setErrors({});
  };

  const place = (problems: Record<string, string>) => {
    const placed: Record<string, string> = {};
    let unplaced = '';
    for (const [field, message] of Object.entries(problems)) {
      if (isSourceField(field)) placed[field] = message;
      else unplaced ||= message;
    }
    setErrors(placed);
    setFormError(unplaced);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFormError('');
    const problems = sourceProblems(values);
    if (Object.keys(problems).length) {
      place(problems);
      return;
    }
    const mutation = source ? save.update : save.create;
    mutation.mutate(
      { id: source?.id, body: sourceBody(values) },
      {
        onSuccess: (saved) => {
          flash('success', source ? `Source “${saved.name}” saved.` : `Source “${saved.name}” added.`);
          onClose();
        },
        // A change of a source made offline is kept and sent later (replayable): the dialog need not wait.
        onQueued: onClose,
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) {
            const problems: Record<string, string> = {};
            for (const [field, messages] of Object.entries(error.errors)) {
              problems[field] = Array.isArray(messages) ? String(messages[0] ?? '') : String(messages);
            }
            place(problems);
            if (Object.keys(problems).length === 0) setFormError(error.message);
          } else setFormError(error.message);
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={source ? `Edit ${source.name}` : 'Add a source'} size="xl">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ErrorAlert message={formError} />
          <TextInput
            label="Name"
            required
            maxLength={80}
            data-autofocus
            value={values.name}
            onChange={(event) => {
              const name = event.currentTarget.value;
              setValues((current) => ({ ...current, name }));
            }}
            error={errors.name}
          />
          <Stack gap={4}>
            <Text fw={500} size="sm" id="conditions-title">
              Conditions
            </Text>
            <Text size="sm" c="dimmed">
              A visit belongs to this source when any one condition matches. When conditions of several
              sources match, the most specific wins, in this order (equal ones go to the source added first):
            </Text>
            <List type="ordered" size="sm" c="dimmed" withPadding>
              {SPECIFICITY_ORDER.map((step) => (
                <List.Item key={step}>{step}</List.Item>
              ))}
            </List>
          </Stack>
          <Stack gap="xs" role="group" aria-labelledby="conditions-title">
            {values.conditions.map((condition, index) => (
              <ConditionRow
                // Rows have no identity of their own; their place is theirs while the dialog is open.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                key={index}
                index={index}
                condition={condition}
                errors={errors}
                removable={values.conditions.length > 1}
                onChange={(change) => setCondition(index, change)}
                onRemove={() => removeCondition(index)}
              />
            ))}
            {errors.conditions && (
              <Text size="sm" c="red" role="alert">
                {errors.conditions}
              </Text>
            )}
            <Group>
              <Button
                variant="light"
                size="xs"
                disabled={values.conditions.length >= 20}
                onClick={() =>
                  setValues((current) => ({
                    ...current,
                    conditions: [...current.conditions, blankCondition()],
                  }))
                }
              >
                Add a condition
              </Button>
            </Group>
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {source ? 'Save source' : 'Add source'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ConditionRow({
  index,
  condition,
  errors,
  removable,
  onChange,
  onRemove,
}: {
  index: number;
  condition: ConditionDraft;
  errors: Record<string, string>;
  removable: boolean;
  onChange: (change: Partial<ConditionDraft>) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  const error = (field: string) => errors[`conditions.${index}.${field}`];
  return (
    <Paper withBorder p="xs">
      <Group align="flex-start" gap="xs" wrap="wrap">
        <Select
          label={`Kind of condition ${n}`}
          data={KIND_OPTIONS}
          value={condition.kind}
          allowDeselect={false}
          onChange={(kind) => kind && onChange({ kind: kind as SourceConditionKind })}
          error={error('kind')}
          w={230}
        />
        {condition.kind === 'param' && (
          <>
            <TextInput
              label={`Parameter of condition ${n}`}
              placeholder="utm_source or gclid"
              value={condition.key}
              onChange={(event) => onChange({ key: event.currentTarget.value })}
              error={error('key')}
              w={190}
            />
            <TextInput
              label={`Value of condition ${n}`}
              placeholder="Any value"
              value={condition.value}
              onChange={(event) => onChange({ value: event.currentTarget.value })}
              error={error('value')}
              description="Empty: the parameter present at all"
              w={190}
            />
          </>
        )}
        {condition.kind === 'referrer' && (
          <TextInput
            label={`Referring domain of condition ${n}`}
            placeholder="facebook.com"
            value={condition.domain}
            onChange={(event) => onChange({ domain: event.currentTarget.value })}
            error={error('domain')}
            description="Its subdomains count too"
            w={260}
          />
        )}
        {condition.kind === 'referrer_group' && (
          <Select
            label={`Group of condition ${n}`}
            data={GROUP_OPTIONS}
            value={condition.group}
            allowDeselect={false}
            onChange={(group) => group && onChange({ group: group as ReferrerGroup })}
            error={error('group')}
            w={220}
          />
        )}
        <Stack gap={4} mt={26}>
          <Badge variant="light" color="gray" size="sm">
            Weighed {ordinal(conditionRank(condition))}
          </Badge>
        </Stack>
        {removable && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            mt={26}
            aria-label={`Remove condition ${n}`}
            onClick={onRemove}
          >
            Remove
          </Button>
        )}
      </Group>
    </Paper>
  );
}

function ordinal(rank: number): string {
  return ['first', 'second', 'third', 'fourth', 'fifth'][rank - 1] ?? `${rank}th`;
}
