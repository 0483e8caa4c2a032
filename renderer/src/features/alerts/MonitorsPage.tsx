/**
 * Monitors (§7 Alerts: "monitors a company can turn on"): each kind with its switch and its settings (the defaults
 * of MONITOR_DEFAULTS until changed), saved one monitor at a time. The server checks each setting's range and says
 * which one it refused, beside the field. Owners and administrators (`settings.manage`) change them.
 */
import { Anchor, Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { ALERT_MESSAGES, type Monitor } from '@shared/api/alerts';
import { MONITOR_KINDS } from '@shared/domain/alerts';
import { labelOf } from '@shared/domain/codes';
import { roleCan } from '@shared/domain/permissions';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useShell } from '../../app/context';
import { useTimeZone } from '../../app/timeZone';
import { formatWhen } from '../../ui/dateTime';
import { flash } from '../../ui/flash';
import { applyServerErrors } from '../../ui/formErrors';
import { SwitchField } from '../../ui/formFields';
import { EmptyState, ErrorAlert, ErrorState, LoadingState, QueryErrorState } from '../../ui/States';
import { settingFieldsOf, settingsToEdit } from './alertModel';
import { useMonitors, useUpdateMonitor } from './alertsApi';

/** What each monitor watches, in a sentence under its name. */
const DESCRIPTIONS: Record<Monitor['kind'], string> = {
  missed_rate: 'Opens an alert when too many calls go unanswered over a few hours.',
  no_calls: 'Opens an alert when a number that used to get calls has had none for a while.',
  forward_failing: 'Opens an alert when calls forwarded to a phone keep failing.',
  campaign_paused: 'Opens an alert when a campaign is paused automatically.',
  number_limit: 'Opens an alert when the company is close to its number limit.',
};

export function MonitorsPage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const canManage = roleCan(company?.role, 'settings.manage');
  const monitors = useMonitors(canManage ? companyId : 0);

  if (!company) return <EmptyState title="You are not in a company yet" />;
  if (!canManage)
    return <ErrorState title="Not allowed" error="Your role in this company cannot change its monitors." />;

  return (
    <Stack>
      <Anchor component={Link} to="/alerts" size="sm">
        ← Alerts
      </Anchor>
      <Title order={1} size="h2">
        Monitors
      </Title>
      <Text c="dimmed">
        Turn on the checks that open alerts for this company, and set when each one fires.
      </Text>
      {monitors.isPending ? (
        <LoadingState label="Loading monitors" />
      ) : !monitors.data ? (
        <QueryErrorState title="Could not load the monitors" query={monitors} />
      ) : (
        monitors.data.map((monitor) => (
          <MonitorCard key={monitor.kind} companyId={companyId} monitor={monitor} />
        ))
      )}
    </Stack>
  );
}

interface MonitorValues {
  enabled: boolean;
  settings: Record<string, number | string>;
}

function MonitorCard({ companyId, monitor }: { companyId: number; monitor: Monitor }) {
  const tz = useTimeZone();
  const name = labelOf(MONITOR_KINDS, monitor.kind, monitor.kind);
  const fields = settingFieldsOf(monitor.kind);
  const form = useForm<MonitorValues>({
    values: { enabled: monitor.enabled, settings: settingsToEdit(monitor.kind, monitor.settings) },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const save = useUpdateMonitor(companyId);
  const headingId = `monitor-${monitor.kind}`;

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    // An emptied field is sent as no number (JSON writes NaN as null): the server refuses it by name.
    const settings = Object.fromEntries(
      fields.map((field) => [
        field.key,
        values.settings[field.key] === '' ? Number.NaN : Number(values.settings[field.key]),
      ]),
    );
    save.mutate(
      { kind: monitor.kind, enabled: values.enabled, settings },
      {
        onSuccess: () => flash('success', ALERT_MESSAGES.monitorSaved),
        onError: (error) =>
          setFormError(
            applyServerErrors(
              error,
              form.setError,
              (field) => field === 'enabled' || field.startsWith('settings.'),
            ) || null,
          ),
      },
    );
  });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Stack gap={2}>
            <Title order={2} size="h4" id={headingId}>
              {name}
            </Title>
            <Text size="sm" c="dimmed">
              {DESCRIPTIONS[monitor.kind]}
            </Text>
          </Stack>
          <SwitchField control={form.control} name="enabled" label="On" aria-label={`${name}: on`} />
          {fields.length > 0 && (
            <Group align="flex-start" gap="md">
              {fields.map((field) => (
                <Controller
                  key={field.key}
                  control={form.control}
                  name={`settings.${field.key}`}
                  render={({ field: input, fieldState }) => (
                    <NumberInput
                      label={field.label}
                      description={`${field.min.toLocaleString('en-US')} to ${field.max.toLocaleString('en-US')}; ${field.defaultValue.toLocaleString('en-US')} by default`}
                      ref={input.ref}
                      name={input.name}
                      value={input.value}
                      onChange={input.onChange}
                      onBlur={input.onBlur}
                      error={fieldState.error?.message}
                      min={field.min}
                      max={field.max}
                      clampBehavior="none"
                      allowDecimal={false}
                      w={220}
                    />
                  )}
                />
              ))}
            </Group>
          )}
          <ErrorAlert message={formError} />
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {monitor.updated_at ? `Last changed ${formatWhen(monitor.updated_at, tz)}` : 'Never changed'}
            </Text>
            <Button type="submit" loading={save.isPending} aria-label={`Save ${name}`}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
