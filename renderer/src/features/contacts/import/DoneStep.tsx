/**
 * Step 4: what the import did ("N contacts imported, M updated, K rows could not be imported"), the first bad
 * rows with their row number and reason, and the whole report to download; or §8's import failure and a retry.
 */
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { ERROR_MESSAGES } from '@shared/domain/messages';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { DataTable } from '../../../ui/DataTable';
import { saveTextFile } from '../../../ui/download';
import { failureText, fetchReport } from './importApi';
import { type BadRow, importSummary, readReport, reportFileName } from './importModel';
import type { TrackedImport } from './importTracker';

const SHOWN_ROWS = 5;
// A row number may repeat with several reasons, so rows are known by their place.
const BAD_ROW_COLUMNS: ColumnDef<BadRow>[] = [
  { accessorKey: 'row', header: 'Row' },
  { accessorKey: 'reason', header: 'Reason' },
];

export function DoneStep({
  tracked,
  onRetry,
  onAnother,
  onClose,
}: {
  tracked: TrackedImport;
  onRetry: (() => void) | null;
  onAnother: () => void;
  onClose: () => void;
}) {
  const batch = tracked.batch;
  const failedRows = batch?.failed ?? 0;
  const report = useQuery({
    queryKey: ['Batch', 'contact-import-report', tracked.companyId, batch?.id ?? 0],
    queryFn: () => fetchReport(tracked.companyId, batch?.id ?? 0),
    enabled: tracked.phase === 'finished' && !!batch && failedRows > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    if (!batch) return;
    setDownloadError(null);
    setDownloading(true);
    try {
      const text = report.data ?? (await fetchReport(tracked.companyId, batch.id));
      saveTextFile(text, reportFileName(tracked.fileName));
    } catch (error) {
      setDownloadError(failureText(error));
    } finally {
      setDownloading(false);
    }
  };

  if (tracked.phase === 'failed' || !batch) {
    return (
      <Stack>
        <Alert color="red" role="alert" title="The contacts were not imported">
          {tracked.error ?? ERROR_MESSAGES.importFailure}
        </Alert>
        {batch && (batch.created > 0 || batch.updated > 0) && (
          <Text size="sm">Before it stopped: {importSummary(batch)}.</Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onAnother}>
            Choose another file
          </Button>
          {onRetry && <Button onClick={onRetry}>Try again</Button>}
        </Group>
      </Stack>
    );
  }

  const shown = report.data ? readReport(report.data, SHOWN_ROWS) : null;
  return (
    <Stack>
      <Progress value={100} aria-label="Import progress" size="lg" color="green" />
      <Alert color={failedRows > 0 ? 'yellow' : 'green'} role="status" title="Import finished">
        {importSummary(batch)}.
      </Alert>
      {failedRows > 0 && (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            Rows that could not be imported
          </Text>
          {report.isPending ? (
            <Text size="sm" c="dimmed">
              Loading the report…
            </Text>
          ) : report.error ? (
            <Text size="sm" c="var(--app-danger-text)" role="alert">
              The report could not be loaded: {failureText(report.error)}
            </Text>
          ) : shown && shown.rows.length > 0 ? (
            <>
              <DataTable
                label="Rows that could not be imported"
                data={shown.rows}
                columns={BAD_ROW_COLUMNS}
                densityControl={false}
                tableProps={{ striped: true, verticalSpacing: 4 }}
              />
              {shown.total > shown.rows.length && (
                <Text size="xs" c="dimmed">
                  …and {(shown.total - shown.rows.length).toLocaleString('en-US')} more in the report.
                </Text>
              )}
            </>
          ) : null}
          {downloadError && (
            <Text size="sm" c="var(--app-danger-text)" role="alert">
              The report could not be downloaded: {downloadError}
            </Text>
          )}
        </Stack>
      )}
      <Group justify="flex-end">
        {failedRows > 0 && (
          <Button variant="light" onClick={download} loading={downloading}>
            Download report
          </Button>
        )}
        <Button variant="default" onClick={onAnother}>
          Import another file
        </Button>
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Stack>
  );
}
