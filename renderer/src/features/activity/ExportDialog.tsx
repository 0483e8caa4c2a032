/**
 * Exporting activity (§7 `POST /calls/export` and its siblings): choose the kind and its columns; the export uses
 * the feed's filters and the user's time zone. While it runs the dialog shows its progress (it may be closed: the
 * page keeps a small progress bar, and the CSV downloads when the batch finishes wherever the person is).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Group, Modal, Progress, Radio, Stack, Text } from '@mantine/core';
import type { ExportKind } from '@shared/api/activity';
import { SEARCH_WINDOW_YEARS } from '@shared/domain/limits';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ContinueInBackground } from '../../ui/ContinueInBackground';
import { columnLabel, columnsOf, EXPORT_KIND_LABELS, EXPORT_KINDS, orderedColumns } from './exportColumns';
import { isRunning, percentOf, type TrackedExport } from './exportTracker';
import { type ActivityFilterState, defaultExportKind, describeExportFilters, exportBody } from './filters';
import { exportTracker, useTrackedExport } from './runningExport';

/**
 * What the dialog chooses: the kind, and its columns. The rest of the export body (company, time zone, the feed's
 * filters) is the page's, and the contract checks the columns against the kind (EXPORT_ENDPOINTS).
 */
const ExportChoiceSchema = z.object({
  kind: z.enum(EXPORT_KINDS as [ExportKind, ...ExportKind[]]),
  columns: z.array(z.string()).min(1, 'Choose at least one column.'),
});
type ExportChoice = z.input<typeof ExportChoiceSchema>;
const choiceOf = (kind: ExportKind): ExportChoice => ({ kind, columns: [...columnsOf(kind)] });

interface ExportDialogProps {
  onClose: () => void;
  companyId: number;
  filters: ActivityFilterState;
  tz: string;
  numberName: (id: number) => string;
  agentName: (id: number) => string;
}

export function ExportDialog({ opened, ...props }: { opened: boolean } & ExportDialogProps) {
  return (
    <Modal opened={opened} onClose={props.onClose} title="Export activity" size="lg">
      <ExportDialogBody {...props} />
    </Modal>
  );
}

function ExportDialogBody({ onClose, companyId, filters, tz, numberName, agentName }: ExportDialogProps) {
  const tracked = useTrackedExport();
  const form = useForm<ExportChoice>({
    resolver: zodResolver(ExportChoiceSchema),
    // The column choice says at once when it is empty, not only on Start.
    mode: 'onChange',
    defaultValues: choiceOf(defaultExportKind(filters)),
  });
  const [kind, columns] = form.watch(['kind', 'columns']);
  const running = isRunning(tracked);

  if (tracked && running && tracked.companyId === companyId)
    return (
      <Stack>
        <ExportProgress tracked={tracked} />
        <ContinueInBackground
          then="the export goes on, and the file downloads when it is ready."
          onClose={onClose}
        />
      </Stack>
    );

  const applied = describeExportFilters(filters, kind, numberName, agentName);
  // Another kind has other columns: all of them, until the person unticks some.
  const chooseKind = (next: string) => form.reset(choiceOf(next as ExportKind));
  const start = form.handleSubmit(({ kind, columns }) => {
    void exportTracker.start(
      companyId,
      kind,
      exportBody(companyId, kind, orderedColumns(kind, columns), filters, tz),
    );
  });

  return (
    <form onSubmit={start}>
      <Stack gap="md">
        {tracked?.phase === 'failed' && tracked.companyId === companyId && (
          <Alert color="red" role="alert" title="The export failed">
            {tracked.error}
          </Alert>
        )}
        {tracked?.phase === 'finished' && tracked.companyId === companyId && (
          <Alert color="green" title="Export downloaded">
            {tracked.fileName} has been saved to your downloads.
          </Alert>
        )}
        {running && tracked && tracked.companyId !== companyId && (
          <Alert color="yellow" title="Another export is running">
            An export for another company is still running; start this one when it has finished.
          </Alert>
        )}
        <Radio.Group label="What to export" value={kind} onChange={chooseKind}>
          <Group gap="md" mt={6}>
            {EXPORT_KINDS.map((option) => (
              <Radio key={option} value={option} label={EXPORT_KIND_LABELS[option]} />
            ))}
          </Group>
        </Radio.Group>
        <Controller
          control={form.control}
          name="columns"
          render={({ field, fieldState }) => (
            <Checkbox.Group
              label="Columns"
              description="In this order in the file."
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            >
              <Group gap="sm" mt={6}>
                {columnsOf(kind).map((column) => (
                  <Checkbox key={column} value={column} label={columnLabel(column)} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
        />
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            Filters
          </Text>
          <Text size="sm" c="dimmed">
            {applied.length
              ? `${applied.join(' · ')}.`
              : `None: everything of the last ${SEARCH_WINDOW_YEARS} years.`}{' '}
            Times are in {tz}.
          </Text>
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!columns.length || running}>
            Start export
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** An export's progress, in words and as a bar (the server's percentage of rows written). */
export function ExportProgress({ tracked, compact = false }: { tracked: TrackedExport; compact?: boolean }) {
  const what = EXPORT_KIND_LABELS[tracked.kind].toLowerCase();
  const percent = percentOf(tracked.batch);
  const batch = tracked.batch;
  const words =
    tracked.phase === 'starting'
      ? `Starting the ${what} export…`
      : tracked.phase === 'downloading'
        ? `Downloading the ${what} export…`
        : `Exporting ${what}… ${percent}%` +
          (!compact && batch?.total_rows
            ? ` (${batch.processed_rows.toLocaleString()} of ${batch.total_rows.toLocaleString()} rows)`
            : '');
  return (
    <Stack gap={4} w={compact ? 220 : undefined}>
      <Text size={compact ? 'xs' : 'sm'} aria-live="polite">
        {words}
      </Text>
      <Progress
        value={tracked.phase === 'downloading' ? 100 : percent}
        aria-label="Export progress"
        size={compact ? 'sm' : 'lg'}
        striped
        animated
      />
    </Stack>
  );
}
