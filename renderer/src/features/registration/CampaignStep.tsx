/**
 * The campaign's steps: what it is (use case and more use cases, description, how people opt in, volume,
 * privacy policy, HELP answer), and the opt-ins with their proof and the sample messages. Checked with the shared
 * schema (SmsCampaignFieldsSchema) before saving; the server's 422 lands beside the same fields.
 */
import {
  Button,
  FileInput,
  Group,
  Paper,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  type Registration,
  SAMPLE_MESSAGES_MAX,
  SmsCampaignFieldsSchema,
  SUPPORTING_FILE_MAX_BYTES,
  SUPPORTING_FILE_TYPES,
} from '@shared/api/registration';
import { SMS_MONTHLY_VOLUMES, SMS_OPTIN_TYPES, SMS_USE_CASES } from '@shared/domain/registration';
import { useState } from 'react';
import { Controller, type Path, useFieldArray, useForm } from 'react-hook-form';
import { flash } from '../../ui/flash';
import { failureSummary } from '../../ui/formErrors';
import { MultiSelectField, SelectField, selectData } from '../../ui/formFields';
import { ErrorAlert } from '../../ui/States';
import { useRemoveFile, useSaveCampaign, useUploadFile } from './registrationApi';
import { type CampaignValues, campaignBody, campaignValues, formFieldOf } from './registrationModel';
import { StepActions } from './StepActions';
import { placeServerErrors } from './serverErrors';

const FIELDS = [
  'use_case',
  'sub_usecases',
  'description',
  'message_flow',
  'monthly_volume',
  'privacy_policy_url',
  'help_message',
  'sample_messages',
  'optins',
];

export function CampaignStep({
  companyId,
  registration,
  part,
  step,
  onBack,
  onSaved,
}: {
  companyId: number;
  registration: Registration;
  part: 'campaign' | 'messages';
  step: number;
  onBack: () => void;
  onSaved: (next: boolean) => void;
}) {
  // Dirty fields survive a refetch of the registration (an upload refreshes it while the step is being edited).
  const form = useForm<CampaignValues>({
    values: campaignValues(registration),
    resetOptions: { keepDirtyValues: true },
  });
  const samples = useFieldArray({ control: form.control, name: 'sample_messages' });
  const optins = useFieldArray({ control: form.control, name: 'optins' });
  const save = useSaveCampaign(companyId, registration.id);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (next: boolean) =>
    form.handleSubmit((values) => {
      setFormError(null);
      const body = campaignBody(values);
      // The shared schema first: what it refuses is said beside the field without a round trip.
      const checked = SmsCampaignFieldsSchema.safeParse(body);
      if (!checked.success) {
        for (const issue of checked.error.issues)
          form.setError(formFieldOf(issue.path.join('.')) as Path<CampaignValues>, {
            type: 'schema',
            message: issue.message,
          });
        return;
      }
      save.mutate(body, {
        onSuccess: () => {
          flash('success', 'Draft saved.');
          onSaved(next);
        },
        onError: (error) => setFormError(placeServerErrors(error, form.setError, FIELDS) || null),
      });
    })();

  return (
    <Stack>
      {part === 'campaign' ? (
        <>
          <SelectField
            control={form.control}
            name="use_case"
            label="Use case"
            data={selectData(SMS_USE_CASES)}
            clearable
          />
          <MultiSelectField
            control={form.control}
            name="sub_usecases"
            label="More use cases (optional)"
            data={selectData(SMS_USE_CASES)}
            maxValues={5}
          />
          <Textarea
            label="What the campaign sends"
            description="At least 40 characters"
            autosize
            minRows={2}
            {...fieldOf(form, 'description')}
          />
          <Textarea
            label="How people opt in"
            description="Where and how a person agrees to receive texts"
            autosize
            minRows={2}
            {...fieldOf(form, 'message_flow')}
          />
          <SelectField
            control={form.control}
            name="monthly_volume"
            label="Texts a month"
            data={selectData(SMS_MONTHLY_VOLUMES)}
            clearable
          />
          <TextInput
            label="Privacy policy address"
            placeholder="https://www.yourbusiness.com/privacy"
            {...fieldOf(form, 'privacy_policy_url')}
          />
          <TextInput label="Answer to HELP (optional)" {...fieldOf(form, 'help_message')} />
        </>
      ) : (
        <>
          <Text fw={500}>Sample messages</Text>
          <Text size="sm" c="dimmed">
            2 to {SAMPLE_MESSAGES_MAX} texts as you will send them: each names your brand and ends with
            opt-out wording such as “Reply STOP to opt out.”
          </Text>
          {samples.fields.map((sample, index) => (
            <Group key={sample.id} align="flex-end" wrap="nowrap">
              <Textarea
                label={`Sample message ${index + 1}`}
                autosize
                style={{ flex: 1 }}
                {...fieldOf(form, `sample_messages.${index}.text`)}
              />
              <Button
                variant="subtle"
                color="red"
                disabled={samples.fields.length <= 2}
                onClick={() => samples.remove(index)}
                aria-label={`Remove sample message ${index + 1}`}
              >
                Remove
              </Button>
            </Group>
          ))}
          <Button
            variant="light"
            w="fit-content"
            disabled={samples.fields.length >= SAMPLE_MESSAGES_MAX}
            onClick={() => samples.append({ text: '' })}
          >
            Add a sample message
          </Button>
          <Text fw={500} mt="md">
            Opt-in methods
          </Text>
          {optins.fields.map((optin, index) => (
            <Paper key={optin.id} withBorder p="sm">
              <Stack gap="xs">
                <Controller
                  control={form.control}
                  name={`optins.${index}.type`}
                  render={({ field }) => (
                    <Select
                      label={`Opt-in ${index + 1}: how`}
                      data={selectData(SMS_OPTIN_TYPES)}
                      value={field.value}
                      onChange={(value) => field.onChange(value ?? 'other')}
                      allowDeselect={false}
                    />
                  )}
                />
                <Textarea
                  label={`Opt-in ${index + 1}: describe it`}
                  autosize
                  {...fieldOf(form, `optins.${index}.description`)}
                />
                <Controller
                  control={form.control}
                  name={`optins.${index}.keywords`}
                  render={({ field }) => (
                    <TagsInput
                      label={`Opt-in ${index + 1}: keywords (optional)`}
                      value={field.value}
                      onChange={field.onChange}
                    />
                  )}
                />
                <OptinFiles companyId={companyId} registration={registration} index={index} form={form} />
                <Button
                  variant="subtle"
                  color="red"
                  w="fit-content"
                  onClick={() => optins.remove(index)}
                  aria-label={`Remove opt-in ${index + 1}`}
                >
                  Remove opt-in
                </Button>
              </Stack>
            </Paper>
          ))}
          <Button
            variant="light"
            w="fit-content"
            onClick={() =>
              optins.append({ type: 'other', description: '', keywords: [], supporting_file_ids: [] })
            }
          >
            Add an opt-in method
          </Button>
          {form.formState.errors.optins?.message && (
            <ErrorAlert message={form.formState.errors.optins.message} />
          )}
        </>
      )}
      <ErrorAlert message={formError} />
      <StepActions step={step} saving={save.isPending} onBack={onBack} onSave={submit} />
    </Stack>
  );
}

