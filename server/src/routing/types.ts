/**
 * What the inbound-call routing engine reads and what it answers. The engine is a pure function of these, so
 * the Twilio webhooks and the sandbox carrier drive the same rules; storage (the numbers and schedule tables)
 * maps its rows into these shapes.
 */
import type { MissedReason } from '@shared/domain/analytics';
import type { CallEventStatus, CallOutcome } from '@shared/domain/calls';
import type { ExtensionConfig } from '@shared/domain/extensions';
import type { ScheduleSettings, Weekday } from '@shared/domain/schedule';

/** A greeting as a call plays it (§3 Greeting): its audio by URL (uploaded or rendered), else its text, spoken. */
export interface GreetingRef {
  audioUrl?: string | null;
  text?: string | null;
}

/** A phone forward of an extension: the §3 Forward entry's number, plus the US state it serves (geo routing). */
export interface RoutingForward {
  number: string;
  /** Two-letter state; a geo forward without one is a "static" forward, used as the fallback. */
  state?: string | null;
}

/** §3 round_robin: `none` rings every available member at once; `rotating` offers the call to one at a time. */
export type RoundRobinMode = 'none' | 'rotating';

/** §3 Routing entry with its §3 Default extension config, as the engine reads it. */
export interface RoutingExtension extends Omit<ExtensionConfig, 'extension' | 'forwards'> {
  /** 0–25, or the `*` (65535) / `#` (65534) key; §3 "A missing extension becomes 1". */
  extension?: number | null;
  forwards: readonly RoutingForward[];
  /** in-app-calling: the member users' ids, in the order the extension lists them. */
  members: readonly number[];
  /** Played instead of the number's voicemail greeting when this extension overflows to voicemail. */
  voicemail_greeting?: GreetingRef | null;
}

/** How the extension menu listens. Every field has a default (see `MENU_DEFAULTS` in engine.ts). */
export interface MenuSettings {
  /** Seconds to wait for a key. */
  timeout?: number;
  /** How many times the menu is played again after invalid or no input, before the default extension. */
  retries?: number;
  /** Where a caller who chose nothing valid goes; default: the lowest extension. */
  default_extension?: number | null;
}

/** §3 Number, the parts routing reads. */
export interface RoutingNumber {
  id: number;
  /** The tracked number, E.164. */
  number: string;
  routes: readonly RoutingExtension[];
  /** Welcome greeting: the menu's prompt, or played before ringing on a number with one extension. */
  greeting: GreetingRef | null;
  menu?: MenuSettings;
  /** The extension that takes calls outside open hours; null or absent: the number's voicemail. */
  after_hours_extension?: number | null;
  /** Voicemail when no extension is in play (Direct Voicemail, after hours), and the fallback of extensions. */
  voicemail: { greeting: GreetingRef | null; email_alert_address: string };
  recording_enabled: boolean;
  call_transcription_enabled: boolean;
}

/** §3 "Schedule blocks have days and times (start, end), timezone": an extra open period of the line. */
export interface ScheduleBlock {
  days: readonly Weekday[];
  /** 24-hour `HH:MM` (12-hour forms are read too). An end before the start runs past midnight. */
  start: string;
  end: string;
  /** The block's own zone; absent: the schedule's. */
  timezone?: string | null;
}

/** §3 Hours schedule settings, §4 presets, the voicemail flag and the custom blocks. */
export type RoutingSchedule = ScheduleSettings & {
  /** §4 "The label is Direct Voicemail when the voicemail flag is set": every call goes to voicemail. */
  voicemail?: boolean;
  blocks?: readonly ScheduleBlock[];
};

/** §3 Block: "target, global, number_id, company_id, action 1" (blocks of the number's company). */
export interface CallerBlock {
  target: string;
  global: boolean;
  number_id: number | null;
}

/** A member user as routing sees them: §3 in_app_calling_status and whether they are on a call now. */
export interface RoutingAgent {
  id: number;
  name: string;
  status: 'active' | 'away';
  onCall: boolean;
  /** The identity their app registers with (Twilio Client / sandbox). */
  clientIdentity: string;
}

/** Per number: extension key → the member who was offered the previous call first (rotating round robin). */
export type RoundRobinState = Readonly<Record<string, number>>;

/** How a dial ended, as the carrier reports it. `declined`: every agent rung pressed reject. */
export type DialOutcome = 'completed' | 'no-answer' | 'busy' | 'failed' | 'declined';

/**
 * Where a call will resume: carried in the carrier's callback (Twilio: the action URL's query), so each step
 * knows where the call was without server-side state.
 */
export type GatherResume = { kind: 'after-gather'; attempt: number };
export type DialResume = { kind: 'after-dial'; extension: number; attempt: number; tried: readonly number[] };
export type VoicemailResume = { kind: 'after-voicemail'; extension: number | null };
export type ConfirmResume = { kind: 'whisper-confirm'; extension: number };
export type Resume = GatherResume | DialResume | VoicemailResume | ConfirmResume;

