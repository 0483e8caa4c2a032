/**
 * One campaign (`/campaigns/:id`): its state (§4's display, and why it paused itself or failed), the statistics
 * as they move while it sends (sent, delivered, undelivered, failed, skipped, responded, unsubscribed, of its
 * recipients; before it starts, who it will go to and the credits), a progress bar, the message, and the
 * recipients' events. People with `campaigns.manage` edit it while it is a draft or scheduled, pause and resume
 * it, and delete it — a campaign that is sending is cancelled first (§8's message says so).
 */
import { Alert, Anchor, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { CAMPAIGN_MESSAGES, type Campaign } from '@shared/api/campaigns';
import { campaignBody, campaignDisplayState, campaignShowsDeliveryTime } from '@shared/domain/campaigns';
import { roleCan } from '@shared/domain/permissions';
import { formatPhone } from '@shared/domain/phone';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api';
import { useShell } from '../../app/context';
import { useTimeZone } from '../../app/timeZone';
import { ConfirmModal, errorText } from '../../ui/ConfirmModal';
import { flash } from '../../ui/flash';
import { EmptyState, ErrorState, LoadingState, QueryErrorState } from '../../ui/States';
import { CampaignEvents } from './CampaignEvents';
import { CampaignStateBadge } from './CampaignStateBadge';
import { useCampaign, useCampaignActions, useCampaignsLive } from './campaignsApi';
import { counted, formatWhen, isEditable, progressPercent } from './format';
import { useNow } from './useNow';

export function CampaignPage() {
  const { campaignId } = useParams();
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const canView = roleCan(company?.role, 'campaigns.view');
  const id = Number(campaignId);
  const validId = Number.isSafeInteger(id) && id > 0;
  const campaign = useCampaign(validId && canView ? id : null);
  useCampaignsLive(canView ? companyId : 0);

  if (!company) return <EmptyState title="You are not in a company yet" />;
  if (!canView)
    return <ErrorState title="Not allowed" error="Your role in this company cannot see its campaigns." />;
  if (
    !validId ||
    (campaign.error instanceof ApiError && campaign.error.status === 404) ||
    campaign.data?.deleted_at
  )
    return (
      <Stack align="flex-start">
        <EmptyState title="This campaign does not exist">It may have been deleted.</EmptyState>
        <Anchor component={Link} to="/campaigns">
          Back to campaigns
        </Anchor>
      </Stack>
    );
  if (campaign.isPending) return <LoadingState label="Loading the campaign" />;
  if (!campaign.data) return <QueryErrorState title="Could not load the campaign" query={campaign} />;
  return (
    <CampaignDetail
      campaign={campaign.data}
      canManage={roleCan(company.role, 'campaigns.manage')}
      canOpenInbox={roleCan(company.role, 'inbox.use')}
    />
  );
}

/** One statistic, named for screen readers by its label ("Delivered: 12 of 40"). */
function Stat({ label, value, of }: { label: string; value: number; of: number | null }) {
  return (
    <Paper withBorder p="sm" role="group" aria-label={label} style={{ flex: '1 1 8.5rem' }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} aria-hidden>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value.toLocaleString('en-US')}
      </Text>
      {of !== null && (
        <Text size="xs" c="dimmed">
          of {counted(of, 'recipient')}
        </Text>
      )}
    </Paper>
  );
}

