/**
 * One alert (§7 `/monitoring/alerts/{id}` and its history): what it is about and the facts behind it, what
 * happened to it (who, what, when, why), and what can be done now — close it with a reason, snooze it for a
 * while (at most ALERT_SNOOZE_MAX_HOURS), or reopen a snoozed or closed one.
 */
import { Anchor, Button, Group, Menu, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ALERT_MESSAGES, type Alert, type AlertHistoryEntry } from '@shared/api/alerts';
import { MONITOR_KINDS } from '@shared/domain/alerts';
import { labelOf } from '@shared/domain/codes';
import { roleCan } from '@shared/domain/permissions';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useShell } from '../../app/context';
import { useTimeZone } from '../../app/timeZone';
import { errorText } from '../../ui/ConfirmModal';
import { formatWhen } from '../../ui/dateTime';
import { flash } from '../../ui/flash';
import { EmptyState, ErrorState, LoadingState, QueryErrorState } from '../../ui/States';
import { AlertStateBadge } from './AlertStateBadge';
import { factsOf, historyHeadline, reasonLabel, SNOOZE_CHOICES, snoozeUntil } from './alertModel';
import { useAlert, useAlertHistory, useUpdateAlert } from './alertsApi';
import { CloseAlertDialog } from './CloseAlertDialog';

export function AlertPage() {
  const { company } = useShell();
  const id = Number(useParams().alertId);
  const canView = roleCan(company?.role, 'reports.view');
  const alert = useAlert(canView && Number.isInteger(id) ? id : 0);

  if (!company) return <EmptyState title="You are not in a company yet" />;
  if (!canView)
    return <ErrorState title="Not allowed" error="Your role in this company cannot see its alerts." />;
  if (alert.isPending) return <LoadingState label="Loading the alert" />;
  if (!alert.data) return <QueryErrorState title="Could not load the alert" query={alert} />;
  return <AlertView alert={alert.data} />;
}

function AlertView({ alert }: { alert: Alert }) {
  const tz = useTimeZone();
  const [closing, setClosing] = useState(false);
  const update = useUpdateAlert(alert);
  const history = useAlertHistory(alert.id);

  const change = (body: Parameters<typeof update.mutate>[0], done: string) =>
    update.mutate(body, {
      onSuccess: () => flash('success', done),
      onError: (error) => flash('danger', errorText(error), { title: 'The alert was not changed' }),
    });

  const facts = [
    { label: 'Kind', value: labelOf(MONITOR_KINDS, alert.kind, alert.kind) },
    { label: 'About', value: alert.subject.label },
    { label: 'Opened', value: formatWhen(alert.opened_at, tz) },
    ...(alert.state === 'closed' && alert.closed_at
      ? [
          { label: 'Closed', value: formatWhen(alert.closed_at, tz) },
          { label: 'Closed by', value: alert.closed_by?.name ?? 'the monitor' },
          { label: 'Reason', value: reasonLabel(alert.reason) ?? '—' },
          { label: 'Comment', value: alert.comment || '—' },
        ]
      : []),
    ...factsOf(alert),
  ];

  return (
    <Stack>
      <Anchor component={Link} to="/alerts" size="sm">
        ← All alerts
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {alert.title}
          </Title>
          <Group gap="xs">
            <AlertStateBadge alert={alert} tz={tz} />
          </Group>
        </Stack>
        <Group gap="xs">
          {alert.state !== 'closed' && <Button onClick={() => setClosing(true)}>Close alert</Button>}
          {alert.state === 'open' && (
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="default" loading={update.isPending}>
                  Snooze
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>Snooze for</Menu.Label>
                {SNOOZE_CHOICES.map((choice) => (
                  <Menu.Item
                    key={choice.hours}
                    onClick={() =>
                      change(
                        { state: 'snoozed', snoozed_until: snoozeUntil(new Date(), choice.hours) },
                        ALERT_MESSAGES.snoozed,
                      )
                    }
                  >
                    {choice.label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
          {alert.state !== 'open' && (
            <Button
              variant="default"
              loading={update.isPending}
              onClick={() => change({ state: 'open' }, ALERT_MESSAGES.reopened)}
            >
              Reopen
            </Button>
          )}
        </Group>
      </Group>

      <Paper withBorder p="md" component="section" aria-labelledby="alert-facts">
        <Title order={2} size="h4" id="alert-facts" mb="sm">
          Details
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" m={0}>
          {facts.map((fact) => (
            <div key={fact.label}>
              <Text component="dt" size="xs" c="dimmed">
                {fact.label}
              </Text>
              <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                {fact.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Paper>

      <Paper withBorder p="md" component="section" aria-labelledby="alert-history">
        <Title order={2} size="h4" id="alert-history" mb="sm">
          History
        </Title>
        {history.isPending ? (
          <LoadingState label="Loading the history" />
        ) : history.error ? (
          <QueryErrorState title="Could not load the history" query={history} />
        ) : (
          <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {(history.data ?? []).map((entry) => (
              <HistoryEntry key={entry.id} entry={entry} tz={tz} />
            ))}
          </Stack>
        )}
      </Paper>

      {closing && <CloseAlertDialog alert={alert} onClose={() => setClosing(false)} />}
    </Stack>
  );
}

function HistoryEntry({ entry, tz }: { entry: AlertHistoryEntry; tz: string }) {
  const reason = reasonLabel(entry.reason);
  return (
    <Stack
      component="li"
      gap={2}
      pl="sm"
      style={{ borderInlineStart: '2px solid var(--mantine-color-default-border)' }}
    >
      <Text size="sm" fw={500}>
        {historyHeadline(entry)}
      </Text>
      <Text size="xs" c="dimmed">
        {formatWhen(entry.at, tz)}
      </Text>
      {reason && <Text size="sm">Reason: {reason}</Text>}
      {entry.comment && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          “{entry.comment}”
        </Text>
      )}
    </Stack>
  );
}
