/**
 * The campaign editor (§4, §5): title, target group with its counts, sending number, the message with dynamic
 * fields and its count, attachments (MMS), unsubscribe text, whether the texts skip the inbox, and when to send —
 * now, or at a date and time in the company's time zone. Beside it the pre-send summary, asked again (debounced)
 * as the campaign changes. "Save as draft" needs a title; "Schedule" and "Send now" need §5's sendability, and
 * while they cannot be taken they are disabled with every reason listed. A refusal's messages go beside their
 * fields.
 */
import { Alert, Button, Grid, Group, List, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Campaign, CampaignPreviewBody } from '@shared/api/campaigns';
import { formatPhone } from '@shared/domain/phone';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { flash } from '../../ui/flash';
import { applyServerErrors, failureSummary } from '../../ui/formErrors';
import { fieldProps, SelectField, SwitchField } from '../../ui/formFields';
import { ErrorAlert } from '../../ui/States';
import { useGroups } from '../groups/api';
import { useCampaignPreview, useSaveCampaign, useSendingNumbers } from './campaignsApi';
import {
  actionBlockers,
  CAMPAIGN_FORM_FIELDS,
  type CampaignFormValues,
  campaignFields,
  dynamicFieldsOf,
  formFieldOf,
  previewBody,
  SAVE_ACTION_LABELS,
  type SaveAction,
  toFormValues,
} from './editorModel';
import { counted, formatDuration, formatWhen } from './format';
import { MediaField, type NewAttachment } from './MediaField';
import { MessageField } from './MessageField';
import { PreSendSummary } from './PreSendSummary';
import { useNow } from './useNow';

/** How long the editor waits after a change before asking for the summary again. */
const PREVIEW_DEBOUNCE_MS = 500;

