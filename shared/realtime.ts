/**
 * Realtime channels and events (§7 Realtime): "Private channels with an id suffix: conversations,
 * bulk-purchase, companies, caddy, campaigns, users." The server publishes with these names only; the renderer
 * subscribes with them; channel authorisation reads them back with `parseChannel`.
 */
import type { ExportBatch } from './api/activity';
import type { AlertCounts } from './api/alerts';
import type { Usage } from './api/billing';
import type { Campaign } from './api/campaigns';
import type { ImportBatch } from './api/contacts';
import type { ConversationPresence } from './api/conversationPresence';
import type { ConversationUpdatedEvent } from './api/conversations';
import type { DniReport } from './api/dniReports';
import type { ReleaseBatch } from './api/numberLifecycle';
import type { BulkPurchase } from './api/numberPurchase';
import type { IncomingCall } from './api/voice';
import type { PortRequestStatus } from './domain/ports';
import type { InAppCallingStatus } from './domain/users';

/** The private channels of §7, by the kind of id their suffix carries. */
export const CHANNEL_KINDS = {
  conversations: 'company',
  'bulk-purchase': 'company',
  companies: 'company',
  campaigns: 'company',
  users: 'user',
  caddy: 'user',
} as const;
export type ChannelKind = keyof typeof CHANNEL_KINDS;

/** `private-companies.42`. */
export function channelName(kind: ChannelKind, id: number | string): string {
  return `private-${kind}.${id}`;
}

export const channels = {
  conversations: (companyId: number | string) => channelName('conversations', companyId),
  bulkPurchase: (companyId: number | string) => channelName('bulk-purchase', companyId),
  companies: (companyId: number | string) => channelName('companies', companyId),
  campaigns: (companyId: number | string) => channelName('campaigns', companyId),
  users: (userId: number | string) => channelName('users', userId),
  caddy: (userId: number | string) => channelName('caddy', userId),
};

/** Reads a channel name back: its kind, whose id it carries (a company's or a user's), and the id. */
export function parseChannel(
  name: string,
): { kind: ChannelKind; owner: 'company' | 'user'; id: number } | null {
  const match = /^private-([a-z-]+)\.(\d+)$/.exec(name);
  if (!match?.[1] || !match[2]) return null;
  const kind = match[1] as ChannelKind;
  if (!(kind in CHANNEL_KINDS)) return null;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) && id > 0 ? { kind, owner: CHANNEL_KINDS[kind], id } : null;
}

/** §7 Realtime events. Payload types are declared by the issue that first publishes each. */
export const EVENTS = {
  conversationUpdated: 'conversation.updated',
  contactImportProgress: 'contact-import.progress',
  contactImportCompleted: 'contact-import.completed',
  batchUpdateNumbersProgress: 'batch.update-numbers.progress',
  batchUpdateNumbersCompleted: 'batch.update-numbers.completed',
  batchReleaseNumbersProgress: 'batch.release-numbers.progress',
  batchReleaseNumbersCompleted: 'batch.release-numbers.completed',
  bulkPurchaseProgress: 'bulk-purchase.progress',
  bulkPurchaseFinished: 'bulk-purchase.finished',
  campaignsUpdated: 'campaigns.updated',
  inAppCalling: 'in-app-calling',
  billingUsageUpdated: 'billing.usage-updated',
  /** An activity export's progress (`POST /calls/export` and its siblings), on the company channel. */
  exportProgress: 'export.progress',
  /** Who is viewing or typing in a conversation (the inbox's collision notice), on the conversations channel. */
  conversationPresence: 'conversation.presence',
  /** A user's presence in a company changed (tray and shell follow it). */
  presenceChanged: 'presence.changed',
  /** A port request of the company moved (created, desk step, upload, cancel), on the companies channel. */
  portsUpdated: 'ports.updated',
  /**
   * A DNI call report moved (queued, running, finished, failed): a company's on its companies channel, a business
   * unit's on the channel of the user who asked for it (no channel is a unit's).
   */
  dniReportUpdated: 'dni-report.updated',
  /** Call tracking: a visitor arrived on the company's site or a tracked call came in, on the companies channel. */
  dniFeed: 'dni.feed',
  /** A monitoring alert opened, reopened, snoozed or closed, with the new counts (badge), on the companies channel. */
  alertsUpdated: 'alerts.updated',
} as const;
export type RealtimeEvent = (typeof EVENTS)[keyof typeof EVENTS];

