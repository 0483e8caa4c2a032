/**
 * §7 In-app calling: the softphone's access token, who in a company may take calls (active, away, on a call),
 * and the caller's own status there (§3 Company in_app_calling_status, §4 "In-app calling status toggles
 * active/away"). Status is per user per company; setting it publishes `presence.changed` (PresenceChangedPayload
 * in ../realtime.ts) on the user's channel and the company's. The answer, ringing and transfer calls of §7 are
 * the telephony issue's.
 */
import { z } from 'zod';
import { IN_APP_CALLING_STATUSES } from '../domain/users';
import { endpoint, enumOf, IdParamSchema } from './contract';

const id = IdParamSchema;
const companyParams = z.object({ companyId: id });

/** How long an access token (Twilio's or the sandbox's) works; the app asks for a new one before it runs out. */
export const CALLING_TOKEN_TTL_SECONDS = 3600;

/**
 * The identity a user's app registers with (Twilio Client, sandbox engine): the routing engine's agent
 * `clientIdentity`, so a `<Client>` leg rings exactly this user's app, whichever company it is for.
 */
export function callingIdentity(userId: number): string {
  return `user-${userId}`;
}

/** Which VoiceEngine the renderer builds: `@twilio/voice-sdk`'s Device, or the sandbox engine. */
export const CALLING_TOKEN_KINDS = ['twilio', 'sandbox'] as const;
export type CallingTokenKind = (typeof CALLING_TOKEN_KINDS)[number];

export const CallingTokenSchema = z.object({
  kind: z.enum(CALLING_TOKEN_KINDS),
  /** A Twilio access token (JWT) with a Voice grant, or the sandbox's signed token. Opaque to the app. */
  token: z.string(),
  /** `user-<id>` (callingIdentity). */
  identity: z.string(),
  /** ISO time. */
  expires_at: z.string(),
});
export type CallingToken = z.infer<typeof CallingTokenSchema>;

export const CallingUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: enumOf(IN_APP_CALLING_STATUSES),
  /** A call of this company answered by them and not ended yet. */
  on_call: z.boolean(),
});
export type CallingUser = z.infer<typeof CallingUserSchema>;

export const CallingStatusSchema = z.object({
  status: enumOf(IN_APP_CALLING_STATUSES),
  /** §8: SUCCESS_MESSAGES.inAppCallingActive / inAppCallingAway. */
  message: z.string(),
});
export type CallingStatus = z.infer<typeof CallingStatusSchema>;

export const IN_APP_CALLING_ENDPOINTS = {
  token: endpoint({
    method: 'POST',
    path: '/companies/{companyId}/in-app-calling/token',
    summary:
      'An access token for the caller’s softphone in this company: a Twilio access token with a Voice grant when Twilio is configured, else a sandbox token; valid one hour. Only users with all three SIP fields.',
    params: companyParams,
    response: CallingTokenSchema,
  }),
  users: endpoint({
    method: 'GET',
    path: '/companies/{companyId}/in-app-calling/users',
    summary:
      'The company’s members who may take calls (a calling role and all three SIP fields), by name: active or away, and whether each is on a call.',
    params: companyParams,
    response: z.object({ data: z.array(CallingUserSchema) }),
  }),
  status: endpoint({
    method: 'GET',
    path: '/companies/{companyId}/in-app-calling/status',
    summary: 'The caller’s own in-app calling status in this company (away when they are not a member).',
    params: companyParams,
    response: CallingStatusSchema,
  }),
  setStatus: endpoint({
    method: 'POST',
    path: '/companies/{companyId}/in-app-calling/status',
    summary:
      'Sets the caller’s in-app calling status in this company (active: calls ring them; away: they do not) and publishes presence.changed.',
    params: companyParams,
    body: z.strictObject({ status: enumOf(IN_APP_CALLING_STATUSES) }),
    response: CallingStatusSchema,
  }),
} as const;
