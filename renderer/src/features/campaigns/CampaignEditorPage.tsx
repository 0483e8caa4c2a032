/**
 * The editor's screen: a new campaign (`/campaigns/new`) or a change of one (`/campaigns/:id/edit`) — only a draft
 * or a scheduled campaign can be changed (§7; one that has started can be paused, resumed or cancelled). Needs
 * `campaigns.manage`. Loads what the editor reads of the company first: its time zone and whether links are
 * allowed in its texts.
 */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { campaignDisplayState } from '@shared/domain/campaigns';
import { roleCan } from '@shared/domain/permissions';
import { resolveTimeZone } from '@shared/domain/time';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api';
import { useShell } from '../../app/context';
import { useTimeZone } from '../../app/timeZone';
import { EmptyState, ErrorState, LoadingState, QueryErrorState } from '../../ui/States';
import { CampaignEditor } from './CampaignEditor';
import { useCampaign, useCampaignsLive, useCompanySettings } from './campaignsApi';
import { displayLabel, isEditable } from './format';

export function CampaignEditorPage() {
  const { campaignId } = useParams();
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const isNew = campaignId === undefined;
  const id = Number(campaignId);
  const validId = !isNew && Number.isSafeInteger(id) && id > 0;
  const canManage = roleCan(company?.role, 'campaigns.manage');
  const campaign = useCampaign(validId && canManage ? id : null);
  const settings = useCompanySettings(canManage ? companyId : 0);
  const userZone = useTimeZone();
  // Listening already, so the campaign's first counts are heard when the page it opens on after sending shows.
  useCampaignsLive(canManage ? companyId : 0);

  if (!company) return <EmptyState title="You are not in a company yet" />;
  if (!canManage)
    return (
      <ErrorState title="Not allowed" error="Your role in this company cannot create or change campaigns." />
    );
  if (!isNew && (!validId || (campaign.error instanceof ApiError && campaign.error.status === 404)))
    return (
      <Stack align="flex-start">
        <EmptyState title="This campaign does not exist">It may have been deleted.</EmptyState>
        <Anchor component={Link} to="/campaigns">
          Back to campaigns
        </Anchor>
      </Stack>
    );
  if (!isNew && campaign.isPending) return <LoadingState label="Loading the campaign" />;
  if (!isNew && !campaign.data)
    return <QueryErrorState title="Could not load the campaign" query={campaign} />;
  if (settings.isPending) return <LoadingState label="Loading the company's settings" />;
  if (!settings.data)
    return <QueryErrorState title="Could not load the company's settings" query={settings} />;

  const current = isNew ? null : (campaign.data ?? null);
  const back = current ? `/campaigns/${current.id}` : '/campaigns';
  const now = new Date();
  return (
    <Stack>
      <Anchor component={Link} to={back} size="sm">
        ← {current ? 'Back to the campaign' : 'Back to campaigns'}
      </Anchor>
      <Title order={1} size="h2">
        {current ? `Edit ${current.title || 'campaign'}` : 'New campaign'}
      </Title>
      {current && !isEditable(current, now) ? (
        <Text>
          This campaign is {displayLabel(campaignDisplayState(current, now)).toLowerCase()}: it can no longer
          be changed. Open it to pause, resume or cancel it.
        </Text>
      ) : (
        <CampaignEditor
          key={current?.id ?? 'new'}
          campaign={current}
          companyId={companyId}
          tz={resolveTimeZone(settings.data.timezone, userZone)}
          linksEnabled={settings.data.links_enabled}
        />
      )}
    </Stack>
  );
}