/**
 * `presence.changed`: a user's in-app calling status in a company was set (`POST …/in-app-calling/status`).
 * Published on the user's channel (their other windows and the desktop tray follow) and on the company's
 * (softphones showing who is available follow).
 */
export interface PresenceChangedPayload {
  user_id: number;
  company_id: number;
  status: InAppCallingStatus;
}

/**
 * `in-app-calling`, on each rung agent's user channel: a call rings them, stops ringing them (and why), or is
 * connected to them. Stops: `answered-elsewhere` names who took it; `caller-hangup`, `timeout` (the ring moved
 * on), `declined` (they pressed reject) and `ended`. `connected` and `ended` also reach the agent talking.
 */
export type InAppCallingEvent =
  | { type: 'ringing'; call: IncomingCall }
  | {
      type: 'stopped';
      call_id: number;
      reason: 'answered-elsewhere' | 'caller-hangup' | 'timeout' | 'declined';
      answered_by: { id: number; name: string } | null;
    }
  | { type: 'connected'; call_id: number; user_id: number }
  | { type: 'held'; call_id: number; hold: boolean }
  | {
      type: 'transfer';
      call_id: number;
      state: 'ringing' | 'consulting' | 'completed' | 'cancelled' | 'failed';
    }
  | { type: 'ended'; call_id: number; outcome: number };

/**
 * What each published event carries: `publish` on the server and `useRealtimeEvent` in the renderer are typed by
 * this map, so an event is sent and read as one shape. An event of `EVENTS` joins it when an issue first
 * publishes it (number batches and billing usage are not published yet).
 */
export interface RealtimePayloads {
  'conversation.updated': ConversationUpdatedEvent;
  'contact-import.progress': ImportBatch;
  'contact-import.completed': ImportBatch;
  'export.progress': ExportBatch;
  'conversation.presence': ConversationPresence;
  'presence.changed': PresenceChangedPayload;
  'in-app-calling': InAppCallingEvent;
  /** A campaign changed: saved, started, paused, its counts moved (at most a few times a second), ended. */
  'campaigns.updated': CampaignUpdatedEvent;
  /** A bulk purchase moved on, or ended (`finished`, whether or not every number was bought). */
  'bulk-purchase.progress': BulkPurchase;
  'bulk-purchase.finished': BulkPurchase;
  /** A bulk release moved on, or ended (`completed`, whether or not every number was released). */
  'batch.release-numbers.progress': ReleaseBatch;
  'batch.release-numbers.completed': ReleaseBatch;
  /**
   * A port request changed: only its id and status (the companies channel reaches every member, whatever their
   * role; screens that may see ports fetch the request).
   */
  'ports.updated': { id: number; status: PortRequestStatus };
  /** A DNI call report changed state (its download link comes with the list, asked again on this event). */
  'dni-report.updated': DniReport;
  /** What changed in the real-time feed (`GET /dni/realTimeFeed`): a session's new visit, or a call (its id). */
  'dni.feed': { kind: 'visit' | 'call'; session_id: string | null; call_id: number | null };
  /** An alert's change (`opened` tells the app to notify) and the company's counts after it. */
  'alerts.updated': {
    id: number;
    change: 'opened' | 'reopened' | 'snoozed' | 'closed';
    title: string;
    counts: AlertCounts;
  };
  /** The company's metered usage of the current billing period moved (modules/billing/usage), on its companies channel. */
  'billing.usage-updated': Usage;
}

/** `campaigns.updated`, on the company's campaigns channel: the campaign as it is now (without its groups). */
export interface CampaignUpdatedEvent {
  campaign: Campaign;
}
export type PublishedEvent = keyof RealtimePayloads & RealtimeEvent;

/** The embedded endpoint's app id (the path of the Pusher HTTP trigger API: /apps/{appId}/events). */
export const EMBEDDED_APP_ID = 'switchboard';
/** The embedded endpoint's app key (the path of the WebSocket: /app/{key}). */
export const EMBEDDED_APP_KEY = 'switchboard';
