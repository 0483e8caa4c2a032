/**
 * The words and numbers the campaign screens show: counts, times in a zone, how long a send takes at a number's
 * pace, the texting-hour waves, the share already sent, and the display state as time passes (§4).
 */
import type { Campaign, CampaignPreview } from '@shared/api/campaigns';
import {
  CAMPAIGN_DISPLAY_STATES,
  type CampaignDisplayState,
  campaignDisplayState,
} from '@shared/domain/campaigns';
import { labelOf } from '@shared/domain/codes';
import { formatWhen } from '../../ui/dateTime';

/** "1 recipient", "1,204 recipients". */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

export { formatWhen };

/** A send's length in words: "under a minute", "about 4 minutes", "about 2 hours 5 minutes", "about 3 days". */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return seconds <= 0 ? 'no time' : 'under a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${counted(minutes, 'minute')}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours < 24) return `about ${counted(hours, 'hour')}${rest ? ` ${counted(rest, 'minute')}` : ''}`;
  const days = Math.floor(hours / 24);
  const restHours = hours % 24;
  return `about ${counted(days, 'day')}${restHours ? ` ${counted(restHours, 'hour')}` : ''}`;
}

/** A number's pace: "1 text a second, at most 2,000 a day"; "3 texts a second". */
export function formatPace(perSecond: number, perDay: number | null): string {
  const rate =
    perSecond >= 1
      ? `${counted(Math.round(perSecond * 100) / 100, 'text')} a second`
      : `1 text every ${counted(Math.round(1 / perSecond), 'second')}`;
  return perDay ? `${rate}, at most ${perDay.toLocaleString('en-US')} a day` : rate;
}

export interface WaveLine {
  /** "Now", or when the wave's texting hours open, in the company's zone. */
  label: string;
  count: number;
  now: boolean;
}

/**
 * §7's texting-hour waves as lines: the recipients who may be texted at once first ("Now"), then each later
 * wave in time order.
 */
export function waveLines(waves: CampaignPreview['waves'], tz: string): WaveLine[] {
  const now = waves.filter((wave) => wave.now);
  const later = waves
    .filter((wave) => !wave.now)
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
    .map((wave) => ({ label: formatWhen(wave.at, tz), count: wave.count, now: false }));
  const nowCount = now.reduce((sum, wave) => sum + wave.count, 0);
  return [...(now.length ? [{ label: 'Now', count: nowCount, now: true }] : []), ...later];
}

/** The share of the recipients no longer waiting, 0–100: (recipients − pending) / recipients. */
export function progressPercent(campaign: Pick<Campaign, 'recipient_count' | 'pending_count'>): number {
  if (campaign.recipient_count <= 0) return 0;
  const done = campaign.recipient_count - Math.max(0, campaign.pending_count);
  return Math.min(100, Math.max(0, Math.round((done / campaign.recipient_count) * 1000) / 10));
}

/** Whether a campaign can still be changed (§7 "Changes a draft or scheduled campaign"). */
export function isEditable(campaign: Pick<Campaign, 'state' | 'should_be_sent_at'>, now: Date): boolean {
  const shown = campaignDisplayState(campaign, now);
  return shown === 'draft' || shown === 'scheduled';
}

export function displayLabel(state: CampaignDisplayState): string {
  return labelOf(CAMPAIGN_DISPLAY_STATES, state, state);
}

/** The badge colour of each display state. */
export const DISPLAY_STATE_COLORS: Readonly<Record<CampaignDisplayState, string>> = Object.freeze({
  draft: 'gray',
  scheduled: 'blue',
  'in-progress': 'teal',
  paused: 'yellow',
  sent: 'green',
  canceled: 'gray',
  failed: 'red',
});
