/**
 * The dashboard's widgets (`DASHBOARD_WIDGETS`), each asking `POST /dashboard` for its own type: calls over time,
 * outcomes, top sources and numbers, why calls were missed, the weekday × hour heatmap and the agent leaderboard.
 * Each draws its answer (charts from the lazy chart chunk), gives its figures as a table, and links to the
 * activity feed filtered as closely as the feed allows (activityLink.ts).
 */
import { Anchor, SegmentedControl, Table, Text, VisuallyHidden } from '@mantine/core';
import type { DashboardResponse, DashboardWidget } from '@shared/api/analytics';
import { hourLabel, MISSED_REASONS } from '@shared/domain/analytics';
import { CALL_OUTCOMES, type CallOutcome } from '@shared/domain/calls';
import { isCode, labelOf } from '@shared/domain/codes';
import { Link } from 'react-router';
import { activityLink } from './activityLink';
import { useDashboardWidget } from './analyticsApi';
import { TIMELINE_INTERVALS, type TimelineInterval, widgetBody } from './dashboardState';
import { formatCount, formatSeconds } from './figures';
import { busiestText, HOURS, heatmapRows, SHADE_STYLES } from './heatmap';
import { RankChart, ShareChart, TimeChart } from './LazyCharts';
import type { DayRange } from './range';
import { ChartWithFigures, FiguresTableView, Widget } from './Widget';

export interface WidgetProps {
  companyId: number;
  days: DayRange;
  tz: string;
  interval: TimelineInterval;
  onInterval: (interval: TimelineInterval) => void;
}

function useWidget(type: DashboardWidget, { companyId, days, tz, interval }: WidgetProps) {
  return useDashboardWidget(widgetBody(companyId, type, days, tz, interval), companyId > 0);
}

const value = (point: DashboardResponse['points'][number], name: string) => point.values[name] ?? 0;
const noCalls = (name: string) => (data: DashboardResponse) =>
  data.points.every((point) => value(point, name) === 0);

const TIMELINE_SERIES = [
  { name: 'answered', label: 'Answered', color: 'teal.6' },
  { name: 'missed', label: 'Missed', color: 'red.6' },
  { name: 'voicemail', label: 'Voicemail', color: 'yellow.6' },
];

export function TimelineWidget(props: WidgetProps) {
  const query = useWidget('timeline', props);
  return (
    <Widget
      title="Calls over time"
      query={query}
      wide
      isEmpty={noCalls('total')}
      link={activityLink(props.days)}
      controls={
        <SegmentedControl
          size="xs"
          aria-label="Calls per"
          value={props.interval}
          onChange={(interval) => props.onInterval(interval as TimelineInterval)}
          data={TIMELINE_INTERVALS.map((option) => ({ value: option.value, label: option.label }))}
        />
      }
    >
      {(data) => (
        <ChartWithFigures
          chart={
            <TimeChart
              data={data.points.map((point) => ({ label: point.label, ...point.values }))}
              series={TIMELINE_SERIES}
            />
          }
          table={{
            caption: `Calls per ${props.interval}: answered, missed and voicemail`,
            columns: ['Period', 'Calls', 'Answered', 'Missed', 'Voicemail'],
            rows: data.points.map((point) => ({
              key: point.key ?? point.label,
              cells: [
                point.label,
                formatCount(value(point, 'total')),
                formatCount(value(point, 'answered')),
                formatCount(value(point, 'missed')),
                formatCount(value(point, 'voicemail')),
              ],
            })),
          }}
        />
      )}
    </Widget>
  );
}

const OUTCOME_COLORS: Record<CallOutcome, string> = {
  0: 'gray.5',
  1: 'teal.6',
  2: 'red.6',
  3: 'yellow.6',
  4: 'dark.3',
};

export function OutcomesWidget(props: WidgetProps) {
  const query = useWidget('outcomes', props);
  const outcomesOf = (data: DashboardResponse) =>
    data.points
      .map((point) => Number(point.key))
      .filter((key): key is CallOutcome => isCode(CALL_OUTCOMES, key));
  return (
    <Widget
      title="Outcomes"
      query={query}
      isEmpty={noCalls('calls')}
      link={query.data ? activityLink(props.days, { outcomes: outcomesOf(query.data) }) : null}
    >
      {(data) => {
        const total = data.points.reduce((sum, point) => sum + value(point, 'calls'), 0);
        return (
          <ChartWithFigures
            chart={
              <ShareChart
                total={`${formatCount(total)} calls`}
                data={data.points.map((point) => {
                  const code = Number(point.key);
                  return {
                    name: point.label,
                    value: value(point, 'calls'),
                    color: isCode(CALL_OUTCOMES, code) ? OUTCOME_COLORS[code] : 'blue.6',
                  };
                })}
              />
            }
            table={shareTable('Calls by outcome', 'Outcome', data, total)}
          />
        );
      }}
    </Widget>
  );
}

/** A table of calls per group with each group's share of them. */
function shareTable(caption: string, group: string, data: DashboardResponse, total: number) {
  return {
    caption,
    columns: [group, 'Calls', 'Share'],
    rows: data.points.map((point) => {
      const calls = value(point, 'calls');
      return {
        key: point.key ?? point.label,
        cells: [
          point.label,
          formatCount(calls),
          total ? `${Math.round((calls / total) * 1000) / 10} %` : '0 %',
        ],
      };
    }),
  };
}

