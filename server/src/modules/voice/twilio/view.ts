/**
 * What Twilio is told: the voice webhook's URLs (the action URLs holds and transfers mark with `via`), and the
 * TwiML that is not routing's own (routing/twiml.ts writes that): a spoken goodbye, a leg's conference.
 */
import twilio from 'twilio';
import type { AppContext } from '../../../http/context';
import { resumeQuery } from '../../../routing/callbacks';
import type { Resume } from '../../../routing/types';
import type { CallRow } from '../records';

export const TWILIO_VOICE_PATH = '/webhooks/twilio/voice';

/** TwiML that says `text` and hangs up. */
export const say = (text: string) => {
  const response = new twilio.twiml.VoiceResponse();
  response.say(text);
  response.hangup();
  return response.toString();
};

/** The empty answer: nothing more to do on this leg. */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

/** The voice webhook's absolute URL, as Twilio calls it (and signs it). */
export function voiceUrl(ctx: AppContext): string {
  return `${ctx.config.publicUrl.replace(/\/$/, '')}${ctx.config.apiPrefix}${TWILIO_VOICE_PATH}`;
}

/** Who wrote a dial's action URL, when not routing: a transfer's dial, or the caller's conference. */
export type ActionVia = 'transfer' | 'conference';

/** Routing's action URL for `resume`, marked with who wrote it (`via`). */
export function actionUrl(ctx: AppContext, resume: Resume, via: ActionVia): string {
  return `${voiceUrl(ctx)}?${new URLSearchParams({ ...resumeQuery(resume), via }).toString()}`;
}

/** Where Twilio posts the events of a call's conference (and a warm transfer's target's call status). */
export function conferenceUrl(ctx: AppContext): string {
  return `${voiceUrl(ctx)}/conference`;
}

/** The conference a held or warm-transferred call is moved into. */
export const conferenceName = (callId: number): string => `call-${callId}`;

/**
 * The TwiML that puts one leg of a call into its conference: the caller (`who` caller) or the connected agent.
 * Either leaving ends the conference, as hanging up a bridged call would (a warm transfer's target, added by
 * the REST API, does not until the call is handed to them). The caller's Dial resumes routing as a finished dial
 * when the conference ends (Hangup, answered). Joins and leaves are posted to the conference webhook.
 */
export function conferenceTwiml(ctx: AppContext, call: CallRow, who: 'caller' | 'agent'): string {
  const live = call.live;
  const response = new twilio.twiml.VoiceResponse();
  const dial = response.dial(
    who === 'caller' && live?.resume
      ? { action: actionUrl(ctx, live.resume, 'conference'), method: 'POST' }
      : {},
  );
  dial.conference(
    {
      beep: 'false',
      startConferenceOnEnter: true,
      endConferenceOnExit: true,
      participantLabel: who,
      statusCallback: conferenceUrl(ctx),
      statusCallbackEvent: ['join', 'leave'],
      statusCallbackMethod: 'POST',
    },
    live?.conference?.name ?? conferenceName(call.id),
  );
  return response.toString();
}
