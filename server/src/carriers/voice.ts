/**
 * The voice carrier: whoever carries live calls. Twilio (its webhooks and REST API) when configured, else the
 * built-in sandbox network, where a simulated caller dials and agents act over HTTP. The agent endpoints
 * (modules/voice/routes.ts) act on a call through the carrier that carries it — its live state names it, and a
 * call stays with the carrier it started on — and place new calls through the configured one.
 * The composition root builds both once (modules/voice/twilio/carrier.ts, modules/voice/sandbox/carrier.ts).
 */
import type { LiveCallView, OutboundCallAnswer, TransferRequest } from '@shared/api/voice';
import type { calls, numbers } from '../db/schema';

/** The agent acting on a call: who answers, declines, holds or transfers (named in what others are told). */
export interface VoiceActor {
  id: number;
  name: string;
}

/** A tracked number of the company, as stored. */
type TrackedNumber = typeof numbers.$inferSelect;

/** A call an agent places: from one of the company's tracked numbers to an outside number. */
export interface OutboundCall {
  number: TrackedNumber;
  destination: string;
  agent: VoiceActor;
  /** The company's contact with the destination's number, when it has one: the call is theirs. */
  contact: { id: number; name: string } | null;
}

export interface VoiceCarrier {
  readonly name: 'twilio' | 'sandbox';
  /** An agent's app places a call from a tracked number: the call record now, and what the app dials. */
  placeOutbound(input: OutboundCall): Promise<OutboundCallAnswer>;
  /** The agent declines a call ringing them, with the ring's join token. */
  decline(callId: number, agent: VoiceActor, joinToken: string): Promise<void>;
  /** The connected agent puts the caller on hold, or takes them off it. */
  hold(callId: number, agent: VoiceActor, hold: boolean): Promise<LiveCallView>;
  /** Transfers the connected call: blind (the agent leaves at once) or warm (the caller waits on hold). */
  transfer(callId: number, agent: VoiceActor, request: TransferRequest): Promise<LiveCallView>;
  /** A warm transfer hands the caller to the consulted target; the first agent leaves. */
  completeTransfer(callId: number, agent: VoiceActor): Promise<LiveCallView>;
  /** A transfer under way is called off: the target stops ringing or leaves, the caller is back. */
  cancelTransfer(callId: number, agent: VoiceActor): Promise<LiveCallView>;
  /** Cancels every wait under way (the server is stopping). */
  stop(): void;
}

/** Twilio as the voice carrier: it also hears the events of the conferences its holds and transfers use. */
export interface TwilioVoiceCarrier extends VoiceCarrier {
  readonly name: 'twilio';
  /** A participant of a call's conference joined or left, or a warm transfer's target's call ended. */
  conferenceEvent(query: Record<string, unknown>, body: Record<string, unknown>): Promise<void>;
}

/**
 * The sandbox network as the voice carrier. Nobody's phone rings, so its own endpoints play both sides: the
 * simulated caller places a call, presses keys and hangs up; agents answer over HTTP, as Twilio's Device would.
 */
export interface SandboxVoiceCarrier extends VoiceCarrier {
  readonly name: 'sandbox';
  /** A call from `from` arrives at the tracked number, and routing takes its first step. */
  place(input: {
    number: TrackedNumber;
    from: string;
    script?: readonly string[];
    voicemail?: boolean;
  }): Promise<typeof calls.$inferSelect>;
  /** The agent answers a call ringing them; of two answering at once, exactly one wins. */
  answer(callId: number, agent: VoiceActor): Promise<LiveCallView>;
  /** Keys pressed by the caller (a menu choice) or on a connected call (caller or agent). */
  digits(callId: number, digits: string, as: 'caller' | 'agent', agent: VoiceActor): Promise<LiveCallView>;
  /** The caller hangs up, or the connected agent does. */
  hangup(callId: number, as: 'caller' | 'agent', agent: VoiceActor): Promise<LiveCallView>;
  /** Where a call stands. */
  view(callId: number): Promise<LiveCallView>;
  /** Resolves once every act under way on every call has finished (tests read the result after). */
  settled(): Promise<void>;
}

/** The voice carriers of a server: each by name, and the one that places new calls. */
export interface VoiceCarriers {
  /** Twilio when configured, else the sandbox network: new calls go through it. */
  readonly current: VoiceCarrier;
  readonly twilio: TwilioVoiceCarrier;
  readonly sandbox: SandboxVoiceCarrier;
}
