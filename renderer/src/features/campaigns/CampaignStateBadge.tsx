/** A campaign's displayed state (§4), as of `now`: a scheduled campaign whose time has come shows in progress. */
import { Badge } from '@mantine/core';
import type { Campaign } from '@shared/api/campaigns';
import { campaignDisplayState } from '@shared/domain/campaigns';
import { DISPLAY_STATE_COLORS, displayLabel } from './format';

export function CampaignStateBadge({
  campaign,
  now,
  size = 'sm',
}: {
  campaign: Pick<Campaign, 'state' | 'should_be_sent_at'>;
  now: Date;
  size?: 'sm' | 'lg';
}) {
  const state = campaignDisplayState(campaign, now);
  return (
    <Badge size={size} variant="light" color={DISPLAY_STATE_COLORS[state]} style={{ flexShrink: 0 }}>
      {displayLabel(state)}
    </Badge>
  );
}
