/**
 * Twilio's voice webhooks (access public: Twilio signs them). Every request must carry a valid X-Twilio-Signature
 * over PUBLIC_URL + path + form (the SDK checks it): missing → 400, wrong → 403, and without Twilio configured
 * nothing can be verified, so all are refused. What each does is ./service.ts; the conference events go to the
 * Twilio voice carrier (./carrier.ts), which holds and transfers through them.
 * - `/webhooks/twilio/voice`: a call arrives, goes on to its next step, or an agent's app places one;
 * - `/voice/status`, `/voice/recording`, `/voice/transcription`, `/voice/voicemail-transcription`;
 * - `/voice/conference`: the events of the conferences holds and warm transfers use.
 */
import formbody from '@fastify/formbody';
import type { Endpoint } from '@shared/api/contract';
import { VOICE_ENDPOINTS as E } from '@shared/api/voice';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isValidTwilioRequest } from '../../../carriers/twilio';
import type { AppContext } from '../../../http/context';
import { type InCompany, moduleRoutes } from '../../../http/route';
import { forbidden, HttpError } from '../../../lib/errors';
import {
  addTranscriptPiece,
  applyStatus,
  keepRecording,
  keepVoicemailTranscription,
  voiceStep,
} from './service';
import { EMPTY_TWIML } from './view';

function xml(reply: FastifyReply, twiml: string): FastifyReply {
  return reply.status(200).type('text/xml').send(twiml);
}

/**
 * Missing signature → 400; Twilio not configured (nothing to check against) or a signature that does not match
 * → 403.
 */
export function checkSignature(ctx: AppContext, request: FastifyRequest): void {
  const signature = request.headers['x-twilio-signature'];
  if (typeof signature !== 'string' || signature === '') {
    throw new HttpError(400, 'The X-Twilio-Signature header is missing.');
  }
  const account = ctx.config.twilio;
  if (!account || !isValidTwilioRequest(request, account.authToken, ctx.config.publicUrl)) {
    throw forbidden('The Twilio signature does not match.');
  }
}

/**
 * The signed voice webhooks of one plugin scope (form bodies): `route` for one that answers TwiML of its own, and
 * `event` for one Twilio only tells us about, which is acted on and answered with empty TwiML.
 */
function signedWebhooks(scope: FastifyInstance, ctx: AppContext) {
  const route = moduleRoutes(scope, ctx);

  return {
    route,
    event<R extends Endpoint>(endpoint: R, act: (input: InCompany<R>) => Promise<unknown>): void {
      route(endpoint, 'public', async (input) => {
        checkSignature(ctx, input.request);
        await act(input);
        return xml(input.reply, EMPTY_TWIML);
      });
    },
  };
}

export function twilioVoiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    await scope.register(formbody);
    const { route, event } = signedWebhooks(scope, ctx);
    route(E.twilioVoice, 'public', async ({ request, reply, body, query }) => {
      checkSignature(ctx, request);
      return xml(reply, await voiceStep(ctx, request.url, query, body));
    });
    event(E.twilioVoiceStatus, ({ body }) => applyStatus(ctx, body));
    event(E.twilioVoiceRecording, ({ body }) => keepRecording(ctx, body));
    event(E.twilioVoiceTranscription, ({ body }) => addTranscriptPiece(ctx, body));
    event(E.twilioVoicemailTranscription, ({ body }) => keepVoicemailTranscription(ctx, body));
  });
}

/** `/webhooks/twilio/voice/conference`: signed like every voice webhook (400 without, 403 wrong or unconfigured). */
export function twilioConferenceRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    await scope.register(formbody);
    signedWebhooks(scope, ctx).event(E.twilioVoiceConference, ({ query, body }) =>
      ctx.voice.twilio.conferenceEvent(query, body),
    );
  });
}
