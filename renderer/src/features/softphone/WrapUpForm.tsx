/**
 * After the call: outcome, qualification, tags and note saved to the call (`PATCH /calls/{id}`; §8 "Failed to
 * update call" when that fails, the form kept). It never blocks the next call: a new ring shows above it.
 */
import { Button, Card, Group, Select, Stack, TagsInput, Text, Textarea } from '@mantine/core';
import {
  ACTIVITY_ENDPOINTS,
  CALL_NOTE_MAX_LENGTH,
  CALL_TAGS_MAX,
  type CallUpdate,
} from '@shared/api/activity';
import { CALL_OUTCOMES, CALL_QUALIFICATIONS } from '@shared/domain/calls';
import { ERROR_MESSAGES } from '@shared/domain/messages';
import { type Ref, useState } from 'react';
import { api } from '../../api';
import { flash } from '../../ui/flash';
import { submitWith } from '../../ui/submitWith';
import type { WrapUp } from '../../voice/softphone';
import { callerName, useSoftphone } from './SoftphoneProvider';

const outcomes = CALL_OUTCOMES.filter((o) => o.value !== 0).map((o) => ({
  value: String(o.value),
  label: o.label,
}));
const qualifications = CALL_QUALIFICATIONS.map((q) => ({ value: String(q.value), label: q.label }));

export function WrapUpForm({
  wrapUp,
  more,
  ref,
}: {
  wrapUp: WrapUp;
  more: number;
  /** The form's region, which takes the focus when a call ends (SoftphonePanel). */
  ref?: Ref<HTMLDivElement>;
}) {
  const softphone = useSoftphone();
  const [outcome, setOutcome] = useState<string | null>('1');
  const [qualification, setQualification] = useState<string | null>(null);
  const [tags, setTags] = useState<string[]>([]);
  const [note, setNote] = useState(wrapUp.notes);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const name = callerName({ contact: wrapUp.contact, from: wrapUp.remote });

  async function save() {
    setSaving(true);
    setError(null);
    try {
      await api.call(
        ACTIVITY_ENDPOINTS.updateCall,
        {
          params: { id: wrapUp.callId },
          body: {
            note,
            tags,
            // The selects offer the codes of CALL_QUALIFICATIONS and CALL_OUTCOMES only.
            qualification: qualification ? (Number(qualification) as CallUpdate['qualification']) : null,
            ...(outcome ? { outcome: Number(outcome) as CallUpdate['outcome'] } : {}),
          },
        },
        { silent: true },
      );
      flash('success', 'The call was wrapped up.');
      softphone.closeWrapUp(wrapUp.callId);
    } catch {
      setError(ERROR_MESSAGES.callUpdateFailed);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card ref={ref} tabIndex={-1} withBorder padding="sm" component="section" aria-label={`Wrap-up: ${name}`}>
      <Stack gap="xs" component="form" onSubmit={submitWith(save)}>
        <Text fw={600}>Wrap up the call with {name}</Text>
        <Group grow>
          <Select
            label="Outcome"
            data={outcomes}
            value={outcome}
            onChange={setOutcome}
            allowDeselect={false}
          />
          <Select
            label="Qualification"
            data={qualifications}
            value={qualification}
            onChange={setQualification}
            clearable
          />
        </Group>
        <TagsInput label="Tags" value={tags} onChange={setTags} maxTags={CALL_TAGS_MAX} clearable />
        <Textarea
          label="Note"
          autosize
          minRows={2}
          maxLength={CALL_NOTE_MAX_LENGTH}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group grow gap={4}>
          <Button type="submit" px="xs" loading={saving}>
            Save wrap-up
          </Button>
          <Button variant="default" px="xs" onClick={() => softphone.closeWrapUp(wrapUp.callId)}>
            Skip wrap-up
          </Button>
        </Group>
        {more > 0 && (
          <Text size="xs" c="dimmed">
            {more} more {more === 1 ? 'call waits' : 'calls wait'} for a wrap-up.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
