/**
 * Reports (§7 `GET /analytics/calls`): the company's calls grouped one way — by period, hour, weekday, number,
 * source, keyword, campaign, landing page, agent, outcome, qualification, first-time caller, call length or why
 * missed — with every figure per group and the totals, filtered by numbers, sources, agents, outcomes and tags,
 * in the user's time zone. The report lives in the address (reportState.ts), so a reload or a shared link opens it
 * again; it can be kept as a favorite, exported as CSV (made in the background, with its progress), and printed.
 */
import './analytics.css';
import { Anchor, Button, Grid, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { ANALYTICS_GROUPINGS } from '@shared/domain/analytics';
import { labelOf } from '@shared/domain/codes';
import { roleCan } from '@shared/domain/permissions';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useShell } from '../../app/context';
import { useTimeZone } from '../../app/timeZone';
import { platform } from '../../platform';
import { flash } from '../../ui/flash';
import { EmptyState, ErrorState, QueryErrorState } from '../../ui/States';
import { useSearchParamsNow } from '../../ui/useSearchParamsNow';
import { RowsSkeleton } from '../schedule/Skeletons';
import { whoMay } from '../schedule/whoMay';
import { reportActivityLink } from './activityLink';
import { useChoices, useReport } from './analyticsApi';
import { FavoritesPanel, SaveFavoriteDialog } from './Favorites';
import { ReportControls } from './ReportControls';
import { ReportResults } from './ReportResults';
import { rangePhrase, resolveRange } from './range';
import {
  exportPercent,
  isExporting,
  startExport,
  useReportExport,
  useReportExportRealtime,
} from './reportExport';
import {
  DEFAULT_REPORT,
  type ReportState,
  readReport,
  reportFilters,
  reportQuery,
  writeReport,
} from './reportState';

export function ReportsPage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const canView = roleCan(company?.role, 'reports.view');
  const tz = useTimeZone();
  const [params, setParams] = useSearchParamsNow();
  const state = useMemo(() => readReport(params), [params]);
  const change = useCallback(
    (patch: Partial<ReportState>) =>
      setParams((previous) => writeReport({ ...readReport(previous), ...patch }), { replace: true }),
    [setParams],
  );
  const days = useMemo(() => resolveRange(state.range, new Date(), tz), [state.range, tz]);
  const report = useReport(reportQuery(state, companyId, days, tz), canView);
  // What the pickers offer: the numbers, sources and agents that had calls in the range.
  const choiceQuery = (groupBy: 'number' | 'source' | 'agent') =>
    reportQuery({ ...DEFAULT_REPORT, groupBy }, companyId, days, tz);
  const numbers = useChoices(choiceQuery('number'), canView);
  const sources = useChoices(choiceQuery('source'), canView);
  const agents = useChoices(choiceQuery('agent'), canView);
  const [saving, setSaving] = useState(false);
  const exported = useReportExport();
  useReportExportRealtime(canView ? companyId : 0);

  if (!company) return <EmptyState title="You are not in a company yet" />;
  if (!canView)
    return (
      <ErrorState
        title="Not allowed"
        error={`Your role in this company cannot see reports: ${whoMay('reports.view')} can.`}
      />
    );

  const grouping = labelOf(ANALYTICS_GROUPINGS, state.groupBy);
  const exporting = isExporting(exported) && exported?.companyId === companyId;

  let results: ReactNode;
  if (report.data)
    results =
      report.data.totals.total === 0 ? (
        <EmptyState title="No calls match this report">Try a longer range or fewer filters.</EmptyState>
      ) : (
        <ReportResults report={report.data} state={state} days={days} />
      );
  else if (report.error) results = <QueryErrorState title="Could not load the report" query={report} />;
  else results = <RowsSkeleton label="Loading the report" />;

  return (
    <Stack gap="lg" data-report-print>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Reports
          </Title>
          <Text c="dimmed">
            Calls by {grouping.toLowerCase()}, {rangePhrase(state.range)}, in {tz}.
          </Text>
        </Stack>
        <Group gap="xs" data-print-hide>
          <Button variant="default" onClick={() => setSaving(true)}>
            Save as favorite
          </Button>
          <Button
            variant="default"
            loading={exporting}
            onClick={() =>
              void startExport({ companyId, groupBy: state.groupBy, tz, ...reportFilters(state, days) })
            }
          >
            Export CSV
          </Button>
          {/* The desktop app writes a PDF where the person chooses; a browser opens its print dialog. */}
          <Button
            variant="default"
            onClick={() => void savePdf(`Calls by ${grouping.toLowerCase()}, ${rangePhrase(state.range)}`)}
          >
            Print or save as PDF
          </Button>
        </Group>
      </Group>
      {exported && exported.companyId === companyId && exported.phase !== 'finished' && (
        <Stack gap={4} data-print-hide>
          <Text size="sm" aria-live="polite">
            {exported.phase === 'failed'
              ? `The export failed: ${exported.error}`
              : exported.phase === 'downloading'
                ? 'Downloading the report…'
                : `Exporting the report… ${exportPercent(exported)}%`}
          </Text>
          {exported.phase !== 'failed' && (
            <Progress value={exportPercent(exported)} aria-label="Export progress" striped animated />
          )}
        </Stack>
      )}
      <ReportControls
        state={state}
        tz={tz}
        choices={{ numbers: numbers.data, sources: sources.data, agents: agents.data }}
        onChange={change}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, xl: 9 }}>
          <Stack gap="xs">
            {results}
            {report.data && report.data.totals.total > 0 && (
              <Text size="sm" data-print-hide>
                <Anchor component={Link} to={reportActivityLink(days, state)}>
                  View these calls in the activity feed
                </Anchor>
              </Text>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 3 }}>
          <FavoritesPanel companyId={companyId} current={state} />
        </Grid.Col>
      </Grid>
      {saving && (
        <SaveFavoriteDialog
          companyId={companyId}
          state={state}
          suggestion={`Calls by ${grouping.toLowerCase()}, ${rangePhrase(state.range)}`}
          onClose={() => setSaving(false)}
        />
      )}
    </Stack>
  );
}

/** The report on screen as a PDF (print stylesheet: no navigation, no controls), saying how it went. */
async function savePdf(title: string): Promise<void> {
  try {
    if ((await platform().savePdf(title)) === 'saved') flash('success', 'The report was saved as a PDF.');
  } catch (error) {
    flash('danger', `The PDF could not be saved: ${error instanceof Error ? error.message : String(error)}`);
  }
}
