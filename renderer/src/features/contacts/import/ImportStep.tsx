/**
 * Step 3: what is about to be imported, then the upload's progress and the import's (realtime events, polling
 * when they do not come), with the counts so far.
 */
import { Button, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { ContinueInBackground } from '../../../ui/ContinueInBackground';
import { progressOf } from './importModel';
import type { TrackedImport } from './importTracker';

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0} align="center">
      <Text fw={700} size="lg" aria-label={`${label}: ${value}`}>
        {value.toLocaleString('en-US')}
      </Text>
      <Text size="xs" c="dimmed" aria-hidden>
        {label}
      </Text>
    </Stack>
  );
}

export function ImportReady({
  fileName,
  fileSize,
  fieldCount,
  groupNames,
  onBack,
  onStart,
}: {
  fileName: string;
  fileSize: number;
  fieldCount: number;
  groupNames: string[];
  onBack: () => void;
  onStart: () => void;
}) {
  const size =
    fileSize >= 1024 * 1024
      ? `${(fileSize / 1024 / 1024).toFixed(1)} MB`
      : `${Math.max(1, Math.round(fileSize / 1024))} KB`;
  return (
    <Stack>
      <Text size="sm">
        Ready to import <b>{fileName}</b> ({size}), filling {fieldCount} contact field
        {fieldCount === 1 ? '' : 's'}.
        {groupNames.length > 0 ? ` The contacts join ${groupNames.join(', ')}.` : ''}
      </Text>
      <Text size="sm" c="dimmed">
        Contacts whose number is already in your contacts are updated; rows that cannot be imported are listed
        in a report you can download. You can close this window while the import runs.
      </Text>
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onStart}>Start import</Button>
      </Group>
    </Stack>
  );
}

export function ImportRunning({ tracked, onHide }: { tracked: TrackedImport; onHide: () => void }) {
  const batch = tracked.batch;
  return (
    <Stack>
      {tracked.phase === 'uploading' || !batch ? (
        <>
          <Text size="sm">
            Uploading <b>{tracked.fileName}</b>… {Math.round(tracked.upload * 100)}%
          </Text>
          <Progress
            value={Math.round(tracked.upload * 100)}
            aria-label="Upload progress"
            size="lg"
            animated
          />
        </>
      ) : (
        <>
          <Text size="sm" aria-live="polite">
            {batch.state === 'queued'
              ? `Waiting to start ${tracked.fileName}…`
              : `Importing ${tracked.fileName}… ${progressOf(batch)}%` +
                (batch.total_rows
                  ? ` (${batch.processed_rows.toLocaleString('en-US')} of ${batch.total_rows.toLocaleString('en-US')} rows)`
                  : '')}
          </Text>
          <Progress value={progressOf(batch)} aria-label="Import progress" size="lg" striped animated />
          <SimpleGrid cols={3}>
            <Count label="Created" value={batch.created} />
            <Count label="Updated" value={batch.updated} />
            <Count label="Failed" value={batch.failed} />
          </SimpleGrid>
        </>
      )}
      <ContinueInBackground
        then="the import goes on, and a notification shows its progress."
        onClose={onHide}
      />
    </Stack>
  );
}
