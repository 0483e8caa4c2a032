/**
 * The campaign's message (§5): the text box, a button per dynamic field (§3) that puts its tag where the cursor
 * is, and the count as §5 counts it — message plus unsubscribe text, each field at its budget — with the SMS
 * segments and encoding of the whole text as it goes out.
 */
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { budgetedText, campaignBody, campaignTextError, type DynamicField } from '@shared/domain/campaigns';
import { TEXT_MAX_LENGTH } from '@shared/domain/limits';
import { countSegments } from '@shared/domain/sms';
import { useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { type CampaignFormValues, insertAt } from './editorModel';
import { counted } from './format';

const characters = (text: string) => Array.from(text).length;

export function MessageField({
  form,
  dynamicFields,
  hasMedia,
  disabled,
}: {
  form: UseFormReturn<CampaignFormValues>;
  dynamicFields: readonly DynamicField[];
  hasMedia: boolean;
  disabled: boolean;
}) {
  const box = useRef<HTMLTextAreaElement | null>(null);
  const { ref, ...registered } = form.register('text');
  const text = form.watch('text');
  const unsubscribe = form.watch('unsubscribe_text');

  const budgeted = budgetedText(text, dynamicFields);
  const length = characters(budgeted) + characters(unsubscribe);
  const segments = countSegments(campaignBody(budgeted, unsubscribe));
  const textError = campaignTextError(text, unsubscribe, hasMedia, dynamicFields);
  const usesFields = budgeted !== text;
  const budgets = [...new Set(dynamicFields.map((field) => field.length))];
  const budgetNote =
    budgets.length === 1
      ? `each field counted at ${budgets[0]} characters`
      : 'each field counted at its budget';

  const insert = (field: DynamicField) => {
    const element = box.current;
    const current = form.getValues('text');
    const next = insertAt(current, field.tag, element?.selectionStart ?? null, element?.selectionEnd ?? null);
    form.setValue('text', next.text, { shouldDirty: true });
    // The cursor follows the tag, in the box, so typing goes on after it.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.cursor, next.cursor);
    });
  };

  return (
    <Stack gap={6}>
      <Textarea
        label="Message"
        description="Personalise it with the recipient's fields: each is filled in per recipient."
        autosize
        minRows={4}
        maxRows={12}
        disabled={disabled}
        {...registered}
        ref={(element) => {
          ref(element);
          box.current = element;
        }}
        error={form.formState.errors.text?.message ?? textError ?? undefined}
      />
      <Group gap="xs" role="group" aria-label="Insert a field">
        <Text size="xs" c="dimmed">
          Insert:
        </Text>
        {dynamicFields.map((field) => (
          <Button
            key={field.tag}
            size="compact-xs"
            variant="light"
            disabled={disabled}
            aria-label={`Insert ${field.name}`}
            onClick={() => insert(field)}
          >
            {field.name}
          </Button>
        ))}
      </Group>
      <Text size="xs" c={textError ? 'var(--app-danger-text)' : 'dimmed'} aria-live="polite">
        {length.toLocaleString('en-US')} of {TEXT_MAX_LENGTH.toLocaleString('en-US')} characters with the
        unsubscribe text
        {usesFields ? ` (${budgetNote})` : ''} ·{' '}
        {hasMedia
          ? 'MMS: sent as one message'
          : `${counted(segments.segments, 'SMS segment')} (${segments.encoding})`}
      </Text>
    </Stack>
  );
}