export function CampaignEditor({
  campaign,
  companyId,
  tz,
  linksEnabled,
}: {
  campaign: Campaign | null;
  companyId: number;
  /** The company's time zone: the delivery time is read and shown in it. */
  tz: string;
  linksEnabled: boolean;
}) {
  const navigate = useNavigate();
  const now = useNow();
  const groups = useGroups(companyId);
  const numbers = useSendingNumbers(companyId);
  const { create, update } = useSaveCampaign({
    onSaved: (saved, { id, action }) => {
      const title = saved.title || 'The campaign';
      flash(
        'success',
        action === 'draft'
          ? `Saved “${title}” as a draft.`
          : action === 'schedule'
            ? `“${title}” is scheduled for ${formatWhen(saved.should_be_sent_at, tz)} (${tz}).`
            : `“${title}” is sending.`,
      );
      void navigate(`/campaigns/${saved.id}`, { replace: id === null });
    },
  });
  const [defaults] = useState(() => toFormValues(campaign, tz, new Date()));
  const methods = useForm<CampaignFormValues>({ defaultValues: defaults });
  const [kept, setKept] = useState<number[]>(() => campaign?.media.map((_, index) => index) ?? []);
  const [added, setAdded] = useState<NewAttachment[]>([]);
  const [formError, setFormError] = useState('');
  const [saving, setSaving] = useState<SaveAction | null>(null);
  const [confirmSend, setConfirmSend] = useState(false);

  const values = methods.watch();
  const dynamicFields = dynamicFieldsOf(campaign);
  const hasMedia = kept.length + added.length > 0;
  const context = { now, linksEnabled, tz, hasMedia, dynamicFields };
  const primary: SaveAction = values.delivery === 'later' ? 'schedule' : 'send';
  const draftBlocked = actionBlockers('draft', values, context);
  const primaryBlocked = actionBlockers(primary, values, context);

  // The summary follows the campaign as it is edited, once the typing pauses.
  const bodyJson = JSON.stringify(previewBody(values, { tz, hasMedia, dynamicFields }));
  const [settledJson] = useDebouncedValue(bodyJson, PREVIEW_DEBOUNCE_MS);
  const settledBody = useMemo(() => JSON.parse(settledJson) as CampaignPreviewBody, [settledJson]);
  const groupChosen = !!values.group;
  const preview = useCampaignPreview(companyId, settledBody, (settledBody.groups?.length ?? 0) > 0);

  const chosenGroup = groups.data?.find((group) => String(group.id) === values.group);
  const groupOptions = (groups.data ?? []).map((group) => ({
    value: String(group.id),
    label: group.name,
  }));
  const numberOptions = (numbers.data ?? []).map((number) => ({
    value: String(number.id),
    label: `${number.label || 'Number'} · ${formatPhone(number.number)}`,
  }));
  // A saved number that can no longer text still shows, so the choice is not silently lost.
  if (values.number_id && campaign?.number && !numberOptions.some((o) => o.value === values.number_id))
    numberOptions.push({
      value: String(campaign.number.id),
      label: `${campaign.number.label || 'Number'} · ${formatPhone(campaign.number.number)} (cannot text)`,
    });

  const showRefusal = (error: unknown) => {
    if (!(error instanceof ApiError)) return setFormError(failureSummary(error));
    const onFields: Record<string, unknown> = {};
    for (const [key, messages] of Object.entries(error.errors)) onFields[formFieldOf(key) ?? key] = messages;
    const unplaced = applyServerErrors(
      new ApiError(error.status, onFields, error.message),
      methods.setError,
      CAMPAIGN_FORM_FIELDS,
    );
    setFormError(unplaced || (Object.keys(onFields).length === 0 ? failureSummary(error) : ''));
  };

  const save = (action: SaveAction) =>
    methods.handleSubmit((current) => {
      setFormError('');
      setSaving(action);
      const fields = campaignFields(action, current, {
        tz,
        dynamicFields,
        media: { files: added.map((attachment) => attachment.file), keep: campaign ? kept : null },
      });
      const variables = { id: campaign?.id ?? null, companyId, action, fields };
      const options = {
        onError: showRefusal,
        onSettled: () => setSaving(null),
      };
      if (campaign) update.mutate(variables, options);
      else create.mutate(variables, options);
    })();

  const busy = saving !== null;
  const reasonsId = 'campaign-blockers';
  const sendSummary = preview.data
    ? `It goes to ${counted(preview.data.recipients, 'recipient')}, costs ${counted(preview.data.credits, 'credit')} and takes ${formatDuration(preview.data.duration_seconds)}.`
    : '';

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <form
          noValidate
          aria-label={campaign ? `Edit ${campaign.title}` : 'New campaign'}
          onSubmit={(event) => event.preventDefault()}
        >
          <Stack gap="md">
            <TextInput label="Title" required disabled={busy} {...fieldProps(methods, 'title')} />
            <SelectField
              control={methods.control}
              name="group"
              label="Group"
              placeholder={groups.isPending ? 'Loading groups…' : 'Choose the group to text'}
              data={groupOptions}
              searchable
              nothingFoundMessage="No group has that name"
              disabled={busy}
              description={
                chosenGroup
                  ? `${counted(chosenGroup.active_count, 'active contact')}, ${chosenGroup.unsubscriber_count.toLocaleString('en-US')} unsubscribed, ${chosenGroup.invalid_count.toLocaleString('en-US')} invalid`
                  : groups.isError
                    ? 'Could not load the groups.'
                    : 'Only its active contacts are texted: not the unsubscribed, not invalid numbers.'
              }
              renderOption={({ option }) => {
                const group = groups.data?.find((candidate) => String(candidate.id) === option.value);
                return (
                  <Stack gap={0}>
                    <Text size="sm">{option.label}</Text>
                    {group && (
                      <Text size="xs" c="dimmed">
                        {group.active_count.toLocaleString('en-US')} active ·{' '}
                        {group.unsubscriber_count.toLocaleString('en-US')} unsubscribed ·{' '}
                        {group.invalid_count.toLocaleString('en-US')} invalid
                      </Text>
                    )}
                  </Stack>
                );
              }}
            />
            <SelectField
              control={methods.control}
              name="number_id"
              label="Sending number"
              placeholder={numbers.isPending ? 'Loading numbers…' : 'Choose the number to send from'}
              data={numberOptions}
              disabled={busy}
              description={
                numbers.data && numbers.data.length === 0
                  ? 'No number of this company can send texts.'
                  : 'Replies come back to this number.'
              }
            />
            <MessageField form={methods} dynamicFields={dynamicFields} hasMedia={hasMedia} disabled={busy} />
            <MediaField
              saved={campaign?.media ?? []}
              kept={kept}
              added={added}
              disabled={busy}
              onKeptChange={setKept}
              onAddedChange={setAdded}
            />
            <TextInput
              label="Unsubscribe text"
              description="Added on its own line at the end of every text."
              disabled={busy}
              {...fieldProps(methods, 'unsubscribe_text')}
            />
            <SwitchField
              control={methods.control}
              name="skip_inbox"
              label="Skip the inbox"
              description="Do not add the campaign's texts to each recipient's conversation. Replies still arrive in the inbox."
              disabled={busy}
            />
            <Radio.Group
              label="When to send"
              value={values.delivery}
              onChange={(value) =>
                methods.setValue('delivery', value === 'later' ? 'later' : 'now', { shouldDirty: true })
              }
            >
              <Group gap="lg" mt={4}>
                <Radio value="now" label="As soon as it is sent" disabled={busy} />
                <Radio value="later" label="At a date and time" disabled={busy} />
              </Group>
            </Radio.Group>
            {values.delivery === 'later' && (
              <TextInput
                type="datetime-local"
                label="Send at"
                description={`In the company's time zone, ${tz}.`}
                disabled={busy}
                maw={280}
                {...fieldProps(methods, 'send_at')}
              />
            )}

            <ErrorAlert message={formError} />
            {primaryBlocked.length > 0 && (
              <Alert
                color="gray"
                variant="light"
                id={reasonsId}
                title={`To ${primary === 'send' ? 'send it' : 'schedule it'}:`}
              >
                <List size="sm" spacing={2}>
                  {primaryBlocked.map((reason) => (
                    <List.Item key={reason}>{reason}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            <Group gap="sm">
              <Button
                variant="default"
                disabled={draftBlocked.length > 0 || (busy && saving !== 'draft')}
                loading={saving === 'draft'}
                aria-describedby={draftBlocked.length ? reasonsId : undefined}
                onClick={() => save('draft')}
              >
                {SAVE_ACTION_LABELS.draft}
              </Button>
              <Button
                disabled={primaryBlocked.length > 0 || (busy && saving !== primary)}
                loading={saving === primary}
                aria-describedby={primaryBlocked.length ? reasonsId : undefined}
                onClick={() => (primary === 'send' ? setConfirmSend(true) : save('schedule'))}
              >
                {SAVE_ACTION_LABELS[primary]}
              </Button>
            </Group>
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <div style={{ position: 'sticky', top: 16 }}>
          <PreSendSummary
            preview={preview.data}
            groupChosen={groupChosen}
            updating={preview.isFetching || settledJson !== bodyJson}
            error={preview.error}
            hasMedia={hasMedia}
            tz={tz}
          />
        </div>
      </Grid.Col>
      <ConfirmModal
        opened={confirmSend}
        title="Send the campaign now"
        confirmLabel="Send now"
        destructive={false}
        focusCancel
        onClose={() => setConfirmSend(false)}
        onConfirm={() => {
          setConfirmSend(false);
          save('send');
        }}
      >
        Send “{values.title.trim()}” now? {sendSummary} A text that has gone out cannot be taken back; you can
        pause or cancel the rest while it sends.
      </ConfirmModal>
    </Grid>
  );
}
