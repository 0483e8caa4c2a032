/**
 * The carrier's callbacks to routing. Each TwiML verb that waits (Gather, Dial, Record, the whisper's Gather)
 * names an action URL whose query carries where the call resumes; `parseStep` turns that query and Twilio's
 * posted fields back into the engine's next step. So a step needs no server-side call state to be routed.
 */
import type { DialOutcome, Resume, RoutingStep } from './types';

/** Where TwiML sends the carrier back. */
export interface RoutingUrls {
  /** Our own public origin (PUBLIC_URL's), which the carrier already reaches: it serves our signed greeting links. */
  origin: string;
  /** The action URL of a Gather, Dial or Record: the voice webhook with the resume state in its query. */
  action(resume: Resume): string;
  /** `<Number url>`: the TwiML the forwarded-to party hears before being connected. */
  whisper(extension: number): string;
  /** Dial and Record `recordingStatusCallback`. */
  recordingStatus: string;
  /** `<Start><Transcription statusCallbackUrl>` (a call's live transcription). */
  transcription: string;
  /** `<Record transcribeCallback>` (a voicemail's transcription). */
  voicemailTranscription: string;
}

function withQuery(url: string, query: Record<string, string>): string {
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}${new URLSearchParams(query).toString()}`;
}

/** The resume state as query fields (`step`, `ext`, `attempt`, and `tried` when agents were offered the call). */
export function resumeQuery(resume: Resume): Record<string, string> {
  switch (resume.kind) {
    case 'after-gather':
      return { step: resume.kind, attempt: String(resume.attempt) };
    case 'after-dial':
      return {
        step: resume.kind,
        ext: String(resume.extension),
        attempt: String(resume.attempt),
        ...(resume.tried.length > 0 ? { tried: resume.tried.join(',') } : {}),
      };
    case 'after-voicemail':
      return resume.extension === null
        ? { step: resume.kind }
        : { step: resume.kind, ext: String(resume.extension) };
    case 'whisper-confirm':
      return { step: resume.kind, ext: String(resume.extension) };
  }
}

/** The callbacks of one voice webhook (e.g. `${PUBLIC_URL}/api/webhooks/twilio/voice`) and its sub-paths. */
export function routingUrls(voiceUrl: string): RoutingUrls {
  return {
    origin: new URL(voiceUrl).origin,
    action: (resume) => withQuery(voiceUrl, resumeQuery(resume)),
    whisper: (extension) => withQuery(voiceUrl, { step: 'whisper', ext: String(extension) }),
    recordingStatus: `${voiceUrl}/recording`,
    transcription: `${voiceUrl}/transcription`,
    voicemailTranscription: `${voiceUrl}/voicemail-transcription`,
  };
}

/**
 * Twilio's DialCallStatus → how the ring ended. `canceled` means the caller hung up while it rang; `answered`
 * is reported for a bridged call like `completed`. Agents' declines are known to the server, not to Twilio
 * (it reports them as busy), so the carrier says `declined` itself. Unknown values count as failed.
 */
export function dialOutcomeFromTwilio(status: string): DialOutcome | 'canceled' {
  switch (status) {
    case 'completed':
    case 'answered':
      return 'completed';
    case 'no-answer':
    case 'busy':
    case 'canceled':
      return status;
    default:
      return 'failed';
  }
}

const text = (fields: Record<string, unknown>, name: string): string => {
  const value = fields[name];
  return typeof value === 'string' ? value : '';
};

/** A whole number ≥ 0 from a query field, else null. */
function count(fields: Record<string, unknown>, name: string): number | null {
  const value = text(fields, name);
  return /^\d{1,5}$/.test(value) ? Number(value) : null;
}

/**
 * The engine's step from a voice webhook: no `step` in the query is a new call; otherwise the resume state from
 * the query and what Twilio observed from its form fields (Digits, DialCallStatus, RecordingUrl and
 * RecordingDuration). A query that is not one routing wrote answers null.
 */
export function parseStep(query: Record<string, unknown>, body: Record<string, unknown>): RoutingStep | null {
  const step = text(query, 'step');
  const extension = count(query, 'ext');
  const attempt = count(query, 'attempt');
  switch (step) {
    case '':
      return { kind: 'start' };
    case 'after-gather':
      return attempt === null ? null : { kind: step, attempt, digits: text(body, 'Digits') };
    case 'after-dial': {
      const tried = text(query, 'tried');
      if (extension === null || attempt === null || !/^(\d+(,\d+)*)?$/.test(tried)) return null;
      const outcome = dialOutcomeFromTwilio(text(body, 'DialCallStatus'));
      if (outcome === 'canceled') return { kind: 'caller-hangup' };
      const triedIds = tried ? tried.split(',').map(Number) : [];
      return { kind: step, extension, attempt, tried: triedIds, outcome };
    }
    case 'after-voicemail': {
      const duration = text(body, 'RecordingDuration');
      const recorded = text(body, 'RecordingUrl') !== '' && (duration === '' || Number(duration) > 0);
      return { kind: step, extension, recorded };
    }
    case 'whisper':
      return extension === null ? null : { kind: step, extension };
    case 'whisper-confirm':
      return extension === null ? null : { kind: step, extension, digits: text(body, 'Digits') };
    default:
      return null;
  }
}
