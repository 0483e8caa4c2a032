/**
 * DNI call reports (§7 `POST /dni/reports/calls`, `GET /dni/reports`): ask for a CSV of the company's calls with
 * their attribution over a date range (made in the background), follow each report's state as it is made —
 * `dni-report.updated` on the company's channel, and a short interval while one is in progress — and download
 * it once finished, through the signed link the list gives.
 */
import { Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { DniReport } from '@shared/api/dniReports';
import { roleCan } from '@shared/domain/permissions';
import { createColumnHelper } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { ApiError, apiBaseUrl } from '../../api';
import { useShell } from '../../app/context';
import { useTimeZone } from '../../app/timeZone';
import { DataTable } from '../../ui/DataTable';
import { formatWhen } from '../../ui/dateTime';
import { flash } from '../../ui/flash';
import { EmptyState, ErrorAlert, ErrorState, QueryErrorState } from '../../ui/States';
import { absoluteMediaUrl } from '../activity/media';
import { RowsSkeleton } from '../schedule/Skeletons';
import { whoMay } from '../schedule/whoMay';
import { useReportsRealtime } from './realtime';
import { defaultReportRange, rangeText, reportProblems, STATE_LOOK } from './reportModel';
import { TrackingHeader } from './TrackingAreaTabs';
import { useDniReports, useRequestDniReport } from './trackingApi';

const NO_REPORTS: DniReport[] = [];
const column = createColumnHelper<DniReport>();

export function ReportsPage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const canView = roleCan(company?.role, 'reports.view');
  const tz = useTimeZone();
  const reports = useDniReports(companyId, canView);
  useReportsRealtime(canView ? companyId : 0);

  const columns = useMemo(
    () => [
      column.accessor((report) => `${report.start_date} ${report.end_date}`, {
        id: 'range',
        header: 'Dates',
        cell: (info) => (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {rangeText(info.row.original)}
          </Text>
        ),
      }),
      column.accessor('state', {
        header: 'State',
        cell: (info) => {
          const report = info.row.original;
          const look = STATE_LOOK[report.state];
          return (
            <Stack gap={2}>
              <Group gap={6} wrap="nowrap">
                {report.state === 'running' && <Loader size={12} aria-hidden />}
                <Badge variant="light" color={look.color} size="sm">
                  {look.label}
                </Badge>
              </Group>
              {report.state === 'failed' && report.message && (
                <Text size="xs" c="red">
                  {report.message}
                </Text>
              )}
            </Stack>
          );
        },
      }),
      column.accessor('rows', {
        header: 'Calls',
        cell: (info) => (info.row.original.state === 'finished' ? info.getValue().toLocaleString() : '—'),
      }),
      column.accessor((report) => report.requested_by ?? '', { id: 'by', header: 'Asked by' }),
      column.accessor('created_at', {
        header: 'Asked',
        cell: (info) => (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatWhen(info.getValue(), tz)}
          </Text>
        ),
      }),
      column.display({
        id: 'download',
        header: 'Download',
        cell: (info) => {
          const report = info.row.original;
          if (report.state !== 'finished' || !report.download_url)
            return (
              <Text size="sm" c="dimmed">
                {report.state === 'failed' ? 'None' : 'When ready'}
              </Text>
            );
          return (
            <Anchor
              href={absoluteMediaUrl(report.download_url, apiBaseUrl(), window.location.href)}
              download={`dni-calls-${report.start_date}-${report.end_date}.csv`}
              size="sm"
              aria-label={`Download the report of ${rangeText(report)}`}
            >
              Download CSV
            </Anchor>
          );
        },
      }),
    ],
    [tz],
  );

  let body: ReactNode;
  if (!company) body = <EmptyState title="You are not in a company yet" />;
  else if (!canView)
    body = (
      <ErrorState
        title="Not allowed"
        error={`Your role in this company cannot see reports: ${whoMay('reports.view')} can.`}
      />
    );
  else if (reports.isPending) body = <RowsSkeleton label="Loading the reports" />;
  else if (reports.error && !reports.data)
    body = <QueryErrorState title="Could not load the reports" query={reports} />;
  else
    body = (
      <>
        <RequestForm companyId={companyId} tz={tz} />
        <DataTable
          label="DNI call reports"
          data={reports.data ?? NO_REPORTS}
          columns={columns}
          busy={reports.isFetching && !reports.isPending}
          empty={
            <EmptyState title="No reports yet">
              A report is a CSV of the calls in a date range, each with its source, keyword, landing page and
              the pages viewed before the call.
            </EmptyState>
          }
          scrollContainer={{ minWidth: 760 }}
        />
      </>
    );

  return (
    <Stack>
      <TrackingHeader title="Reports" description="Your calls and where they came from, as a spreadsheet." />
      {body}
    </Stack>
  );
}

function RequestForm({ companyId, tz }: { companyId: number; tz: string }) {
  const [range, setRange] = useState(() => defaultReportRange(new Date(), tz));
  const [errors, setErrors] = useState<{ startDate?: string; endDate?: string }>({});
  const [formError, setFormError] = useState('');
  const request = useRequestDniReport(companyId);
  const today = dayjs().tz(tz).format('YYYY-MM-DD');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError('');
    const problems = reportProblems(range);
    setErrors(problems);
    if (problems.startDate || problems.endDate) return;
    request.mutate(range, {
      onSuccess: () =>
        flash(
          'success',
          `Report of ${rangeText({ start_date: range.startDate, end_date: range.endDate })} asked for: it is being made.`,
        ),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 422) {
          const placed = { startDate: error.field('startDate'), endDate: error.field('endDate') };
          setErrors(placed);
          if (!placed.startDate && !placed.endDate) setFormError(error.message);
        } else setFormError(error.message);
      },
    });
  };

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} noValidate aria-labelledby="request-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="request-title">
          New call report
        </Title>
        <ErrorAlert message={formError} />
        <Group align="flex-start" gap="sm">
          <TextInput
            type="date"
            label="From"
            value={range.startDate}
            max={today}
            onChange={(event) => {
              const startDate = event.currentTarget.value;
              setRange((current) => ({ ...current, startDate }));
            }}
            error={errors.startDate}
            w={180}
          />
          <TextInput
            type="date"
            label="To"
            value={range.endDate}
            min={range.startDate || undefined}
            onChange={(event) => {
              const endDate = event.currentTarget.value;
              setRange((current) => ({ ...current, endDate }));
            }}
            error={errors.endDate}
            w={180}
          />
          <Button type="submit" mt={25} loading={request.isPending}>
            Make report
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          Both days included, in the company’s time zone; at most two years.
        </Text>
      </Stack>
    </Paper>
  );
}
