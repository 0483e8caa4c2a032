/**
 * One number template (`/numbers/templates/new`, `/numbers/templates/{id}`): its name, tags and switches (§5: AI
 * extraction locks recording and transcription on), greeting, after-hours extension and voicemail address, and the
 * number page's own routing and hours editors (features/numbers) — saved as a whole. An existing template is applied
 * to numbers from here, or deleted (with undo).
 */
import { Anchor, Button, Group, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import type { ScheduleView } from '@shared/api/numbers';
import type { NumberTemplate } from '@shared/api/numberTemplates';
import { roleCan } from '@shared/domain/permissions';
import { type ReactNode, useState } from 'react';
import {
  Controller,
  type Path,
  type UseFormReturn,
  type UseFormSetError,
  useForm,
  useWatch,
} from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { useShell } from '../../app/context';
import { flash } from '../../ui/flash';
import { applyServerErrors } from '../../ui/formErrors';
import { fieldProps, SelectField, SwitchField, TagsField } from '../../ui/formFields';
import { EmptyState, ErrorAlert, ErrorState, LoadingState, QueryErrorState } from '../../ui/States';
import { HoursEditor } from '../numbers/HoursEditor';
import { NumbersAreaTabs } from '../numbers/NumbersAreaTabs';
import { useAgents, useCompanySchedule, useGreetings } from '../numbers/numberPageApi';
import { RoutingEditor } from '../numbers/RoutingEditor';
import type { NumberForm } from '../numbers/routingModel';
import { ApplyTemplateDialog } from './ApplyTemplateDialog';
import { CallFlagsFields } from './CallFlagsFields';
import { DeleteTemplateDialog } from './DeleteTemplate';
import {
  AFTER_HOURS_VOICEMAIL,
  afterHoursOptions,
  formFieldOf,
  isTemplateField,
  type TemplateForm,
  templateFormErrors,
  templateFormOf,
  templateToSend,
} from './templateModel';
import { useCreateTemplate, useTemplate, useUpdateTemplate } from './templatesApi';

export const TEMPLATE_CREATED = 'The template was created.';
export const TEMPLATE_SAVED = 'The template was saved.';

export function TemplatePage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const canView = roleCan(company?.role, 'numbers.view');
  const param = useParams().templateId ?? '';
  const creating = param === 'new';
  const id = creating ? 0 : Number(param);
  const valid = creating || (Number.isInteger(id) && id > 0);
  const template = useTemplate(canView && !creating ? companyId : 0, valid ? id : 0);
  const companySchedule = useCompanySchedule(canView ? companyId : 0);
  const canManage = roleCan(company?.role, 'numbers.manage');

  let body: ReactNode;
  if (!company) body = <EmptyState title="You are not in a company yet" />;
  else if (!canView)
    body = <ErrorState title="Not allowed" error="Your role in this company cannot see its numbers." />;
  else if (!valid)
    body = <ErrorState title="No such template" error="This address does not name a template." />;
  else if (creating && !canManage)
    body = <ErrorState title="Not allowed" error="Your role in this company cannot make templates." />;
  else if ((!creating && template.isPending) || companySchedule.isPending)
    body = <LoadingState label="Loading the template" />;
  else if (!creating && !template.data)
    body = <QueryErrorState title="Could not load the template" query={template} />;
  else
    body = (
      <TemplateEditor
        key={template.data?.id ?? 'new'}
        companyId={companyId}
        template={creating ? null : (template.data ?? null)}
        companySchedule={companySchedule.data}
        canManage={canManage}
      />
    );
  return (
    <Stack>
      <NumbersAreaTabs />
      {body}
    </Stack>
  );
}

