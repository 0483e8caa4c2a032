/**
 * The §4 call events routing records, named by what happened. §4 lists two "No Answer" (5, 8) and two "Hangup"
 * (3, 11) codes without saying how they differ; the seeded history reads them as below, and so does routing:
 * - 5 No Answer: one ring went unanswered and routing goes on (the next in a sequence);
 * - 8 No Answer: the last ring went unanswered and the call overflows to voicemail;
 * - 3 Hangup: a connected call ended; 11 Hangup: the caller hung up without being connected.
 */
import { CALL_EVENT_STATUSES, type CallEventStatus } from '@shared/domain/calls';
import { labelOf } from '@shared/domain/codes';
import type { CallEventRecord } from './types';

function event(status: CallEventStatus): CallEventRecord {
  return Object.freeze({ status, label: labelOf(CALL_EVENT_STATUSES, status) });
}

export const EVENTS = Object.freeze({
  started: event(1),
  extensionSelected: event(2),
  hangupAfterConnected: event(3),
  voicemail: event(4),
  noAnswerContinuing: event(5),
  received: event(6),
  rejected: event(7),
  noAnswerOverflow: event(8),
  missed: event(10),
  callerHangup: event(11),
  connected: event(12),
  blocked: event(13),
});
