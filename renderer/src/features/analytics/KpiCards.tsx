/**
 * The key figures (`POST /companies/{companyId}/calls/kpi`): each KPI's value in the range, its value in the §9
 * previous period, and the change — an arrow and an amount coloured by whether it is good news (the server's
 * `tone`: a rising missed rate is bad, rising answered calls good). Each card is read as one sentence ("Missed rate
 * 12.5 %, up 2.1 points from 10.4 %"); the drawn parts are hidden from screen readers so it is not read twice.
 */
import { Paper, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { KpiResponse, KpiResult } from '@shared/api/analytics';
import { DATE_FORMATS } from '@shared/domain/time';
import type { UseQueryResult } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { QueryErrorState } from '../../ui/States';
import { changeMark, formatKpi, kpiSentence } from './figures';

function KpiCard({ result }: { result: KpiResult }) {
  return (
    <Paper withBorder p="sm" role="group" aria-label={result.label}>
      <VisuallyHidden>{kpiSentence(result)}</VisuallyHidden>
      <Stack gap={2} aria-hidden>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {result.label}
        </Text>
        <Text fw={700} size="xl" data-kpi-value>
          {formatKpi(result.kpi, result.current)}
        </Text>
        <Text size="sm" fw={600} className={`analytics-tone-${result.tone}`} data-kpi-change>
          {changeMark(result)}
        </Text>
        <Text size="xs" c="dimmed">
          from {formatKpi(result.kpi, result.previous)}
        </Text>
      </Stack>
    </Paper>
  );
}

const day = (date: string) => dayjs(date).format(DATE_FORMATS.monthDayYear);

/** "Compared with Sep 1, 2026 – Sep 30, 2026". */
export function comparedWith(response: KpiResponse): string {
  const { start, end } = response.previousRange;
  return `Compared with ${start === end ? day(start) : `${day(start)} – ${day(end)}`}`;
}

export function KpiCards({ query }: { query: UseQueryResult<KpiResponse> }) {
  const data = query.data;
  return (
    <Stack gap="xs" component="section" aria-label="Key figures" aria-busy={query.isFetching && !data}>
      {data ? (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {comparedWith(data)}
            {query.isPlaceholderData ? ' (updating…)' : ''}
          </Text>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
            {data.kpis.map((result) => (
              <KpiCard key={result.kpi} result={result} />
            ))}
          </SimpleGrid>
        </>
      ) : query.error ? (
        <QueryErrorState title="Could not load the key figures" query={query} />
      ) : (
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" role="status" aria-label="Loading the key figures">
          {['a', 'b', 'c', 'd'].map((key) => (
            <Skeleton key={key} h={96} aria-hidden />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
