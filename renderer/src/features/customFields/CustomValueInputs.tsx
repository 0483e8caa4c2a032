/**
 * Inputs for a record's custom (EAV) values, one per custom field of its entity type, chosen by data type (§3).
 *
 * Props (stable; other screens build on them):
 * - `fields: CustomField[]` — the company's custom fields of ONE entity type (e.g. from `useCustomFields(7)`),
 *   rendered in their order (sort_order, then id, as the server lists them).
 * - `value: CustomValueInput[]` — the record's values, `{ attribute_id, value }`; a field without an entry (or with
 *   `value: null`) shows empty.
 * - `onChange(values: CustomValueInput[])` — called with the whole list after any change: every field that has an
 *   entry keeps it, the changed field's entry is replaced (emptied → `value: null`, which the server takes as
 *   "remove"). Values are in the form the server stores: booleans, numbers, `YYYY-MM-DD`, the choice's value,
 *   phone numbers as E.164 once they parse (as typed until then), trimmed text.
 * - `errors?: Record<string, string>` — messages keyed by attribute id (`String(field.id)`), shown under the field.
 *   `customValueErrors(apiError.errors, value)` maps a 422's `eavAttributeValues.<i>` keys to this shape.
 * - `disabled?: boolean` — every input read-only (e.g. while saving, or for a role that may only view).
 *
 * Each input is labelled with the field's name, has its description as help text, and is marked required when
 * the field is. Booleans are a Yes / No select that can be cleared (so "not set" stays distinct from "No").
 *
 * `useCustomFields(entityType, companyId?)` answers the company's fields of that entity type (TanStack Query over
 * `GET /eavAttributes?companyId=…&entityType=…`); the company defaults to the selected one.
 */
import { NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import type { CustomValueInput } from '@shared/api/contacts';
import { CUSTOM_FIELD_ENDPOINTS, type CustomField } from '@shared/api/customFields';
import { CUSTOM_KEYWORD_MAX, CUSTOM_TEXT_MAX } from '@shared/domain/customFields';
import { formatPhone, normalizePhone } from '@shared/domain/phone';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { api } from '../../api';
import { selectedCompanyIdAtom } from '../../api/session';

export interface CustomValueInputsProps {
  fields: readonly CustomField[];
  value: readonly CustomValueInput[];
  onChange: (values: CustomValueInput[]) => void;
  errors?: Record<string, string>;
  disabled?: boolean;
}

/** Cache key of a company's custom fields (all entity types when `entityType` is undefined). */
export const customFieldKeys = {
  all: () => ['EavAttributes'] as const,
  list: (companyId: number, entityType?: number) =>
    ['EavAttributes', 'list', companyId, entityType ?? null] as const,
  stats: (attributeId: number) => ['EavAttributes', 'countStats', attributeId] as const,
};

/** The company's custom fields of one entity type (7 = contacts); the selected company unless one is given. */
export function useCustomFields(entityType: number, companyId?: number) {
  const selected = useAtomValue(selectedCompanyIdAtom);
  const company = companyId ?? selected ?? 0;
  return useQuery({
    queryKey: customFieldKeys.list(company, entityType),
    queryFn: () => api.call(CUSTOM_FIELD_ENDPOINTS.list, { query: { companyId: company, entityType } }),
    enabled: company > 0,
  });
}

/**
 * Maps a 422's errors (`eavAttributeValues.<index>` by position in the sent list, or `eavAttributeValues.<id>`
 * for a missing required field) onto `errors` keyed by attribute id.
 */
export function customValueErrors(
  errors: Record<string, unknown>,
  sent: readonly CustomValueInput[],
  prefix = 'eavAttributeValues',
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(errors)) {
    if (!key.startsWith(`${prefix}.`)) continue;
    const index = Number(key.slice(prefix.length + 1));
    if (!Number.isInteger(index)) continue;
    const text = Array.isArray(messages) ? String(messages[0] ?? '') : String(messages);
    const attributeId = sent[index]?.attribute_id ?? index;
    out[String(attributeId)] = text;
  }
  return out;
}

export function CustomValueInputs({
  fields,
  value,
  onChange,
  errors = {},
  disabled,
}: CustomValueInputsProps) {
  const current = (id: number) => value.find((entry) => entry.attribute_id === id)?.value ?? null;
  const set = (id: number, next: CustomValueInput['value']) => {
    const exists = value.some((entry) => entry.attribute_id === id);
    onChange(
      exists
        ? value.map((entry) => (entry.attribute_id === id ? { attribute_id: id, value: next } : entry))
        : [...value, { attribute_id: id, value: next }],
    );
  };
  return (
    <Stack gap="sm">
      {fields.map((field) => (
        <CustomValueInputField
          key={field.id}
          field={field}
          value={current(field.id)}
          onChange={(next) => set(field.id, next)}
          error={errors[String(field.id)]}
          disabled={disabled}
        />
      ))}
    </Stack>
  );
}

