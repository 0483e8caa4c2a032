/**
 * "On a call" (the in-app calling users list, and the routing engine's `RoutingAgent.onCall`): a call whose §4
 * events show it Connected (12) to its agent and nothing that ends it since. Events are read in the order the
 * call recorded them (`calls.events`), not by their times, since two events of one second sort either way.
 */
import type { CallEventStatus } from '@shared/domain/calls';

/** 12 Connected: the agent's leg answered (the seed and live calls record it when an agent picks up). */
export const CONNECTED: CallEventStatus = 12;

/**
 * What ends a connected call for its agent: 3 / 11 Hangup, 4 Voicemail (sent on to voicemail), 5 / 8 No Answer,
 * 7 Rejected, 10 Missed, 13 Blocked. The others (1 Started, 2 Extension Selected, 6 Received, 9 Answered
 * Already — another agent's late answer) do not.
 */
export const ENDS_CALL: ReadonlySet<number> = new Set<CallEventStatus>([3, 4, 5, 7, 8, 10, 11, 13]);

/**
 * A connection older than this is not "in progress" whatever its events say: a call left without its Hangup (a
 * crash, a lost carrier callback) must not keep its agent busy, and off the ring list, for ever.
 */
export const CALL_IN_PROGRESS_LIMIT_MS = 6 * 3600_000;

export interface CallEventsLike {
  events: readonly { status: number; at: string }[];
}

/**
 * True when the call's last Connected event is followed by no event that ends it, and (given `now`) that
 * connection is less than CALL_IN_PROGRESS_LIMIT_MS old. A call never connected is not in progress (ringing
 * is not "on a call").
 */
export function isCallInProgress(call: CallEventsLike, now?: Date): boolean {
  let connectedAt: string | null = null;
  for (const event of call.events) {
    if (event.status === CONNECTED) connectedAt = event.at;
    else if (ENDS_CALL.has(event.status)) connectedAt = null;
  }
  if (connectedAt === null) return false;
  if (!now) return true;
  const at = Date.parse(connectedAt);
  // An unreadable time cannot be shown stale: the events still say connected.
  return Number.isNaN(at) || now.getTime() - at < CALL_IN_PROGRESS_LIMIT_MS;
}
