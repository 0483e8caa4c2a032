/**
 * Live calls (§7 In-app calling, the issue's sandbox carrier): what agents' softphones do with a ringing or
 * connected call, and the sandbox's simulated telephone network that the demo and the tests drive.
 *
 * - Agents: `GET …/calls/{callId}/can-answer-call` before answering, `POST …/calls/{callId}/reject` with the
 *   ring's join token, `POST /v1/calls/token` to place an outbound call showing a tracked number, and
 *   `POST …/calls/{callId}/hold`, `…/transfer`, `…/transfer/complete`, `…/transfer/cancel` on a connected call,
 *   whichever carrier carries it (the sandbox network, or Twilio through its REST API and conferences).
 * - Sandbox, caller side (the demo or a test plays the outside party): place a call, press keys, hang up.
 * - Sandbox, agent side (the sandbox VoiceEngine): answer (an atomic claim: 409 naming who answered),
 *   keypad, hold and resume, transfer, hang up — the same acts Twilio's Device performs on its own.
 * Ring, cancel and answered-elsewhere events reach each rung agent on their private channel (`in-app-calling`,
 * InAppCallingEvent in ../realtime.ts).
 */
import { z } from 'zod';
import { endpoint, IdParamSchema, reference } from './contract';

const id = IdParamSchema;
const phone = z.string().trim().min(1, 'Enter a phone number.').max(40);

/** DTMF keys a keypad sends: digits, `*`, `#`, and `w` (a half-second pause, as Twilio reads it). */
export const DTMF_PATTERN = /^[0-9*#w]{1,32}$/;
const digits = z.string().trim().regex(DTMF_PATTERN, 'Use the keys 0–9, * and # (up to 32).');

/** What the softphone is told when an act on a call cannot be done (shown as they are). */
export const VOICE_MESSAGES = {
  answeredBy: (name: string) => `${name} answered this call.`,
  noLongerRinging: 'This call is no longer ringing.',
  notRingingYou: 'This call is not ringing you.',
  youDeclined: 'You declined this call.',
  wrongJoinToken: 'This join token does not belong to the call ringing you.',
  notYourCall: 'You are not connected to this call.',
  callEnded: 'This call has ended.',
  notListening: 'The call is not listening for keys now.',
  transferUnderWay: 'A transfer of this call is already under way.',
  warmToExtension:
    'A warm transfer goes to an agent or a number; send the call to an extension with a blind transfer.',
  transferToSelf: 'You cannot transfer a call to yourself.',
  noSuchExtension: (key: string) => `This number has no extension ${key}.`,
  notAnAgent: 'Choose a member of this company who takes calls.',
  agentAway: (name: string) => `${name} is away and cannot take calls.`,
  agentBusy: (name: string) => `${name} is on another call.`,
  nothingToComplete: 'There is no transfer to hand over: the target has not answered yet.',
  nothingToCancel: 'There is no transfer under way.',
  sandboxOnly: 'The sandbox telephone network is off: calls go through Twilio.',
  twilioNotConfigured:
    'This call is carried by Twilio, but Twilio is not configured on this server: it cannot be held or transferred.',
  twilioRefused: (reason: string) => `Twilio refused to change the call: ${reason}`,
  notMovable: 'Only a call that came in to a tracked number can be held or transferred through Twilio.',
  agentLegUnknown: 'Twilio has not reported your leg of this call yet; try again in a moment.',
  conferenceNotStarted: 'The call is still being moved into its conference; try again in a moment.',
} as const;

/** Who is calling, as the ringing card shows it before an agent picks up (issue: "show who is calling and why"). */
export const IncomingCallSchema = z.object({
  call_id: z.number().int(),
  company_id: z.number().int(),
  /** The caller's number (E.164 when it is one; a withheld caller ID as written). */
  from: z.string(),
  /** The company's contact with that number, if any. */
  contact: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** City and state of the caller's area code (or the contact's), when known. */
  city: z.string().nullable(),
  state: z.string().nullable(),
  /** The tracked number called and its label. */
  number: z.object({ id: z.number().int(), number: z.string(), label: z.string() }),
  /** Marketing source of the tracked number (its first tag, e.g. google-ads). */
  source: z.string().nullable(),
  /** True when this caller never called the company before. */
  first_time: z.boolean(),
  /** The caller's previous call or text with the company (ISO time), if any. */
  last_contact_at: z.string().nullable(),
  /** The extension the caller chose (or was routed to) and its label. */
  extension: z.object({ key: z.string(), label: z.string() }).nullable(),
  /** Who moves the call here, when it is a transfer. */
  transferred_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Proves this agent was rung; `…/reject` needs it. */
  join_token: z.string(),
  /** ISO time the ring started. */
  ringing_since: z.string(),
});
export type IncomingCall = z.infer<typeof IncomingCallSchema>;

