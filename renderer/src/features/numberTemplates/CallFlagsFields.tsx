/**
 * The template's call switches under §5 ("Updating a number template with AI extraction enabled drops the record
 * and call transcription flags"): with AI extraction on, recording and transcription show on and locked, with a
 * sentence saying why; off, they are the person's.
 */
import { Stack, Switch, Text } from '@mantine/core';
import { AI_EXTRACTION_LOCK_REASON } from '@shared/domain/numberTemplates';
import { useId } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { SwitchField } from '../../ui/formFields';
import { shownCallFlags, type TemplateForm } from './templateModel';

const LOCKED = [
  { name: 'recording_enabled', label: 'Record calls' },
  { name: 'call_transcription_enabled', label: 'Transcribe calls' },
] as const;

export function CallFlagsFields({
  form,
  readOnly,
}: {
  form: UseFormReturn<TemplateForm>;
  readOnly: boolean;
}) {
  const control = form.control;
  const [ai, recording, transcription] = useWatch({
    control,
    name: ['ai_extraction_enabled', 'recording_enabled', 'call_transcription_enabled'],
  });
  const shown = shownCallFlags({
    ai_extraction_enabled: ai,
    recording_enabled: recording,
    call_transcription_enabled: transcription,
  });
  const reasonId = useId();
  return (
    <Stack gap="sm" role="group" aria-label="Calls">
      <SwitchField
        control={control}
        name="ai_extraction_enabled"
        label="AI extraction"
        description="Reads each call’s transcript for the details a call carries."
        disabled={readOnly}
      />
      {LOCKED.map(({ name, label }) =>
        ai ? (
          <Switch
            key={name}
            label={label}
            checked={shown[name]}
            disabled
            readOnly
            aria-describedby={reasonId}
            onChange={() => undefined}
          />
        ) : (
          <SwitchField key={name} control={control} name={name} label={label} disabled={readOnly} />
        ),
      )}
      {ai && (
        <Text size="sm" c="dimmed" id={reasonId}>
          {AI_EXTRACTION_LOCK_REASON}
        </Text>
      )}
    </Stack>
  );
}
