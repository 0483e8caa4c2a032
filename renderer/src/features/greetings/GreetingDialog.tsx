/**
 * Adding or changing a greeting: a name, then how it sounds — text spoken by a voice of the server's (with a
 * Preview that speaks it without saving), an audio file, or a recording from the microphone. What the contract
 * would refuse is said beside its field before anything is sent; the server's own refusals land there too.
 * Saved, the §8 message says so ("Greeting added successfully." / "Greeting updated successfully.").
 */
import {
  Alert,
  Button,
  FileInput,
  Group,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  GREETING_NAME_MAX,
  GREETING_TEXT_MAX,
  type Greeting,
  type GreetingVoices,
  SpeakBodySchema,
} from '@shared/api/greetings';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../api';
import { FormDialog } from '../../ui/FormDialog';
import { flash } from '../../ui/flash';
import {
  draftErrors,
  draftOf,
  GREETING_SOURCES,
  type GreetingDraft,
  type GreetingSource,
} from './greetingModel';
import { speakPreview, useSaveGreeting } from './greetingsApi';
import { Recorder } from './Recorder';

type Field = 'name' | 'content' | 'voice' | 'file';

const ACCEPT = 'audio/wav,audio/x-wav,audio/mpeg,audio/mp3,audio/ogg,audio/webm,.wav,.mp3,.ogg,.webm';

export function GreetingDialog({
  companyId,
  greeting,
  voices,
  onClose,
}: {
  companyId: number;
  /** The greeting to change; null for a new one. */
  greeting: Greeting | null;
  voices: GreetingVoices | undefined;
  onClose: () => void;
}) {
  const canSpeak = voices?.available ?? false;
  const [draft, setDraft] = useState<GreetingDraft>(() => {
    const start = draftOf(greeting, voices?.default_voice ?? 'en-us');
    // Without text-to-speech a new greeting starts as an upload.
    return !greeting && voices && !voices.available ? { ...start, source: 'upload' } : start;
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveGreeting();
  const change = (changes: Partial<GreetingDraft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(changes)) delete next[key as Field];
      return next;
    });
  };

  const voiceOptions = useMemo(
    () => (voices?.data ?? []).map((voice) => ({ value: voice.id, label: voice.name })),
    [voices],
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const found = draftErrors(draft);
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(
      { companyId, draft },
      {
        onSuccess: (answer) => {
          flash('success', answer.message);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) {
            const placed: Partial<Record<Field, string>> = {};
            let other = '';
            for (const [field, messages] of Object.entries(error.errors)) {
              const text = Array.isArray(messages) ? String(messages[0] ?? '') : String(messages);
              if (['name', 'content', 'voice', 'file'].includes(field)) placed[field as Field] = text;
              else other ||= text;
            }
            setErrors(placed);
            setFailure(other || null);
          } else setFailure(error.message);
        },
      },
    );
  };

  return (
    <FormDialog
      title={greeting ? `Edit ${greeting.name || 'greeting'}` : 'New greeting'}
      submitLabel={greeting ? 'Save greeting' : 'Add greeting'}
      pending={save.isPending}
      error={failure}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label="Name"
        description="How you will know it when choosing a greeting for a number. Left empty, it is named after its text or file."
        maxLength={GREETING_NAME_MAX}
        value={draft.name}
        onChange={(event) => change({ name: event.currentTarget.value })}
        error={errors.name}
        data-autofocus
      />
      <Radio.Group
        label="How it sounds"
        value={draft.source}
        onChange={(value) => change({ source: value as GreetingSource, file: null })}
      >
        <Group mt={6}>
          {GREETING_SOURCES.map((source) => (
            <Radio
              key={source.value}
              value={source.value}
              label={source.label}
              disabled={source.value === 'text' && !canSpeak}
            />
          ))}
        </Group>
      </Radio.Group>
      {voices && !voices.available && voices.message && (
        <Alert color="yellow" title="Text-to-speech is not available">
          {voices.message}
        </Alert>
      )}
      {draft.source === 'text' && (
        <SpeechFields
          companyId={companyId}
          draft={draft}
          voiceOptions={voiceOptions}
          errors={errors}
          disabled={!canSpeak}
          onChange={change}
        />
      )}
      {draft.source === 'upload' && (
        <FileInput
          label="Audio file"
          description={
            greeting?.kind === 'upload'
              ? 'WAV, MP3, Ogg or WebM, at most 5 MB. Leave it empty to keep the current audio. Calls play WAV and MP3.'
              : 'WAV, MP3, Ogg or WebM, at most 5 MB. Calls play WAV and MP3.'
          }
          placeholder="Choose a file"
          accept={ACCEPT}
          clearable
          value={draft.file instanceof File ? draft.file : null}
          onChange={(file) => change({ file })}
          error={errors.file}
        />
      )}
      {draft.source === 'record' && (
        <Recorder recording={draft.file} onRecorded={(file) => change({ file })} error={errors.file} />
      )}
    </FormDialog>
  );
}

/** The text, the voice and the preview: the text spoken now, played here, stored nowhere. */
function SpeechFields({
  companyId,
  draft,
  voiceOptions,
  errors,
  disabled,
  onChange,
}: {
  companyId: number;
  draft: GreetingDraft;
  voiceOptions: { value: string; label: string }[];
  errors: Partial<Record<Field, string>>;
  disabled: boolean;
  onChange: (changes: Partial<GreetingDraft>) => void;
}) {
  const [preview, setPreview] = useState<{ url: string; of: string } | null>(null);
  const [speaking, setSpeaking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const asked = `${draft.voice}\u0000${draft.content.trim()}`;

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview.url);
    },
    [preview],
  );

  const listen = async () => {
    setProblem(null);
    const checked = SpeakBodySchema.safeParse({ content: draft.content, voice: draft.voice });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Enter the text to speak.');
      return;
    }
    setSpeaking(true);
    try {
      const audio = await speakPreview(companyId, checked.data.content, draft.voice);
      setPreview({ url: URL.createObjectURL(audio), of: asked });
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.status === 503
          ? 'Text-to-speech is not available on this server right now.'
          : error instanceof Error
            ? error.message
            : String(error),
      );
    } finally {
      setSpeaking(false);
    }
  };

  return (
    <Stack gap="xs">
      <Textarea
        label="Text to speak"
        autosize
        minRows={3}
        maxLength={GREETING_TEXT_MAX}
        value={draft.content}
        onChange={(event) => onChange({ content: event.currentTarget.value })}
        error={errors.content}
        disabled={disabled}
        description={`${draft.content.length} of ${GREETING_TEXT_MAX} characters`}
      />
      <Select
        label="Voice"
        data={voiceOptions}
        searchable
        allowDeselect={false}
        nothingFoundMessage="No voice matches"
        value={draft.voice}
        onChange={(voice) => voice && onChange({ voice })}
        error={errors.voice}
        disabled={disabled}
      />
      <Group gap="xs">
        <Button variant="default" onClick={() => void listen()} loading={speaking} disabled={disabled}>
          Preview
        </Button>
        {preview && preview.of !== asked && (
          <Text size="xs" c="dimmed">
            The text or voice changed since this preview.
          </Text>
        )}
      </Group>
      {preview && (
        // biome-ignore lint/a11y/useMediaCaption: the preview speaks the text shown just above it.
        <audio
          controls
          autoPlay
          src={preview.url}
          aria-label="Preview of the greeting"
          style={{ width: '100%' }}
        />
      )}
      {problem && (
        <Text size="sm" c="red.8" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