export const CanAnswerSchema = z.object({
  can_answer: z.boolean(),
  /** Who took it, when someone did. */
  answered_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type CanAnswer = z.infer<typeof CanAnswerSchema>;

/** The live state of a call as the agent's panel reads it back (sandbox answers and actions return it). */
export const LiveCallViewSchema = z.object({
  call_id: z.number().int(),
  phase: z.enum(['menu', 'ringing', 'connected', 'voicemail', 'ended']),
  /** The agent talking with the caller, when connected. */
  agent: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  hold: z.boolean(),
  connected_at: z.string().nullable(),
  /** Keys sent during the call, by whom. */
  digits: z.array(z.object({ by: z.enum(['caller', 'agent']), digits: z.string(), at: z.string() })),
  transfer: z
    .object({
      kind: z.enum(['blind', 'warm']),
      state: z.enum(['ringing', 'consulting']),
      target: z.string(),
    })
    .nullable(),
  /** §3 outcome once ended (answered 1, missed 2, voicemail 3, blocked 4), else 0. */
  outcome: z.number().int(),
});
export type LiveCallView = z.infer<typeof LiveCallViewSchema>;

export const TransferSchema = z.strictObject({
  /** Blind: the call goes to the target and this agent leaves at once. Warm: talk to the target first. */
  kind: z.enum(['blind', 'warm']),
  to: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('agent'), user_id: reference('member') }),
    z.strictObject({ kind: z.literal('number'), number: phone }),
    z.strictObject({ kind: z.literal('extension'), extension: z.coerce.number().int().min(0).max(65535) }),
  ]),
});
export type TransferRequest = z.input<typeof TransferSchema>;

export const OutboundCallSchema = z.strictObject({
  /** The tracked number the callee sees (§7 "showing the tracked number as caller ID"). */
  number_id: id,
  destination: phone,
});

export const OutboundCallAnswerSchema = z.object({
  kind: z.enum(['twilio', 'sandbox']),
  call_id: z.number().int(),
  /** What the softphone connects with: Twilio's Device.connect params (To, From, CallId); the sandbox's call. */
  params: z.record(z.string(), z.string()),
  from: z.string(),
  to: z.string(),
  /** The company's contact with the destination's number, when it has one (the panel shows their name). */
  contact: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
});
export type OutboundCallAnswer = z.infer<typeof OutboundCallAnswerSchema>;

const callParams = z.object({ id });
/** Twilio's form fields as they come (only those read are named in the code); routing's resume state in the query. */
const twilioForm = z.record(z.string(), z.unknown());
const twilioQuery = z.record(z.string(), z.unknown());
const twiml = z.string();
const twilioWebhook = (path: string, summary: string) =>
  endpoint({ method: 'POST', path, summary, query: twilioQuery, body: twilioForm, response: twiml });
const agentCallParams = z.object({ companyId: id, callId: id });
const ok = z.object({ message: z.string() });

