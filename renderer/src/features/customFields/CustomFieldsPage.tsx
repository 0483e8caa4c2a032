/**
 * Custom fields (§7, §3 Custom field): one tab per entity type (Contact first), a table of the company's fields
 * with their usage, create and edit in a dialog (name, data type, description, required, default value by type,
 * the choices of a choice list with add / remove / reorder), delete after a confirmation that says how many records
 * lose their values. Changing fields needs settings.manage; other roles see the list only.
 */
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { CustomField, CustomFieldInput } from '@shared/api/customFields';
import { labelOf } from '@shared/domain/codes';
import {
  CUSTOM_FIELD_DATA_TYPES,
  CUSTOM_FIELD_ENTITY_TYPES,
  type CustomFieldDataType,
  type CustomValue,
} from '@shared/domain/customFields';
import { roleCan } from '@shared/domain/permissions';
import { useState } from 'react';
import { ApiError } from '../../api';
import { useShell } from '../../app/context';
import { flash } from '../../ui/flash';
import { EmptyState, ErrorState, LoadingState } from '../../ui/States';
import { useDeleteField, useFieldStats, useSaveField } from './api';
import { CustomValueInputField, useCustomFields } from './CustomValueInputs';

const CONTACT = 7;
/** Contact first (where custom fields are used most), then the others in §3 order. */
const ENTITY_TABS = [
  ...CUSTOM_FIELD_ENTITY_TYPES.filter((type) => type.value === CONTACT),
  ...CUSTOM_FIELD_ENTITY_TYPES.filter((type) => type.value !== CONTACT),
];
const DATA_TYPE_OPTIONS = CUSTOM_FIELD_DATA_TYPES.map((type) => ({ value: type.value, label: type.label }));

const records = (n: number) => `${n} ${n === 1 ? 'record' : 'records'}`;