function TemplateEditor({
  companyId,
  template,
  companySchedule,
  canManage,
}: {
  companyId: number;
  template: NumberTemplate | null;
  companySchedule: ScheduleView | undefined;
  canManage: boolean;
}) {
  const navigate = useNavigate();
  const form = useForm<TemplateForm>({
    defaultValues: templateFormOf(
      template,
      companySchedule,
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    ),
  });
  // The number page's editors read and write only `routes` and `schedule`, which a template's form shares.
  const numberForm = form as unknown as UseFormReturn<NumberForm>;
  const agents = useAgents(companyId, canManage);
  const greetings = useGreetings(companyId, true);
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const [failure, setFailure] = useState('');
  const [applying, setApplying] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const readOnly = !canManage;
  const saving = create.isPending || update.isPending;

  const routes = useWatch({ control: form.control, name: 'routes' });
  const greetingId = useWatch({ control: form.control, name: 'greeting_id' });

  // A 422 names the contract's fields; the greeting text and voicemail address are flattened in the form.
  const setServerError: UseFormSetError<TemplateForm> = (name, error, options) =>
    form.setError(formFieldOf(name) as Path<TemplateForm>, error, options);
  const onError = (error: unknown) => {
    const unplaced = applyServerErrors(error, setServerError, isTemplateField);
    setFailure(unplaced || 'Some fields need another look.');
  };

  const save = () => {
    setFailure('');
    form.clearErrors();
    const values = form.getValues();
    const errors = Object.entries(templateFormErrors(values));
    if (errors.length) {
      for (const [field, message] of errors)
        form.setError(field as Path<TemplateForm>, { type: 'client', message });
      setFailure('Some fields need another look.');
      return;
    }
    const body = templateToSend(values);
    if (template) {
      update.mutate(
        { companyId, id: template.id, body },
        {
          onSuccess: (saved) => {
            flash('success', TEMPLATE_SAVED);
            form.reset(templateFormOf(saved, companySchedule));
          },
          onError,
        },
      );
    } else {
      create.mutate(
        { companyId, body },
        {
          onSuccess: (made) => {
            flash('success', TEMPLATE_CREATED);
            void navigate(`/numbers/templates/${made.id}`, { replace: true });
          },
          onError,
        },
      );
    }
  };

  return (
    <Stack maw={920}>
      <Anchor component={Link} to="/numbers/templates" size="sm">
        All templates
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {template ? template.name : 'New template'}
        </Title>
        {template && canManage && (
          <Group gap="xs">
            <Button variant="default" onClick={() => setApplying(true)}>
              Apply to numbers
            </Button>
            <Button variant="light" color="red" onClick={() => setDeleting(true)}>
              Delete template
            </Button>
          </Group>
        )}
      </Group>

      <form
        aria-label="Template"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack gap="xl">
          <Stack>
            <TextInput
              label="Name"
              required
              maxLength={100}
              readOnly={readOnly}
              {...fieldProps(form, 'name')}
            />
            <TagsField
              control={form.control}
              name="tags"
              label="Tags"
              description="Added to each number’s own tags when the template is applied. Press Enter after each tag."
              readOnly={readOnly}
            />
            <SwitchField control={form.control} name="sms_enabled" label="SMS enabled" disabled={readOnly} />
            <CallFlagsFields form={form} readOnly={readOnly} />
          </Stack>

          <section aria-labelledby="greeting-heading">
            <Stack>
              <Title order={2} size="h3" id="greeting-heading">
                Greeting and voicemail
              </Title>
              <SelectField
                control={form.control}
                name="greeting_id"
                label="Welcome greeting"
                description="A greeting of the company, played first (the menu’s prompt when callers choose a key)."
                placeholder="None, or the text below"
                data={greetings.data ?? []}
                clearable
                disabled={readOnly}
              />
              <Textarea
                label="Greeting text"
                description="Spoken when no greeting is chosen above; empty for none."
                autosize
                minRows={2}
                maxLength={2000}
                readOnly={readOnly}
                disabled={!!greetingId}
                {...fieldProps(form, 'greeting_text')}
              />
              <Controller
                control={form.control}
                name="after_hours_extension"
                render={({ field, fieldState }) => (
                  <Select
                    label="After hours"
                    description="Where calls go when the hours say closed."
                    data={afterHoursOptions(routes.map((route) => route.extension))}
                    allowDeselect={false}
                    ref={field.ref}
                    value={field.value ?? AFTER_HOURS_VOICEMAIL}
                    onChange={(value) =>
                      field.onChange(!value || value === AFTER_HOURS_VOICEMAIL ? null : value)
                    }
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                    disabled={readOnly}
                  />
                )}
              />
              <TextInput
                label="Voicemail alert address"
                description="Told of each voicemail left on the number; empty for none."
                type="email"
                readOnly={readOnly}
                {...fieldProps(form, 'voicemail_email')}
              />
            </Stack>
          </section>

          <RoutingEditor
            form={numberForm}
            agents={agents.data ?? []}
            greetings={greetings.data ?? []}
            readOnly={readOnly}
            failure={undefined}
            saving={false}
          />

          <HoursEditor
            form={numberForm}
            companySchedule={companySchedule}
            readOnly={readOnly}
            failure={undefined}
            saving={false}
          />

          <ErrorAlert message={failure} />
          {canManage && (
            <Group>
              <Button type="submit" loading={saving}>
                {template ? 'Save template' : 'Create template'}
              </Button>
            </Group>
          )}
        </Stack>
      </form>

      {template && canManage && (
        <>
          <ApplyTemplateDialog
            companyId={companyId}
            templateId={template.id}
            opened={applying}
            onClose={() => setApplying(false)}
          />
          <DeleteTemplateDialog
            companyId={companyId}
            template={deleting ? template : null}
            onClose={() => setDeleting(false)}
            onDeleted={() => void navigate('/numbers/templates')}
          />
        </>
      )}
    </Stack>
  );
}