function RankWidget({
  title,
  group,
  type,
  color,
  linkOf,
  ...props
}: WidgetProps & {
  title: string;
  group: string;
  type: DashboardWidget;
  color: string;
  linkOf: (data: DashboardResponse) => string;
}) {
  const query = useWidget(type, props);
  return (
    <Widget
      title={title}
      query={query}
      isEmpty={noCalls('calls')}
      link={query.data ? linkOf(query.data) : null}
    >
      {(data) => {
        const total = data.points.reduce((sum, point) => sum + value(point, 'calls'), 0);
        return (
          <ChartWithFigures
            chart={
              <RankChart
                data={data.points.map((point) => ({ label: point.label, calls: value(point, 'calls') }))}
                series={[{ name: 'calls', label: 'Calls', color }]}
              />
            }
            table={shareTable(`Calls by ${group.toLowerCase()}`, group, data, total)}
          />
        );
      }}
    </Widget>
  );
}

export function SourcesWidget(props: WidgetProps) {
  return (
    <RankWidget
      {...props}
      title="Top sources"
      group="Source"
      type="sources"
      color="violet.6"
      // The feed filters by source name: the sources listed (calls with no source it cannot pick out).
      linkOf={(data) =>
        activityLink(props.days, {
          sources: data.points.flatMap((point) => (point.key ? [point.key] : [])),
        })
      }
    />
  );
}

export function NumbersWidget(props: WidgetProps) {
  return (
    <RankWidget
      {...props}
      title="Top numbers"
      group="Number"
      type="numbers"
      color="blue.6"
      // The feed takes one number: with several, the range's calls.
      linkOf={(data) =>
        activityLink(props.days, {
          number: data.points.length === 1 && data.points[0]?.key ? Number(data.points[0].key) : null,
        })
      }
    />
  );
}

export function MissedReasonsWidget(props: WidgetProps) {
  const query = useWidget('missed_reasons', props);
  return (
    <Widget
      title="Why calls were missed"
      query={query}
      isEmpty={noCalls('calls')}
      // Unanswered calls: missed and voicemail (the feed has no filter by reason).
      link={activityLink(props.days, { outcomes: [2, 3] })}
    >
      {(data) => {
        const total = data.points.reduce((sum, point) => sum + value(point, 'calls'), 0);
        const points = data.points.map((point) => ({
          ...point,
          label: isCode(MISSED_REASONS, point.key) ? labelOf(MISSED_REASONS, point.key) : point.label,
        }));
        return (
          <ChartWithFigures
            chart={
              <RankChart
                data={points.map((point) => ({ label: point.label, calls: value(point, 'calls') }))}
                series={[{ name: 'calls', label: 'Missed calls', color: 'red.6' }]}
              />
            }
            table={shareTable('Missed calls by reason', 'Reason', { ...data, points }, total)}
          />
        );
      }}
    </Widget>
  );
}

/** A short hour heading ("12a", "1p"): 24 columns fit; the full name is read out. */
const shortHour = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12}${hour < 12 ? 'a' : 'p'}`;

export function HeatmapWidget(props: WidgetProps) {
  const query = useWidget('heatmap', props);
  return (
    <Widget
      title="Calls by day and hour"
      query={query}
      wide
      isEmpty={noCalls('calls')}
      link={activityLink(props.days)}
    >
      {(data) => {
        const { rows } = heatmapRows(data.points);
        return (
          <>
            <Text size="sm" c="dimmed">
              {busiestText(rows)}. Darker cells had more calls.
            </Text>
            <Table.ScrollContainer minWidth={760}>
              <Table withTableBorder withColumnBorders horizontalSpacing={2} verticalSpacing={4} fz="xs">
                <caption>
                  <VisuallyHidden>Calls per weekday and hour of day, in {props.tz}</VisuallyHidden>
                </caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">
                      <VisuallyHidden>Day</VisuallyHidden>
                    </Table.Th>
                    {HOURS.map((hour) => (
                      <Table.Th key={hour} scope="col" ta="center" fw={500}>
                        <span aria-hidden>{shortHour(hour)}</span>
                        <VisuallyHidden>{hourLabel(hour)}</VisuallyHidden>
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.weekday}>
                      <Table.Th scope="row" fw={500}>
                        <span aria-hidden>{row.name.slice(0, 3)}</span>
                        <VisuallyHidden>{row.name}</VisuallyHidden>
                      </Table.Th>
                      {row.cells.map((cell) => (
                        <Table.Td
                          key={cell.hour}
                          ta="center"
                          title={cell.label}
                          data-shade={cell.shade}
                          style={SHADE_STYLES[cell.shade]}
                        >
                          {cell.calls || ''}
                          <VisuallyHidden>{cell.calls ? ' calls' : 'No calls'}</VisuallyHidden>
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        );
      }}
    </Widget>
  );
}

export function AgentsWidget(props: WidgetProps) {
  const query = useWidget('agents', props);
  return (
    <Widget
      title="Agent leaderboard"
      query={query}
      isEmpty={(data) => data.points.length === 0}
      link={activityLink(props.days, { outcomes: [1] })}
    >
      {(data) => (
        <FiguresTableView
          table={{
            caption: 'Answered calls, talk time and missed calls per agent, most answered first',
            columns: ['Agent', 'Answered', 'Talk time', 'Missed'],
            rows: data.points.map((point) => ({
              key: point.key ?? point.label,
              cells: [
                // Each agent links to their calls of the period.
                Number(point.key) > 0 ? (
                  <Anchor
                    key="agent"
                    component={Link}
                    to={activityLink(props.days, { agents: [Number(point.key)] })}
                    size="sm"
                  >
                    {point.label}
                  </Anchor>
                ) : (
                  point.label
                ),
                formatCount(value(point, 'answered')),
                formatSeconds(value(point, 'talk_time')),
                formatCount(value(point, 'missed')),
              ],
            })),
          }}
        />
      )}
    </Widget>
  );
}