export function CustomFieldsPage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const canManage = roleCan(company?.role, 'settings.manage');
  const [entityType, setEntityType] = useState<number>(CONTACT);
  const fields = useCustomFields(entityType, companyId);
  const [editing, setEditing] = useState<CustomField | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CustomField | null>(null);
  const typeLabel = labelOf(CUSTOM_FIELD_ENTITY_TYPES, entityType as never).toLowerCase();

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Custom fields
          </Title>
          <Text c="dimmed">Fields of your own that records carry beside the built-in ones.</Text>
        </Stack>
        {canManage && <Button onClick={() => setEditing('new')}>New custom field</Button>}
      </Group>
      <Tabs value={String(entityType)} onChange={(value) => value && setEntityType(Number(value))}>
        <Tabs.List aria-label="Entity type">
          {ENTITY_TABS.map((type) => (
            <Tabs.Tab key={type.value} value={String(type.value)}>
              {type.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {fields.isPending ? (
        <LoadingState label="Loading custom fields" />
      ) : fields.error ? (
        <ErrorState
          title="Could not load the custom fields"
          error={fields.error}
          onRetry={() => fields.refetch()}
        />
      ) : fields.data.length === 0 ? (
        <EmptyState title={`No custom fields for ${typeLabel} records yet`}>
          {canManage
            ? 'Add one with “New custom field” to keep your own details on them.'
            : 'An administrator can add fields here.'}
        </EmptyState>
      ) : (
        <Table striped aria-label="Custom fields">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Data type</Table.Th>
              <Table.Th>Required</Table.Th>
              <Table.Th>Usage</Table.Th>
              {canManage && (
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.data.map((field) => (
              <Table.Tr key={field.id}>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm" fw={500}>
                      {field.name}
                    </Text>
                    {field.description && (
                      <Text size="xs" c="dimmed">
                        {field.description}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  {labelOf(CUSTOM_FIELD_DATA_TYPES, field.data_type)}
                  {field.data_type === 'enum' && (
                    <Text size="xs" c="dimmed">
                      {field.choices.map((choice) => choice.value).join(', ')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{field.required ? <Badge variant="light">Required</Badge> : 'No'}</Table.Td>
                <Table.Td>
                  <Usage id={field.id} />
                </Table.Td>
                {canManage && (
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        aria-label={`Edit ${field.name}`}
                        onClick={() => setEditing(field)}
                      >
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        aria-label={`Delete ${field.name}`}
                        onClick={() => setDeleting(field)}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing && (
        <FieldDialog
          key={editing === 'new' ? 'new' : editing.id}
          companyId={companyId}
          entityType={entityType}
          field={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && <DeleteDialog field={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}

function Usage({ id }: { id: number }) {
  const stats = useFieldStats(id);
  if (stats.isPending) return <Text c="dimmed">…</Text>;
  if (stats.error) return <Text c="dimmed">Unknown</Text>;
  return (
    <Text size="sm">
      {stats.data.with_value} of {records(stats.data.entities)}
    </Text>
  );
}

interface ChoiceDraft {
  key: number;
  id?: number;
  value: string;
  description: string | null;
}

interface Draft {
  name: string;
  data_type: CustomFieldDataType;
  description: string;
  required: boolean;
  default_value: CustomValue | null;
  choices: ChoiceDraft[];
}

let choiceKeys = 0;
const blankChoice = (): ChoiceDraft => ({ key: ++choiceKeys, value: '', description: null });

function draftOf(field: CustomField | null): Draft {
  if (!field) {
    return {
      name: '',
      data_type: 'stringText',
      description: '',
      required: false,
      default_value: null,
      choices: [],
    };
  }
  return {
    name: field.name,
    data_type: field.data_type,
    description: field.description ?? '',
    required: field.required,
    default_value: field.default_value,
    choices: field.choices.map((choice) => ({
      key: ++choiceKeys,
      id: choice.id,
      value: choice.value,
      description: choice.description,
    })),
  };
}

function bodyOf(draft: Draft): CustomFieldInput {
  return {
    name: draft.name,
    data_type: draft.data_type,
    description: draft.description.trim() || null,
    required: draft.required,
    default_value: draft.default_value === '' ? null : draft.default_value,
    choices:
      draft.data_type === 'enum'
        ? draft.choices.map((choice, index) => ({
            ...(choice.id ? { id: choice.id } : {}),
            value: choice.value,
            sort_order: index,
            description: choice.description,
          }))
        : undefined,
  };
}

/** The first message of each field of a 422. */
function messagesOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    Object.entries(error.errors).map(([key, messages]) => [
      key,
      Array.isArray(messages) ? String(messages[0] ?? '') : String(messages),
    ]),
  );
}

const PLACED = /^(name|data_type|description|required|default_value|choices(\.\d+\.(value|id))?)$/;

function FieldDialog({
  companyId,
  entityType,
  field,
  onClose,
}: {
  companyId: number;
  entityType: number;
  field: CustomField | null;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(field));
  const save = useSaveField(companyId);
  const stats = useFieldStats(field?.id ?? 0);
  const carrying = field ? (stats.data?.with_value ?? 0) : 0;
  const errors = messagesOf(save.error);
  const unplaced =
    save.error &&
    (Object.entries(errors).find(([key]) => !PLACED.test(key))?.[1] ??
      (save.error instanceof ApiError && save.error.status === 422 ? undefined : save.error.message));
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));

  const setChoice = (index: number, value: string) =>
    setDraft((current) => {
      const before = current.choices[index]?.value;
      return {
        ...current,
        // A default naming the choice follows its new spelling.
        default_value:
          before !== undefined && current.default_value === before ? value : current.default_value,
        choices: current.choices.map((choice, i) => (i === index ? { ...choice, value } : choice)),
      };
    });
  const removeChoice = (index: number) =>
    setDraft((current) => ({
      ...current,
      default_value: current.default_value === current.choices[index]?.value ? null : current.default_value,
      choices: current.choices.filter((_choice, i) => i !== index),
    }));
  const moveChoice = (index: number, by: -1 | 1) =>
    setDraft((current) => {
      const choices = [...current.choices];
      const [moved] = choices.splice(index, 1);
      if (!moved) return current;
      choices.splice(index + by, 0, moved);
      return { ...current, choices };
    });

  // Choices taken out that records use: saving deletes those values (the server does; we say so first).
  const removedWithValues =
    field?.data_type === 'enum' && draft.data_type === 'enum'
      ? field.choices
          .filter((choice) => !draft.choices.some((kept) => kept.id === choice.id))
          .map((choice) => ({
            value: choice.value,
            count: stats.data?.values.find((entry) => entry.value === choice.value)?.count ?? 0,
          }))
          .filter((choice) => choice.count > 0)
      : [];
  const defaultChoices = [
    ...new Map(
      draft.choices
        .filter((choice) => choice.value.trim())
        .map((choice) => [
          choice.value.trim(),
          { id: choice.id ?? 0, value: choice.value.trim(), sort_order: 0, description: null },
        ]),
    ).values(),
  ];

  return (
    <Modal opened onClose={onClose} title={field ? 'Edit custom field' : 'New custom field'} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            { id: field?.id, entityType: field?.entity_type ?? entityType, body: bodyOf(draft) },
            {
              onSuccess: (saved) => {
                flash(
                  'success',
                  field ? `Custom field “${saved.name}” saved.` : `Custom field “${saved.name}” created.`,
                );
                onClose();
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          {unplaced && (
            <Alert color="red" role="alert">
              {unplaced}
            </Alert>
          )}
          <TextInput
            label="Name"
            required
            data-autofocus
            maxLength={100}
            value={draft.name}
            onChange={(event) => set({ name: event.currentTarget.value })}
            error={errors.name}
          />
          <Select
            label="Data type"
            required
            allowDeselect={false}
            data={DATA_TYPE_OPTIONS}
            value={draft.data_type}
            onChange={(value) => {
              if (!value || value === draft.data_type) return;
              const data_type = value as CustomFieldDataType;
              set({
                data_type,
                default_value: null,
                choices: data_type === 'enum' && draft.choices.length === 0 ? [blankChoice()] : draft.choices,
              });
            }}
            disabled={carrying > 0}
            description={
              carrying > 0
                ? `The data type cannot change while ${records(carrying)} carry values of this field.`
                : undefined
            }
            error={errors.data_type}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxLength={500}
            value={draft.description}
            onChange={(event) => set({ description: event.currentTarget.value })}
            error={errors.description}
          />
          <Checkbox
            label="Required"
            description="Records must carry a value of this field."
            checked={draft.required}
            onChange={(event) => set({ required: event.currentTarget.checked })}
            error={errors.required}
          />
          {draft.data_type === 'enum' && (
            <Stack gap="xs" role="group" aria-label="Choices">
              <Text size="sm" fw={500}>
                Choices
              </Text>
              {draft.choices.map((choice, index) => (
                <Group key={choice.key} gap="xs" align="flex-start" wrap="nowrap">
                  <TextInput
                    style={{ flex: 1 }}
                    label={`Choice ${index + 1}`}
                    maxLength={100}
                    value={choice.value}
                    onChange={(event) => setChoice(index, event.currentTarget.value)}
                    error={errors[`choices.${index}.value`] ?? errors[`choices.${index}.id`]}
                  />
                  <Group gap={4} mt={26} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move choice ${index + 1} up`}
                      disabled={index === 0}
                      onClick={() => moveChoice(index, -1)}
                    >
                      ↑
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move choice ${index + 1} down`}
                      disabled={index === draft.choices.length - 1}
                      onClick={() => moveChoice(index, 1)}
                    >
                      ↓
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove choice ${index + 1}`}
                      onClick={() => removeChoice(index)}
                    >
                      ×
                    </ActionIcon>
                  </Group>
                </Group>
              ))}
              {errors.choices && (
                <Text size="sm" c="red" role="alert">
                  {errors.choices}
                </Text>
              )}
              <Group>
                <Button
                  variant="light"
                  size="xs"
                  onClick={() => set({ choices: [...draft.choices, blankChoice()] })}
                >
                  Add choice
                </Button>
              </Group>
              {removedWithValues.length > 0 && (
                <Alert color="yellow">
                  Saving deletes the values of removed choices:{' '}
                  {removedWithValues
                    .map((choice) => `“${choice.value}” (${records(choice.count)})`)
                    .join(', ')}
                  .
                </Alert>
              )}
            </Stack>
          )}
          <CustomValueInputField
            key={draft.data_type}
            label="Default value"
            field={{
              id: field?.id ?? 0,
              name: 'Default value',
              data_type: draft.data_type,
              description: 'What a record has when it sets none.',
              required: false,
              choices: defaultChoices,
            }}
            value={draft.default_value}
            onChange={(value) => set({ default_value: value })}
            error={errors.default_value}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DeleteDialog({ field, onClose }: { field: CustomField; onClose: () => void }) {
  const stats = useFieldStats(field.id);
  const remove = useDeleteField();
  const carrying = stats.data?.with_value ?? 0;
  return (
    <Modal opened onClose={onClose} title={`Delete ${field.name}?`}>
      <Stack>
        {stats.isPending ? (
          <Text>Counting the records that carry it…</Text>
        ) : (
          <Text>
            {carrying > 0
              ? `${records(carrying)} ${carrying === 1 ? 'carries a value' : 'carry values'} of this field; ${carrying === 1 ? 'it is' : 'they are'} deleted with it.`
              : 'No record carries a value of this field.'}{' '}
            This cannot be undone.
          </Text>
        )}
        {remove.error && (
          <Alert color="red" role="alert">
            {remove.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(field, {
                onSuccess: () => {
                  flash('success', `Custom field “${field.name}” deleted.`);
                  onClose();
                },
              })
            }
          >
            Delete field
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