function CampaignDetail({
  campaign,
  canManage,
  canOpenInbox,
}: {
  campaign: Campaign;
  canManage: boolean;
  canOpenInbox: boolean;
}) {
  const tz = useTimeZone();
  const now = useNow(5_000);
  const navigate = useNavigate();
  const { pause, resume, remove } = useCampaignActions({
    onDeleted: (deleted, message) => {
      const cancelled = message === CAMPAIGN_MESSAGES.cancelled;
      flash(cancelled ? 'neutral' : 'success', message, {
        title: cancelled ? `Cancelling “${deleted.title || 'Untitled campaign'}”` : undefined,
      });
      void navigate('/campaigns');
    },
  });
  const [confirmDelete, setConfirmDelete] = useState(false);
  const shown = campaignDisplayState(campaign, now);
  const started = campaign.recipient_count > 0;
  const sending = shown === 'in-progress';
  const percent = progressPercent(campaign);
  const done = campaign.recipient_count - campaign.pending_count;
  const title = campaign.title || 'Untitled campaign';
  const group = campaign.groups?.[0];

  const when = campaign.finished_at
    ? `Finished ${formatWhen(campaign.finished_at, tz)}`
    : campaign.started
      ? `Started ${formatWhen(campaign.started, tz)}`
      : campaignShowsDeliveryTime(campaign, now)
        ? `Scheduled for ${formatWhen(campaign.should_be_sent_at, tz)}`
        : shown === 'draft'
          ? 'Not scheduled'
          : '';

  const deleteCampaign = () => remove.mutate(campaign, { onSuccess: () => setConfirmDelete(false) });

  return (
    <Stack>
      <Anchor component={Link} to="/campaigns" size="sm">
        ← Back to campaigns
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} size="h2">
              {title}
            </Title>
            {/* Its state is announced as it changes (it starts, pauses itself, ends). */}
            <span role="status">
              <CampaignStateBadge campaign={campaign} now={now} size="lg" />
            </span>
          </Group>
          <Text c="dimmed" size="sm">
            {[
              group ? `To ${group.name}` : null,
              campaign.number ? `from ${campaign.number.label || formatPhone(campaign.number.number)}` : null,
              when || null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
        {canManage && (
          <Group gap="xs">
            {isEditable(campaign, now) && (
              <Button variant="default" component={Link} to={`/campaigns/${campaign.id}/edit`}>
                Edit
              </Button>
            )}
            {(campaign.state === 'queued' || campaign.state === 'sending') && (
              <Button
                variant="light"
                color="yellow"
                loading={pause.isPending}
                onClick={() =>
                  pause.mutate(campaign, {
                    onSuccess: () => flash('success', `Paused “${title}”: no new text goes out.`),
                  })
                }
              >
                Pause
              </Button>
            )}
            {campaign.state === 'paused' && (
              <Button
                loading={resume.isPending}
                onClick={() =>
                  resume.mutate(campaign, { onSuccess: () => flash('success', `Resumed “${title}”.`) })
                }
              >
                Resume
              </Button>
            )}
            <Button
              variant="light"
              color="red"
              onClick={() => {
                remove.reset();
                setConfirmDelete(true);
              }}
            >
              Delete campaign
            </Button>
          </Group>
        )}
      </Group>

      {campaign.state_reason && (shown === 'paused' || shown === 'failed') && (
        <Alert
          color={shown === 'failed' ? 'red' : 'yellow'}
          title={shown === 'failed' ? 'It failed' : 'Why it paused'}
          role="status"
        >
          {campaign.state_reason}
        </Alert>
      )}

      {started ? (
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              Progress
            </Text>
            <Text size="sm" c="dimmed" aria-live="polite">
              {done.toLocaleString('en-US')} of {counted(campaign.recipient_count, 'recipient')} done (
              {percent}%)
              {campaign.pending_count > 0
                ? `, ${campaign.pending_count.toLocaleString('en-US')} waiting`
                : ''}
            </Text>
          </Group>
          <Progress
            value={percent}
            size="lg"
            animated={sending && campaign.pending_count > 0}
            aria-label="Progress"
          />
        </Stack>
      ) : (
        <Text size="sm">
          {shown === 'draft' || shown === 'scheduled'
            ? `It will go to ${counted(campaign.preview_count, 'recipient')} and cost ${counted(campaign.preview_credits, 'credit')}, as of when it was last saved.`
            : `Ready to go to ${counted(campaign.preview_count, 'recipient')} (${counted(campaign.preview_credits, 'credit')}).`}
        </Text>
      )}

      <Group gap="sm" align="stretch">
        <Stat label="Sent" value={campaign.sent_count} of={started ? campaign.recipient_count : null} />
        <Stat
          label="Delivered"
          value={campaign.delivered_count}
          of={started ? campaign.recipient_count : null}
        />
        <Stat label="Undelivered" value={campaign.undelivered_count} of={null} />
        <Stat label="Failed" value={campaign.failed_count} of={null} />
        <Stat label="Skipped" value={campaign.skipped_count} of={null} />
        <Stat label="Responded" value={campaign.responded_count} of={null} />
        <Stat label="Unsubscribed" value={campaign.unsubscriber_count} of={null} />
      </Group>

      <Stack gap={4}>
        <Title order={2} size="h4">
          Message
        </Title>
        <Paper withBorder p="sm">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {campaignBody(campaign.text, campaign.unsubscribe_text) || '—'}
          </Text>
          {campaign.media.length > 0 && (
            <Text size="xs" c="dimmed" mt={4}>
              With {counted(campaign.media.length, 'attachment')} (MMS)
            </Text>
          )}
        </Paper>
        {campaign.skip_inbox && (
          <Text size="xs" c="dimmed">
            Its texts are not added to the recipients' inbox conversations.
          </Text>
        )}
      </Stack>

      <CampaignEvents campaignId={campaign.id} tz={tz} canOpenInbox={canOpenInbox} />

      <ConfirmModal
        opened={confirmDelete}
        title="Delete campaign"
        confirmLabel="Delete campaign"
        focusCancel
        loading={remove.isPending}
        error={remove.error ? errorText(remove.error) : null}
        onClose={() => setConfirmDelete(false)}
        onConfirm={deleteCampaign}
      >
        {sending
          ? `“${title}” is sending. Deleting it cancels it first: no new text goes out; texts already sent stay sent.`
          : `Delete “${title}”? It leaves the campaigns list with its results.`}
      </ConfirmModal>
    </Stack>
  );
}