export const VOICE_ENDPOINTS = {
  twilioVoice: twilioWebhook(
    '/webhooks/twilio/voice',
    'Twilio: a call arrives at a tracked number, or goes on to its next step (the step in the query); answers TwiML. Signed (X-Twilio-Signature): 400 without, 403 when wrong.',
  ),
  twilioVoiceStatus: twilioWebhook(
    '/webhooks/twilio/voice/status',
    'Twilio: a call’s status changed (statuses only move forward; a replay changes nothing).',
  ),
  twilioVoiceRecording: twilioWebhook(
    '/webhooks/twilio/voice/recording',
    'Twilio: a call’s or voicemail’s recording is ready; it is kept with the call.',
  ),
  twilioVoiceTranscription: twilioWebhook(
    '/webhooks/twilio/voice/transcription',
    'Twilio: a piece of a call’s live transcription (per track), added to the call’s transcript.',
  ),
  twilioVoicemailTranscription: twilioWebhook(
    '/webhooks/twilio/voice/voicemail-transcription',
    'Twilio: the transcription of a voicemail, kept with it.',
  ),
  twilioVoiceConference: twilioWebhook(
    '/webhooks/twilio/voice/conference',
    'Twilio: an event of the conference a held or transferred call is in (a participant joined or left), or the call status of a warm transfer’s target (`leg=target`).',
  ),
  ringing: endpoint({
    method: 'GET',
    path: '/companies/{companyId}/in-app-calling/ringing',
    summary:
      'The calls ringing the caller now, as their ring cards: a softphone that (re)connected catches up with rings it could not hear.',
    params: z.object({ companyId: id }),
    response: z.object({ data: z.array(IncomingCallSchema) }),
  }),
  canAnswer: endpoint({
    method: 'GET',
    path: '/companies/{companyId}/in-app-calling/calls/{callId}/can-answer-call',
    summary:
      'Whether the caller may still answer this ringing call (false once someone answered, with who; or once it stopped ringing).',
    params: agentCallParams,
    response: CanAnswerSchema,
  }),
  reject: endpoint({
    method: 'POST',
    path: '/companies/{companyId}/in-app-calling/calls/{callId}/reject',
    summary:
      'Declines a call ringing this agent (the join token of the ring proves it); when every agent rung declined, the call moves on (next in line or voicemail).',
    params: agentCallParams,
    body: z.strictObject({ joinToken: z.string().min(1, 'The join token is missing.').max(200) }),
    response: ok,
  }),
  hold: endpoint({
    method: 'POST',
    path: '/companies/{companyId}/in-app-calling/calls/{callId}/hold',
    summary:
      'The connected agent puts the caller on hold (`hold` true, with hold music) or takes them off it. Sandbox or Twilio alike (Twilio: through the call’s conference).',
    params: agentCallParams,
    body: z.strictObject({ hold: z.boolean() }),
    response: LiveCallViewSchema,
  }),
  transfer: endpoint({
    method: 'POST',
    path: '/companies/{companyId}/in-app-calling/calls/{callId}/transfer',
    summary:
      'The connected agent transfers the call — blind (at once) or warm (ring and talk to the target first, the caller on hold) — to an agent, a number or an extension (blind only). Sandbox or Twilio alike.',
    params: agentCallParams,
    body: TransferSchema,
    response: LiveCallViewSchema,
  }),
  transferComplete: endpoint({
    method: 'POST',
    path: '/companies/{companyId}/in-app-calling/calls/{callId}/transfer/complete',
    summary: 'A warm transfer hands the caller over to the target the agent consulted; the agent leaves.',
    params: agentCallParams,
    response: LiveCallViewSchema,
  }),
  transferCancel: endpoint({
    method: 'POST',
    path: '/companies/{companyId}/in-app-calling/calls/{callId}/transfer/cancel',
    summary: 'A transfer under way is called off: the target stops ringing or leaves, the caller is back.',
    params: agentCallParams,
    response: LiveCallViewSchema,
  }),
  outboundToken: endpoint({
    method: 'POST',
    path: '/v1/calls/token',
    status: 201,
    summary:
      'Starts an outbound call from the caller’s softphone to `destination`, showing the tracked number `number_id` as caller ID (users with all three SIP fields only).',
    body: OutboundCallSchema,
    response: OutboundCallAnswerSchema,
  }),
  sandboxPlace: endpoint({
    method: 'POST',
    path: '/sandbox/calls',
    status: 201,
    summary:
      'Sandbox only: a call from `from` to the tracked number `to`, routed like a real one. The simulated caller says `script` once connected, and leaves a message at voicemail unless `voicemail` is false.',
    body: z.strictObject({
      from: phone,
      to: phone,
      script: z.array(z.string().trim().min(1).max(500)).max(20).optional(),
      voicemail: z.boolean().default(true),
    }),
    response: z.object({ id: z.number().int() }),
  }),
  sandboxCall: endpoint({
    method: 'GET',
    path: '/sandbox/calls/{id}',
    summary: 'Sandbox only: where a call stands (phase, agent, hold, keys sent, transfer, outcome).',
    params: callParams,
    response: LiveCallViewSchema,
  }),
  sandboxDigits: endpoint({
    method: 'POST',
    path: '/sandbox/calls/{id}/digits',
    summary:
      'Sandbox only: keys pressed — by the caller (`as` caller, the default: a menu choice, or tones on a connected call) or by the connected agent (`as` agent, the keypad).',
    params: callParams,
    body: z.strictObject({ digits, as: z.enum(['caller', 'agent']).default('caller') }),
    response: LiveCallViewSchema,
  }),
  sandboxHangup: endpoint({
    method: 'POST',
    path: '/sandbox/calls/{id}/hangup',
    summary:
      'Sandbox only: the caller hangs up (`as` caller, the default), or the connected agent does (`as` agent).',
    params: callParams,
    body: z.strictObject({ as: z.enum(['caller', 'agent']).default('caller') }).default({ as: 'caller' }),
    response: LiveCallViewSchema,
  }),
  sandboxAnswer: endpoint({
    method: 'POST',
    path: '/sandbox/calls/{id}/answer',
    summary:
      'Sandbox only: the signed-in agent answers a call ringing them. The first answer wins; later ones get 409 naming who answered.',
    params: callParams,
    response: LiveCallViewSchema,
  }),
  sandboxHold: endpoint({
    method: 'POST',
    path: '/sandbox/calls/{id}/hold',
    summary: 'Sandbox only: the connected agent puts the caller on hold (`hold` true) or takes them off.',
    params: callParams,
    body: z.strictObject({ hold: z.boolean() }),
    response: LiveCallViewSchema,
  }),
  sandboxTransfer: endpoint({
    method: 'POST',
    path: '/sandbox/calls/{id}/transfer',
    summary:
      'Sandbox only: the connected agent transfers the call — blind (at once) or warm (ring and talk to the target first) — to an agent, a number or an extension.',
    params: callParams,
    body: TransferSchema,
    response: LiveCallViewSchema,
  }),
  sandboxTransferComplete: endpoint({
    method: 'POST',
    path: '/sandbox/calls/{id}/transfer/complete',
    summary: 'Sandbox only: a warm transfer hands the caller over to the target the agent consulted.',
    params: callParams,
    response: LiveCallViewSchema,
  }),
  sandboxTransferCancel: endpoint({
    method: 'POST',
    path: '/sandbox/calls/{id}/transfer/cancel',
    summary: 'Sandbox only: a transfer under way is called off; the caller stays with the agent.',
    params: callParams,
    response: LiveCallViewSchema,
  }),
} as const;