const BOOLEAN_OPTIONS = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/** One custom field's input by its data type; also used for a field's default value in the settings page. */
export function CustomValueInputField({
  field,
  value,
  onChange,
  error,
  disabled,
  label,
}: {
  field: Pick<CustomField, 'id' | 'name' | 'data_type' | 'description' | 'required' | 'choices'>;
  value: CustomValueInput['value'];
  onChange: (value: CustomValueInput['value']) => void;
  error?: string;
  disabled?: boolean;
  /** Overrides the field's name as the label. */
  label?: string;
}) {
  const common = {
    label: label ?? field.name,
    description: field.description || undefined,
    required: field.required,
    error,
    disabled,
  };
  switch (field.data_type) {
    case 'boolean':
      return (
        <Select
          {...common}
          data={BOOLEAN_OPTIONS}
          value={value === null || value === '' ? null : String(value === true || value === 'true')}
          onChange={(next) => onChange(next === null ? null : next === 'true')}
          clearable={!field.required}
          placeholder="Not set"
        />
      );
    case 'date':
      return (
        <TextInput
          {...common}
          type="date"
          value={typeof value === 'string' ? value.slice(0, 10) : ''}
          onChange={(event) => onChange(event.currentTarget.value || null)}
        />
      );
    case 'enum':
      return (
        <Select
          {...common}
          data={field.choices.map((choice) => ({ value: choice.value, label: choice.value }))}
          value={value === null ? null : String(value)}
          onChange={(next) => onChange(next)}
          clearable={!field.required}
          placeholder={field.choices.length ? 'Choose' : 'No choices yet'}
          searchable={field.choices.length > 8}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : value === null ? '' : String(value)}
          onChange={(next) => onChange(next === '' ? null : typeof next === 'number' ? next : Number(next))}
          allowDecimal
          thousandSeparator={false}
        />
      );
    case 'phone':
      return <PhoneValueInput {...common} value={value} onChange={onChange} />;
    case 'stringText':
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          maxLength={CUSTOM_TEXT_MAX}
          value={value === null ? '' : String(value)}
          onChange={(event) => onChange(event.currentTarget.value === '' ? null : event.currentTarget.value)}
          onBlur={(event) => {
            const trimmed = event.currentTarget.value.trim();
            if (trimmed !== event.currentTarget.value) onChange(trimmed || null);
          }}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          maxLength={CUSTOM_KEYWORD_MAX}
          value={value === null ? '' : String(value)}
          onChange={(event) => onChange(event.currentTarget.value === '' ? null : event.currentTarget.value)}
          onBlur={(event) => {
            const trimmed = event.currentTarget.value.trim();
            if (trimmed !== event.currentTarget.value) onChange(trimmed || null);
          }}
        />
      );
  }
}

/**
 * A phone value: typed freely, stored as E.164 once it parses (`normalizePhone`), shown formatted
 * (`formatPhone`) when not being edited; a number that does not parse is kept as typed and flagged on blur.
 */
function PhoneValueInput({
  value,
  onChange,
  error,
  ...common
}: {
  label: string;
  description?: string;
  required: boolean;
  error?: string;
  disabled?: boolean;
  value: CustomValueInput['value'];
  onChange: (value: CustomValueInput['value']) => void;
}) {
  const stored = value === null ? '' : String(value);
  const [text, setText] = useState(() => formatPhone(stored));
  const [editing, setEditing] = useState(false);
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    if (!editing) setText(formatPhone(stored));
  }, [stored, editing]);
  return (
    <TextInput
      {...common}
      type="tel"
      autoComplete="off"
      value={text}
      error={error ?? (invalid ? 'Enter a valid phone number.' : undefined)}
      onFocus={() => setEditing(true)}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        setText(typed);
        setInvalid(false);
        onChange(typed.trim() === '' ? null : (normalizePhone(typed) ?? typed));
      }}
      onBlur={() => {
        setEditing(false);
        const normalized = text.trim() ? normalizePhone(text) : null;
        setInvalid(!!text.trim() && !normalized);
        if (normalized) setText(formatPhone(normalized));
      }}
    />
  );
}