/** A text field's registration and message (names inside lists included). */
function fieldOf(form: ReturnType<typeof useForm<CampaignValues>>, name: Path<CampaignValues>) {
  const parts = name.split('.');
  let error: unknown = form.formState.errors;
  for (const part of parts) error = (error as Record<string, unknown> | undefined)?.[part];
  return { ...form.register(name), error: (error as { message?: string } | undefined)?.message };
}

/** The proof of one opt-in: files uploaded (PNG, JPEG, GIF, PDF) and placed on it; each removable. */
function OptinFiles({
  companyId,
  registration,
  index,
  form,
}: {
  companyId: number;
  registration: Registration;
  index: number;
  form: ReturnType<typeof useForm<CampaignValues>>;
}) {
  const upload = useUploadFile(companyId, registration.id);
  const remove = useRemoveFile(companyId, registration.id);
  const ids = form.watch(`optins.${index}.supporting_file_ids`) ?? [];
  const known = [
    ...registration.unattached_files,
    ...registration.campaign.optins.flatMap((optin) => optin.supporting_files),
  ];
  const files = ids.map((id) => known.find((file) => file.id === id) ?? { id, name: `File ${id}`, url: '' });
  const [key, setKey] = useState(0);
  return (
    <Stack gap={4}>
      <FileInput
        key={key}
        label={`Opt-in ${index + 1}: proof (screenshot, photo or PDF)`}
        description={`PNG, JPEG, GIF or PDF, at most ${SUPPORTING_FILE_MAX_BYTES / (1024 * 1024)} MB`}
        accept={SUPPORTING_FILE_TYPES.join(',')}
        clearable
        disabled={upload.isPending}
        onChange={(file) => {
          if (!file) return;
          upload.mutate(file, {
            onSuccess: (made) => {
              form.setValue(`optins.${index}.supporting_file_ids`, [...ids, made.id], { shouldDirty: true });
              setKey((k) => k + 1);
              flash('success', `${made.name} uploaded. Save the step to keep it on this opt-in.`);
            },
            onError: (error) => flash('danger', failureSummary(error), { title: 'Error' }),
          });
        }}
      />
      {files.map((file) => (
        <Group key={file.id} gap="xs">
          {file.url ? (
            <a href={file.url} target="_blank" rel="noreferrer">
              {file.name}
            </a>
          ) : (
            <Text size="sm">{file.name}</Text>
          )}
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            aria-label={`Remove ${file.name}`}
            onClick={() =>
              remove.mutate(file.id, {
                onSuccess: () =>
                  form.setValue(
                    `optins.${index}.supporting_file_ids`,
                    ids.filter((one) => one !== file.id),
                    { shouldDirty: true },
                  ),
                onError: (error) => flash('danger', failureSummary(error), { title: 'Error' }),
              })
            }
          >
            Remove
          </Button>
        </Group>
      ))}
    </Stack>
  );
}
