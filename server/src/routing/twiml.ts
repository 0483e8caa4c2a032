/**
 * A routing decision as Twilio voice TwiML, built with the official SDK's `twiml.VoiceResponse` (it escapes and
 * orders attributes). The sandbox carrier acts on the decision itself; only Twilio needs this form.
 */
import { isHttpsUrl } from '@shared/domain/url';
import twilio from 'twilio';
import type { RoutingUrls } from './callbacks';
import type {
  DialAction,
  GatherAction,
  GreetingRef,
  RoutingDecision,
  VoicemailAction,
  WhisperAction,
} from './types';

type VoiceResponse = InstanceType<typeof twilio.twiml.VoiceResponse>;
/** Both a Response and a Gather can play a greeting. */
type Speaker = Pick<VoiceResponse, 'play' | 'say'>;

/** What the line says itself when nobody configured a greeting or text. */
export const SPOKEN = Object.freeze({
  invalidChoice: 'Sorry, that is not a valid choice.',
  noChoice: 'Sorry, we did not get your choice.',
  menuChoice: (label: string, key: string) => `For ${label}, press ${key}.`,
  voicemailPrompt: 'Please leave a message after the tone. Press the pound key when you are finished.',
  goodbye: 'Thank you for your message. Goodbye.',
  confirmPrompt: 'Press any key to accept this call.',
});

/**
 * Audio the carrier may be told to fetch: https, or our own links (greetings uploaded to us, signed under
 * PUBLIC_URL, which a development server serves over plain http). The contract refuses any other address, but one
 * stored before it did — `file:`, `javascript:`, `gopher:` — must still never reach a <Play>.
 */
function playable(url: string, urls: RoutingUrls): boolean {
  return isHttpsUrl(url) || url.startsWith(`${urls.origin}/`);
}

/** Audio when there is some we may play, else the text spoken. */
function playGreeting(target: Speaker, greeting: GreetingRef | null, urls: RoutingUrls): boolean {
  const audio = greeting?.audioUrl?.trim();
  if (audio && playable(audio, urls)) {
    target.play(audio);
    return true;
  }
  const text = greeting?.text?.trim();
  if (text) {
    target.say(text);
    return true;
  }
  return false;
}

/**
 * The menu inside a Gather, so a key pressed during the greeting is taken at once. `actionOnEmptyResult` sends
 * "no input" to the engine too, which decides on the retry. A menu without a greeting reads out its choices.
 */
function gather(response: VoiceResponse, action: GatherAction, urls: RoutingUrls) {
  if (action.notice) response.say(action.notice === 'invalid' ? SPOKEN.invalidChoice : SPOKEN.noChoice);
  const menu = response.gather({
    input: ['dtmf'],
    numDigits: action.numDigits,
    timeout: action.timeout,
    finishOnKey: action.finishOnKey,
    action: urls.action(action.resume),
    method: 'POST',
    actionOnEmptyResult: true,
  });
  if (playGreeting(menu, action.greeting, urls)) return;
  for (const choice of action.choices) {
    menu.say(SPOKEN.menuChoice(choice.label || `extension ${choice.key}`, choice.key));
  }
}

/**
 * Dial: the ringback continues until someone answers (answerOnBridge), recording starts at the answer on two
 * channels (caller and agent), and a call being transcribed starts its transcription before the first ring.
 */
function dial(response: VoiceResponse, action: DialAction, urls: RoutingUrls, live: LiveLegs) {
  playGreeting(response, action.greeting, urls);
  if (action.transcribe) {
    response.start().transcription({
      statusCallbackUrl: urls.transcription,
      track: 'both_tracks',
      inboundTrackLabel: 'client',
      outboundTrackLabel: 'agent',
    });
  }
  const ring = response.dial({
    action: urls.action(action.resume),
    method: 'POST',
    timeout: action.timeout,
    callerId: action.callerId,
    answerOnBridge: true,
    ...(action.record
      ? { record: 'record-from-answer-dual' as const, recordingStatusCallback: urls.recordingStatus }
      : {}),
  });
  for (const target of action.targets) {
    if (target.kind === 'client' && live.clientParameters) {
      // The agent's app learns which call rings it; its answer comes back to the whisper URL (the claim).
      const client = ring.client({ url: urls.whisper(action.resume.extension), method: 'POST' });
      client.identity(target.identity);
      for (const [name, value] of Object.entries(live.clientParameters)) client.parameter({ name, value });
    } else if (target.kind === 'client') {
      ring.client({}, target.identity);
    } else {
      ring.number(
        action.whisper ? { url: urls.whisper(action.resume.extension), method: 'POST' } : {},
        target.number,
      );
    }
  }
}

/**
 * Voicemail: the greeting (or a prompt), then a Record whose action reports the message. Twilio skips the
 * action when nothing was recorded, so a Redirect after it reports "no message" the same way.
 */
function voicemail(response: VoiceResponse, action: VoicemailAction, urls: RoutingUrls) {
  if (!playGreeting(response, action.greeting, urls)) response.say(SPOKEN.voicemailPrompt);
  response.record({
    action: urls.action(action.resume),
    method: 'POST',
    maxLength: action.maxLength,
    finishOnKey: '#',
    playBeep: true,
    trim: 'trim-silence',
    recordingStatusCallback: urls.recordingStatus,
    ...(action.transcribe ? { transcribe: true, transcribeCallback: urls.voicemailTranscription } : {}),
  });
  response.redirect({ method: 'POST' }, urls.action(action.resume));
}

/** On the forwarded-to party's leg: the whisper, and with a confirm key a Gather whose answer the engine reads. */
function whisper(response: VoiceResponse, action: WhisperAction, urls: RoutingUrls) {
  const { text, confirmKey, waitSec } = action.whisper;
  if (!confirmKey) {
    if (text) response.say(text);
    return;
  }
  const confirm = response.gather({
    input: ['dtmf'],
    numDigits: 1,
    timeout: waitSec,
    action: urls.action(action.resume),
    method: 'POST',
    actionOnEmptyResult: true,
  });
  if (text) confirm.say(text);
  confirm.say(SPOKEN.confirmPrompt);
}

/** What a live call adds to the TwiML: parameters handed to agents' apps with the ring (call id, join token). */
export interface LiveLegs {
  clientParameters?: Readonly<Record<string, string>>;
}

export function toTwiml(decision: RoutingDecision, urls: RoutingUrls, live: LiveLegs = {}): string {
  const response = new twilio.twiml.VoiceResponse();
  const action = decision.action;
  switch (action.type) {
    case 'reject':
      response.reject({ reason: 'rejected' });
      break;
    case 'play-greeting-and-gather':
      gather(response, action, urls);
      break;
    case 'dial':
      dial(response, action, urls, live);
      break;
    case 'voicemail':
      voicemail(response, action, urls);
      break;
    case 'hangup':
      if (action.goodbye) response.say(SPOKEN.goodbye);
      response.hangup();
      break;
    case 'whisper':
      whisper(response, action, urls);
      break;
    case 'connect':
      // An empty response ends the whisper leg's TwiML, and Twilio connects the two parties.
      break;
  }
  return response.toString();
}
