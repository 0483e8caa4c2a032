/**
 * The company's hours (§3 Hours schedule settings; §4 presets 1–6 and the Direct Voicemail flag; §9 time slots
 * every 15 minutes, Closed and All Day): the number page's hours editor over `GET`/`PUT
 * /companies/{companyId}/schedule`, shown 12-hour and stored 24-hour, in the company's time zone. Numbers that
 * follow the company's hours are open by these. Everyone who sees numbers may look; changing them needs
 * company.manage, and the others are told who can.
 */
import { Stack, Switch, Text, Title } from '@mantine/core';
import type { ScheduleView } from '@shared/api/numbers';
import { roleCan } from '@shared/domain/permissions';
import { type ReactNode, useEffect, useState } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import { useShell } from '../../app/context';
import { flash } from '../../ui/flash';
import { applyServerErrors } from '../../ui/formErrors';
import { EmptyState, ErrorState, QueryErrorState } from '../../ui/States';
import { HoursEditor } from '../numbers/HoursEditor';
import { NumbersAreaTabs } from '../numbers/NumbersAreaTabs';
import type { NumberForm } from '../numbers/routingModel';
import { HoursSkeleton } from './Skeletons';
import { useCompanySchedule, useSaveCompanySchedule } from './scheduleApi';
import { companyScheduleForm, companyScheduleToSend, scheduleFieldName } from './scheduleModel';
import { whoMay } from './whoMay';

export const SCHEDULE_SAVED = 'Business hours saved.';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function SchedulePage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const canView = roleCan(company?.role, 'numbers.view');
  const schedule = useCompanySchedule(canView ? companyId : 0);

  let body: ReactNode;
  if (!company) body = <EmptyState title="You are not in a company yet" />;
  else if (!canView)
    body = <ErrorState title="Not allowed" error="Your role in this company cannot see its hours." />;
  else if (schedule.isPending) body = <HoursSkeleton label="Loading the business hours" />;
  else if (!schedule.data)
    body = <QueryErrorState title="Could not load the business hours" query={schedule} />;
  else
    body = (
      <CompanyHours
        key={companyId}
        companyId={companyId}
        schedule={schedule.data}
        canChange={roleCan(company.role, 'company.manage')}
      />
    );

  return (
    <Stack maw={920}>
      <NumbersAreaTabs />
      <Stack gap={4}>
        <Title order={1} size="h2">
          Schedule
        </Title>
        <Text c="dimmed">
          The company’s business hours. A number that follows the company’s hours is open by these; outside
          them its calls go to its after-hours extension.
        </Text>
      </Stack>
      {body}
    </Stack>
  );
}

function CompanyHours({
  companyId,
  schedule,
  canChange,
}: {
  companyId: number;
  schedule: ScheduleView;
  canChange: boolean;
}) {
  const form = useForm<NumberForm>({
    defaultValues: companyScheduleForm(schedule, browserZone()),
  });
  const [failure, setFailure] = useState<string>();
  const save = useSaveCompanySchedule();

  // The hours shown first may be the ones kept on this device from an earlier visit: when the server's answer
  // differs, the form follows it, unless the person has started changing it.
  const dirty = form.formState.isDirty;
  useEffect(() => {
    if (!dirty) form.reset(companyScheduleForm(schedule, browserZone()));
  }, [schedule, dirty, form]);

  const onSave = () => {
    setFailure(undefined);
    form.clearErrors('schedule');
    save.mutate(
      { companyId, body: companyScheduleToSend(form.getValues('schedule')) },
      {
        onSuccess: (answer) => {
          form.reset(companyScheduleForm(answer));
          flash('success', SCHEDULE_SAVED);
        },
        onError: (error) => {
          // The server names the schedule's own fields (`mon_open_hour`); the form holds them under `schedule.`.
          const unplaced = applyServerErrors(
            error,
            (field, message) => form.setError(scheduleFieldName(String(field)) as Path<NumberForm>, message),
            () => true,
          );
          setFailure(unplaced || 'Some hours need another look.');
        },
      },
    );
  };

  return (
    <Stack>
      <Text size="sm" aria-live="polite">
        Now: <strong>{schedule.label || 'no hours set'}</strong> in {schedule.timezone.replaceAll('_', ' ')}.
      </Text>
      {!canChange && (
        <Text size="sm" c="dimmed" role="note">
          Only {whoMay('company.manage')} can change the company’s business hours.
        </Text>
      )}
      <Controller
        control={form.control}
        name="schedule.voicemail"
        render={({ field }) => (
          <Switch
            label="Direct Voicemail flag"
            description="Every call to a number following these hours goes straight to voicemail, whatever the hours. Saved with the hours below."
            checked={field.value}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            onBlur={field.onBlur}
            ref={field.ref}
            disabled={!canChange}
          />
        )}
      />
      <HoursEditor
        form={form}
        companySchedule={schedule}
        readOnly={!canChange}
        failure={failure}
        saving={save.isPending}
        onSave={onSave}
        offerFollow={false}
      />
    </Stack>
  );
}
