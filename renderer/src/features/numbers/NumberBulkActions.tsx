/**
 * What can be done to the numbers chosen in the table: release them (a confirmation saying they keep taking calls
 * for §9's 30 days and can be kept until then; then a bulk release followed live, its failures named), apply a
 * template, or add a tag. Shown to who may manage numbers, while any is chosen.
 */
import { Alert, Button, Group, List, Modal, Paper, Progress, Stack, TagsInput, Text } from '@mantine/core';
import type { NumberTableRow } from '@shared/api/numberTable';
import { INACTIVE_NUMBER_REMOVAL_DAYS } from '@shared/domain/limits';
import { formatPhone } from '@shared/domain/phone';
import { useState } from 'react';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { flash } from '../../ui/flash';
import { failureSummary } from '../../ui/formErrors';
import { ErrorAlert } from '../../ui/States';
import { ApplyTemplateDialog } from '../numberTemplates/ApplyTemplateDialog';
import { useTagNumbers } from './numbersApi';
import { isReleaseEnded, useBulkRelease } from './numberTableApi';

const numbersWord = (count: number) => (count === 1 ? 'number' : 'numbers');

export function NumberBulkActions({
  companyId,
  selected,
  onDone,
}: {
  companyId: number;
  /** The chosen rows (of the page shown). */
  selected: NumberTableRow[];
  /** The action was taken: the selection is cleared. */
  onDone: () => void;
}) {
  const [dialog, setDialog] = useState<'release' | 'template' | 'tag' | null>(null);
  const release = useBulkRelease(companyId);
  const count = selected.length;
  const close = () => setDialog(null);

  return (
    <>
      {count > 0 && (
        <Paper withBorder p="xs" role="region" aria-label="Chosen numbers">
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              {count} {numbersWord(count)} chosen
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => setDialog('tag')}>
                Add tag
              </Button>
              <Button size="xs" variant="default" onClick={() => setDialog('template')}>
                Apply template
              </Button>
              <Button size="xs" color="red" variant="light" onClick={() => setDialog('release')}>
                Release
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      {release.batch && <ReleaseProgress batch={release.batch} onDismiss={release.dismiss} />}
      <ConfirmModal
        opened={dialog === 'release'}
        title={`Release ${count} ${numbersWord(count)}?`}
        confirmLabel={`Release ${count} ${numbersWord(count)}`}
        focusCancel
        loading={release.send.isPending}
        error={release.send.error ? failureSummary(release.send.error) : null}
        onClose={close}
        onConfirm={() =>
          release.send.mutate(
            selected.map((row) => row.id),
            {
              onSuccess: () => {
                close();
                onDone();
              },
            },
          )
        }
      >
        <Text size="sm">
          They keep taking calls and texts for {INACTIVE_NUMBER_REMOVAL_DAYS} days, then go back to the
          carrier for good. Until then each can be kept from its page.
        </Text>
        <List size="sm">
          {selected.slice(0, 8).map((row) => (
            <List.Item key={row.id}>
              {formatPhone(row.number)}
              {row.label ? ` — ${row.label}` : ''}
            </List.Item>
          ))}
          {count > 8 && <List.Item>and {count - 8} more</List.Item>}
        </List>
      </ConfirmModal>
      <ApplyTemplateDialog
        companyId={companyId}
        numberIds={selected.map((row) => row.id)}
        opened={dialog === 'template'}
        onClose={close}
        onDone={onDone}
      />
      <TagDialog opened={dialog === 'tag'} selected={selected} onClose={close} onDone={onDone} />
    </>
  );
}

function ReleaseProgress({
  batch,
  onDismiss,
}: {
  batch: NonNullable<ReturnType<typeof useBulkRelease>['batch']>;
  onDismiss: () => void;
}) {
  const ended = isReleaseEnded(batch);
  const percent = ended ? 100 : Math.floor(batch.progress);
  return (
    <Alert
      color={batch.failed.length ? 'orange' : ended ? 'green' : 'blue'}
      title={ended ? 'Release finished' : 'Releasing numbers…'}
      withCloseButton={ended}
      onClose={onDismiss}
      closeButtonLabel="Dismiss"
    >
      <Stack gap="xs">
        <Progress value={percent} aria-label="Release progress" />
        <Text size="sm" aria-live="polite">
          {batch.released} of {batch.total} released
          {ended ? `; they go back to the carrier in ${INACTIVE_NUMBER_REMOVAL_DAYS} days.` : '.'}
        </Text>
        {batch.failed.length > 0 && (
          <List size="sm">
            {batch.failed.map((failure) => (
              <List.Item key={failure.number_id}>
                {failure.number ? formatPhone(failure.number) : `Number ${failure.number_id}`}:{' '}
                {failure.reason}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Alert>
  );
}

function TagDialog({
  opened,
  selected,
  onClose,
  onDone,
}: {
  opened: boolean;
  selected: NumberTableRow[];
  onClose: () => void;
  onDone: () => void;
}) {
  const [tags, setTags] = useState<string[]>([]);
  const tag = useTagNumbers();
  const add = () =>
    tag.mutate(
      { numbers: selected, tags },
      {
        onSuccess: (updated) => {
          flash('success', `Tagged ${updated} ${numbersWord(updated)}.`);
          setTags([]);
          onClose();
          onDone();
        },
      },
    );
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Add a tag to ${selected.length} ${numbersWord(selected.length)}`}
    >
      <Stack>
        <TagsInput
          label="Tags to add"
          description="Added to each number's tags; the tags they have stay."
          value={tags}
          onChange={setTags}
          data-autofocus
        />
        <ErrorAlert message={tag.error ? failureSummary(tag.error) : null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={add} disabled={tags.length === 0} loading={tag.isPending}>
            Add tags
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
