/**
 * Texts coming in: the sandbox's "a text arrives" call (the demo and tests play the outside party; refused when
 * Twilio is the carrier), and Twilio's webhooks for inbound texts and delivery updates (form-encoded, signed with
 * X-Twilio-Signature; both answer empty TwiML). Keywords (STOP, START, HELP…) are handled on the way in.
 */
import { z } from 'zod';
import { endpoint } from './contract';

const phone = z.string().trim().min(1, 'Enter a phone number.').max(40);

export const InboundMediaSchema = z.object({
  url: z.url({ protocol: /^https?$/, message: 'Enter the attachment’s URL (http or https).' }).max(2000),
  content_type: z.string().trim().min(1).max(100),
});

export const SandboxInboundSchema = z.object({
  /** The outside party (any format a phone number is written in). */
  from: phone,
  /** The company's tracked number it is sent to. */
  to: phone,
  body: z.string().max(1600).default(''),
  media: z.array(InboundMediaSchema).max(10).default([]),
});
export type SandboxInbound = z.input<typeof SandboxInboundSchema>;

/** Twilio's form fields, as they come (only those we read are named; Twilio sends many more). */
const TwilioFormSchema = z.record(z.string(), z.unknown());

/** Empty TwiML (`<Response/>`, text/xml): nothing to reply. */
const TwimlSchema = z.string();

export const INBOUND_ENDPOINTS = {
  sandboxMessage: endpoint({
    method: 'POST',
    path: '/sandbox/messages',
    status: 201,
    summary:
      'Sandbox only: a text arrives from `from` at the tracked number `to` (the caller must be able to use that company’s inbox).',
    body: SandboxInboundSchema,
    response: z.object({ id: z.number().int() }),
  }),
  twilioSms: endpoint({
    method: 'POST',
    path: '/webhooks/twilio/sms',
    summary: 'Twilio: an inbound text (form-encoded, signed); answers empty TwiML.',
    body: TwilioFormSchema,
    response: TwimlSchema,
  }),
  twilioStatus: endpoint({
    method: 'POST',
    path: '/webhooks/twilio/sms/status',
    summary: 'Twilio: a delivery update of a sent text (form-encoded, signed); answers empty TwiML.',
    body: TwilioFormSchema,
    response: TwimlSchema,
  }),
} as const;
