/**
 * One number (§7 Numbers; §3 Routing entry, Forward entry, Default extension config, Forward types, Hours schedule
 * settings; §4 presets; §5 next extension; §9 time slots): its label, tags and switches, the routing editor — the
 * extensions a caller reaches, each with what it rings and a summary in words — and its hours, its own or the
 * company's. Each part saves on its own through `PUT /numbers/{id}`; a refused field says why beside it.
 */
import { Anchor, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import type { NumberDetail, ScheduleView } from '@shared/api/numbers';
import { roleCan } from '@shared/domain/permissions';
import { formatPhone } from '@shared/domain/phone';
import { useState } from 'react';
import { type Path, type UseFormReturn, useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { useShell } from '../../app/context';
import { flash } from '../../ui/flash';
import { applyServerErrors } from '../../ui/formErrors';
import { fieldProps, SwitchField, TagsField } from '../../ui/formFields';
import { EmptyState, ErrorAlert, ErrorState, LoadingState, QueryErrorState } from '../../ui/States';
import { HoursEditor } from './HoursEditor';
import { NumberCustomFields } from './NumberCustomFields';
import { NumberLifecycle } from './NumberLifecycle';
import { NumberNotifications } from './NumberNotifications';
import { useAgents, useCompanySchedule, useGreetings, useNumberDetail, useSaveNumber } from './numberPageApi';
import { RoutingEditor } from './RoutingEditor';
import { RoutingPreviewCard } from './RoutingPreviewCard';
import {
  detailsToSend,
  type NumberForm,
  numberFormOf,
  routeErrors,
  routesToSend,
  scheduleToSend,
} from './routingModel';

export function NumberPage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const canView = roleCan(company?.role, 'numbers.view');
  const id = Number(useParams().numberId);
  const valid = Number.isInteger(id) && id > 0;
  const detail = useNumberDetail(canView && valid ? id : 0);
  const companySchedule = useCompanySchedule(canView ? companyId : 0);

  if (!company) return <EmptyState title="You are not in a company yet" />;
  if (!canView)
    return <ErrorState title="Not allowed" error="Your role in this company cannot see its numbers." />;
  if (!valid) return <ErrorState title="No such number" error="This address does not name a number." />;
  if (detail.isPending || companySchedule.isPending) return <LoadingState label="Loading the number" />;
  if (!detail.data) return <QueryErrorState title="Could not load the number" query={detail} />;
  return (
    <NumberEditor
      key={detail.data.id}
      detail={detail.data}
      companySchedule={companySchedule.data}
      canManage={roleCan(company.role, 'numbers.manage')}
      canHandle={roleCan(company.role, 'inbox.use')}
    />
  );
}

type Part = 'details' | 'routing' | 'hours';

function NumberEditor({
  detail,
  companySchedule,
  canManage,
  canHandle,
}: {
  detail: NumberDetail;
  companySchedule: ScheduleView | undefined;
  canManage: boolean;
  /** Takes the number's calls and texts, so has alerts of it to choose. */
  canHandle: boolean;
}) {
  const form = useForm<NumberForm>({
    defaultValues: numberFormOf(detail, companySchedule, Intl.DateTimeFormat().resolvedOptions().timeZone),
  });
  const [failures, setFailures] = useState<Partial<Record<Part, string>>>({});
  const agents = useAgents(detail.company_id, canManage);
  const greetings = useGreetings(detail.company_id, canManage);
  const save = useSaveNumber((message) => flash('success', message));
  const name = detail.label || formatPhone(detail.number);

  const send = (part: Part, changes: Parameters<typeof save.mutate>[0]['changes'], prefix: string) => {
    setFailures((current) => ({ ...current, [part]: undefined }));
    save.mutate(
      { id: detail.id, name, changes },
      {
        onError: (error) => {
          const unplaced = applyServerErrors(error, form.setError, (field) =>
            prefix
              ? field.startsWith(prefix)
              : ['label', 'tags', 'sms_enabled', 'call_transcription_enabled'].includes(field),
          );
          setFailures((current) => ({
            ...current,
            [part]: unplaced || 'Some fields need another look.',
          }));
        },
      },
    );
  };

  const saveDetails = form.handleSubmit((values) => send('details', detailsToSend(values), ''));
  const saveRouting = () => {
    form.clearErrors('routes');
    const routes = form.getValues('routes');
    if (!checkRoutes(form)) {
      setFailures((current) => ({ ...current, routing: 'Some extensions need another look.' }));
      return;
    }
    send('routing', { routes: routesToSend(routes) }, 'routes');
  };
  const saveHours = () => send('hours', { schedule: scheduleToSend(form.getValues('schedule')) }, 'schedule');

  const readOnly = !canManage;
  return (
    <Stack maw={920}>
      <Anchor component={Link} to="/numbers" size="sm">
        All numbers
      </Anchor>
      <Title order={1} size="h2">
        {formatPhone(detail.number)}
      </Title>
      <NumberLifecycle detail={detail} canManage={canManage} />
      <RoutingPreviewCard detail={detail} />

      <form onSubmit={saveDetails} aria-label="Number details">
        <Stack>
          <TextInput label="Label" maxLength={100} readOnly={readOnly} {...fieldProps(form, 'label')} />
          <TagsField
            control={form.control}
            name="tags"
            label="Tags"
            description="Press Enter after each tag."
            readOnly={readOnly}
          />
          <SwitchField control={form.control} name="sms_enabled" label="SMS enabled" disabled={readOnly} />
          <SwitchField
            control={form.control}
            name="call_transcription_enabled"
            label="Call transcription"
            disabled={readOnly}
          />
          {failures.details && <ErrorAlert message={failures.details} />}
          {canManage && (
            <Group>
              <Button type="submit" loading={save.isPending && save.variables?.changes.label !== undefined}>
                Save details
              </Button>
            </Group>
          )}
        </Stack>
      </form>

      <RoutingEditor
        form={form}
        agents={agents.data ?? []}
        greetings={greetings.data ?? []}
        readOnly={readOnly}
        failure={failures.routing}
        saving={save.isPending && save.variables?.changes.routes !== undefined}
        onSave={saveRouting}
      />

      <HoursEditor
        form={form}
        companySchedule={companySchedule}
        readOnly={readOnly}
        failure={failures.hours}
        saving={save.isPending && save.variables?.changes.schedule !== undefined}
        onSave={saveHours}
      />

      <NumberCustomFields detail={detail} canManage={canManage} />
      {canHandle && <NumberNotifications companyId={detail.company_id} numberId={detail.id} />}
    </Stack>
  );
}

/** The schema's checks, beside their fields before anything is sent; false when one fails. */
/** Puts what the contract would refuse beside its fields before anything is sent; true when nothing is. */
function checkRoutes(form: UseFormReturn<NumberForm>): boolean {
  const errors = Object.entries(routeErrors(form.getValues('routes')));
  for (const [field, message] of errors)
    form.setError(field as Path<NumberForm>, { type: 'client', message });
  return errors.length === 0;
}