/** Where in the call we are: the resume state plus what the carrier observed. */
export type RoutingStep =
  | { kind: 'start' }
  /** The menu's answer: the keys pressed (empty when the caller pressed nothing). */
  | (GatherResume & { digits: string })
  /** A dial ended; `attempt` is the sequential position rung, `tried` the agents offered so far (rotating). */
  | (DialResume & { outcome: DialOutcome })
  /** Voicemail ended; `recorded` when the caller left a message. */
  | (VoicemailResume & { recorded: boolean })
  /** The forwarded-to party picked up: what they hear before the caller is connected (their leg only). */
  | { kind: 'whisper'; extension: number }
  /** Their answer to the whisper's "press any key" (their leg only). */
  | (ConfirmResume & { digits: string })
  /** The caller hung up before the call reached an answer or a voicemail. */
  | { kind: 'caller-hangup' }
  /** A transfer nobody took: the caller goes to voicemail (the extension's, else the number's). */
  | { kind: 'overflow'; extension: number | null };

export interface RoutingInput {
  number: RoutingNumber;
  schedule: RoutingSchedule;
  blocks: readonly CallerBlock[];
  agents: readonly RoutingAgent[];
  roundRobin: RoundRobinState;
  /**
   * The caller's number and, when the carrier knows it (Twilio's FromState), their US state; `source`: the
   * marketing source the call is attributed to (call tracking), said in the whisper.
   */
  caller: { number: string; state?: string | null; source?: string | null };
  /** The moment of the step: the engine never reads the clock. */
  now: Date;
  step: RoutingStep;
}

/** Someone to ring: a phone number, or an agent's app. */
export type DialTarget =
  | { kind: 'number'; number: string }
  | { kind: 'client'; identity: string; userId: number };

/** §3 confirm_whisper / confirm_key / confirm_key_wait: what the forwarded-to party hears, and must they press. */
export interface Whisper {
  text: string;
  confirmKey: boolean;
  waitSec: number;
}

/** A menu choice, so a menu without a greeting can still tell the caller its keys. */
export interface MenuChoice {
  key: string;
  label: string;
}

export type RejectAction = { type: 'reject' };
export type GatherAction = {
  type: 'play-greeting-and-gather';
  greeting: GreetingRef | null;
  choices: readonly MenuChoice[];
  /** Said before the menu is played again. */
  notice: 'invalid' | 'no-input' | null;
  timeout: number;
  numDigits: number;
  /** The key that ends input early; empty when `#` is itself an extension key. */
  finishOnKey: string;
  resume: GatherResume;
};
export type DialAction = {
  type: 'dial';
  /** Played to the caller before ringing (a number with one extension and a greeting). */
  greeting: GreetingRef | null;
  /** `simultaneous`: every target at once; `sequential-step`: one target of a sequence (or rotation). */
  mode: 'simultaneous' | 'sequential-step';
  targets: readonly DialTarget[];
  /** Seconds each ring lasts (§3 timeout). */
  timeout: number;
  callerId: string;
  /** For phone targets only: agents in the app answer with a button. */
  whisper: Whisper | null;
  record: boolean;
  /** Start transcribing the call with this dial (only the first dial of a call starts it). */
  transcribe: boolean;
  /** §3 onhold_music_id: what the caller hears when an agent puts them on hold. */
  holdMusicId: number | null;
  resume: DialResume;
};
export type VoicemailAction = {
  type: 'voicemail';
  greeting: GreetingRef | null;
  maxLength: number;
  transcribe: boolean;
  /** §3 email_alert_address: who is told of a message left; null: nobody. */
  alertEmail: string | null;
  resume: VoicemailResume;
};
export type HangupAction = { type: 'hangup'; goodbye: boolean };
/** To the forwarded-to party, on their leg. */
export type WhisperAction = { type: 'whisper'; whisper: Whisper; resume: ConfirmResume };
/** Their leg goes on: the caller is connected. */
export type ConnectAction = { type: 'connect' };

export type RoutingAction =
  | RejectAction
  | GatherAction
  | DialAction
  | VoicemailAction
  | HangupAction
  | WhisperAction
  | ConnectAction;

/** A §4 call event to record, with its label. */
export interface CallEventRecord {
  status: CallEventStatus;
  label: string;
}

export interface RoutingDecision {
  action: RoutingAction;
  /** §4 events this step adds to the call, in order. */
  events: readonly CallEventRecord[];
  /** §3 outcome when this step ends the call; null while it goes on. */
  outcome: CallOutcome | null;
  /** The extension the call is on after this step (null before a menu choice and for number voicemail). */
  extension: number | null;
  /** The number's round-robin state to keep, when this step changed it; null: unchanged. */
  roundRobin: RoundRobinState | null;
  /** When a voicemail was just left: the address to tell (§3 email_alert_address); else null. */
  alertEmail: string | null;
  /**
   * Why the call goes unanswered if it ends in the state this step leaves it in (the caller hangs up, or a
   * voicemail is or is not left): `menu_abandoned` while the menu plays, `not_answered` while someone rings or
   * once the rings ran out, `no_agent_available` when nobody could be rung, `out_of_hours` when the schedule sent
   * it to voicemail. Null: what the previous step said still holds (the call keeps it while it lasts, and the
   * `short_abandon` rule of `missedReasonOf` is applied when it closes).
   */
  missedReason: MissedReason | null;
}
