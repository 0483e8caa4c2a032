/**
 * A call under way, as the `calls.live` column keeps it between carrier callbacks and agents' clicks: where
 * routing stands, who is ringing, who declined, hold and transfer. Null once the call has ended. Both carriers
 * keep it (Twilio's resume state also travels in its callback URLs; the sandbox has nothing else). The voice
 * module works with it (modules/voice/live.ts re-exports these types); the shape is the column's, so it is here.
 */
import type { MissedReason } from '@shared/domain/analytics';
import type { Resume } from '../../routing/types';

/** Where the call is: listening to the menu, ringing someone, talking, or leaving a message. */
export type LivePhase = 'menu' | 'ringing' | 'connected' | 'voicemail';

/** A transfer under way (§7 "Transfers: blind … warm"). */
export interface LiveTransfer {
  kind: 'blind' | 'warm';
  /** Who moves the call. */
  from_user_id: number;
  target:
    | { kind: 'agent'; user_id: number }
    | { kind: 'number'; number: string }
    | { kind: 'extension'; extension: number };
  /** Blind: the target rings while the caller waits. Warm: ringing the target, then consulting with them. */
  state: 'ringing' | 'consulting';
}

/**
 * Twilio only: the conference a call was moved into to be held or transferred warm (`call-<id>`). Its sid is
 * learned from Twilio's first conference event (or looked up by name); the target's leg is the participant a
 * warm transfer added.
 */
export interface LiveConference {
  name: string;
  sid: string | null;
  target_leg_sid: string | null;
}

/** Digits sent during the call (the sandbox records them; §7's keypad). */
export interface LiveDigits {
  by: 'caller' | 'agent';
  digits: string;
  at: string;
}

export interface LiveCall {
  carrier: 'sandbox' | 'twilio';
  phase: LivePhase;
  /** The engine's resume state of the wait the call is in (menu, ring, voicemail); null while connected. */
  resume: Resume | null;
  /**
   * Why the call is missed if it ends now, as routing last said (RoutingDecision.missedReason): written to the
   * call's `missed_reason` when it closes unanswered. Absent on calls that began before routing said it.
   */
  missed_reason?: MissedReason | null;
  /** Agents whose apps are ringing now, and those of them who declined this ring. */
  ringing: number[];
  declined: number[];
  /** Outside phones being rung (forwards). */
  phones: string[];
  /** Proves an agent was rung: the ring event carries it, `…/reject` must present it. */
  join_token: string;
  /** The caller's US state, for geo routing (Twilio's FromState, the sandbox's area-code table). */
  caller_state: string | null;
  connected_at: string | null;
  hold: boolean;
  digits: LiveDigits[];
  transfer: LiveTransfer | null;
  /** The sandbox caller's lines, spoken in turn once connected (its transcript is built from them). */
  script: string[];
  /** Routing asked for the call to be recorded, or transcribed (the first dial decides). */
  record: boolean;
  transcribe: boolean;
  /** An outside number talking with the caller after a transfer to it (the sandbox's phones). */
  external: string | null;
  /** Whether the sandbox caller leaves a message at voicemail. */
  leaves_voicemail: boolean;
  /** Twilio only: the connected agent's leg (the `<Client>` child call; its parent is the caller's call). */
  agent_leg_sid: string | null;
  /** Twilio only: the conference the call is in since a hold or a warm transfer moved it; null while bridged. */
  conference: LiveConference | null;
  /** Twilio callbacks already applied (method, path, query and their key fields): a replay changes nothing. */
  handled: string[];
}
