/**
 * §7 Greetings: `GET /greetings`, `GET`/`DELETE /greetings/{id}`, `POST /greetings` (multipart; with an `id`
 * it changes that greeting), `POST /greetings/speak` (a preview) and `GET /greetings/voices`. §3 Greeting "id,
 * content, voice, uploaded file": a company's audio that calls play — an uploaded file, or text (`content`)
 * spoken by a text-to-speech `voice`, rendered to audio when saved. §8 'Greeting added/updated/deleted
 * successfully.' (SUCCESS_MESSAGES). The company is the `companyId` query parameter, as for every list and
 * create; a greeting by id is its own company's.
 *
 * `POST /greetings` is multipart: the fields `id` (to change that greeting), `name`, `content` and `voice`, and
 * one audio `file` — a file, or `content` to speak, not both. Without a file it may also be sent as JSON.
 * Fields left out of a change keep their value; a new `content` or `voice` renders the audio again.
 */
import { z } from 'zod';
import { endpoint, IdParamSchema } from './contract';
import { SignedUrlQuerySchema } from './signedUrl';

const id = IdParamSchema;
const companyQuery = z.object({ companyId: id });

/** The largest audio file a greeting may be (a minute of WAV is ≈ 2.6 MB; MP3 far less). */
export const GREETING_MAX_BYTES = 5 * 1024 * 1024;
/** The longest text a greeting speaks: about a minute of speech, which renders to ≈ 2.5 MB of WAV. */
export const GREETING_TEXT_MAX = 1000;
export const GREETING_NAME_MAX = 100;
/** The voice a text is spoken in when none is chosen (espeak-ng's American English). */
export const DEFAULT_GREETING_VOICE = 'en-us';

/**
 * The audio types an upload may be: the declared type must be one of these (or say nothing: octet-stream), and
 * the file's first bytes must agree. Aliases (`audio/x-wav`, `audio/mp3`…) are stored as the canonical type.
 */
export const GREETING_AUDIO_TYPES = {
  'audio/wav': 'audio/wav',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/mpeg': 'audio/mpeg',
  'audio/mp3': 'audio/mpeg',
  'audio/mpeg3': 'audio/mpeg',
  'audio/x-mpeg-3': 'audio/mpeg',
  'audio/ogg': 'audio/ogg',
  'audio/webm': 'audio/webm',
} as const;
export type GreetingAudioType = (typeof GREETING_AUDIO_TYPES)[keyof typeof GREETING_AUDIO_TYPES];

/**
 * What a phone call can play (Twilio's `<Play>` takes WAV and MP3, not Ogg or WebM). An Ogg or WebM greeting
 * (what a browser records) plays in the app but is not offered to calls: `playable_on_calls` says so.
 */
export const CALL_PLAYABLE_AUDIO_TYPES: readonly GreetingAudioType[] = ['audio/wav', 'audio/mpeg'];

export const GreetingSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  /** `text`: `content` spoken by `voice` (rendered to audio when saved); `upload`: an uploaded audio file. */
  kind: z.enum(['text', 'upload']),
  content: z.string().nullable(),
  voice: z.string().nullable(),
  /** The audio by a short-lived signed URL (no sign-in needed to play it); null when there is none. */
  audio_url: z.string().nullable(),
  content_type: z.string().nullable(),
  /** Bytes of the audio. */
  size: z.number().int(),
  /** Whether calls play this audio (WAV or MP3; see CALL_PLAYABLE_AUDIO_TYPES). */
  playable_on_calls: z.boolean(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Greeting = z.infer<typeof GreetingSchema>;

export const GREETING_TEXT_REQUIRED = 'Enter the text to speak, or upload an audio file.';
export const GREETING_TEXT_TOO_LONG = `The text can be at most ${GREETING_TEXT_MAX} characters.`;
export const GREETING_NAME_TOO_LONG = `The name can be at most ${GREETING_NAME_MAX} characters.`;

/** 503 when text is to be spoken on a server without espeak-ng (uploads need no text-to-speech). */
export const GREETING_TTS_UNAVAILABLE =
  'Text-to-speech is not installed on this server (espeak-ng), so text cannot be spoken. Upload an audio file ' +
  'instead, or ask the administrator to install espeak-ng (apt-get install espeak-ng).';
export const GREETING_VOICE_UNKNOWN = 'Choose a voice from the list: this server has no such voice.';
export const GREETING_FILE_AND_TEXT = 'Upload an audio file or enter text to speak, not both.';

const blankIsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * The fields of `POST /greetings` (multipart fields are strings; JSON may send the same). A blank `content` is
 * "no text": refused unless a file comes with it. Whether the voice exists is the server's to say.
 */
export const GreetingFieldsSchema = z.object({
  id: z.preprocess(blankIsAbsent, id.optional()),
  name: z.string().trim().max(GREETING_NAME_MAX, { message: GREETING_NAME_TOO_LONG }).optional(),
  content: z.string().trim().max(GREETING_TEXT_MAX, { message: GREETING_TEXT_TOO_LONG }).optional(),
  voice: z.preprocess(blankIsAbsent, z.string().trim().max(100).optional()),
});
export type GreetingFields = z.input<typeof GreetingFieldsSchema>;

/** `POST /greetings/speak`: a preview of the text in the voice, nothing stored. */
export const SpeakBodySchema = z.object({
  content: z
    .string({ message: 'Enter the text to speak.' })
    .trim()
    .min(1, { message: 'Enter the text to speak.' })
    .max(GREETING_TEXT_MAX, { message: GREETING_TEXT_TOO_LONG }),
  voice: z.preprocess(blankIsAbsent, z.string().trim().max(100).optional()),
});

export const TtsVoiceSchema = z.object({
  /** What `voice` takes (espeak-ng's language code, e.g. `en-us`). */
  id: z.string(),
  name: z.string(),
  language: z.string(),
});
export type TtsVoiceInfo = z.infer<typeof TtsVoiceSchema>;

export const GreetingVoicesSchema = z.object({
  /** Whether this server can speak text (espeak-ng installed); uploads work either way. */
  available: z.boolean(),
  default_voice: z.string(),
  /** Why text cannot be spoken here and how to fix it; null when it can. */
  message: z.string().nullable(),
  data: z.array(TtsVoiceSchema),
});
export type GreetingVoices = z.infer<typeof GreetingVoicesSchema>;

const MessageSchema = z.object({ message: z.string() });

export const GREETING_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/greetings',
    summary: 'The company’s greetings, newest first, each with its audio by a short-lived signed URL.',
    query: companyQuery,
    response: z.object({ data: z.array(GreetingSchema) }),
  }),
  voices: endpoint({
    method: 'GET',
    path: '/greetings/voices',
    summary:
      'The text-to-speech voices this server offers (espeak-ng), and whether it can speak text at all (uploads work either way).',
    response: GreetingVoicesSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/greetings/{id}',
    summary: 'One greeting of the company.',
    params: z.object({ id }),
    response: GreetingSchema,
  }),
  save: endpoint({
    method: 'POST',
    path: '/greetings',
    summary: `Adds a greeting, or with an \`id\` field changes that one. Multipart: \`name\`, and one audio \`file\` (WAV, MP3, Ogg or WebM, at most ${GREETING_MAX_BYTES / (1024 * 1024)} MB) or \`content\` (at most ${GREETING_TEXT_MAX} characters) spoken by \`voice\` (default ${DEFAULT_GREETING_VOICE}); without a file JSON works too. 503 when text is sent and the server has no text-to-speech.`,
    query: companyQuery,
    multipart: true,
    response: MessageSchema.extend({ greeting: GreetingSchema }),
  }),
  speak: endpoint({
    method: 'POST',
    path: '/greetings/speak',
    summary:
      'The text spoken by the voice, as audio/wav bytes: a preview, nothing is stored. 503 when the server has no text-to-speech.',
    query: companyQuery,
    body: SpeakBodySchema,
    response: z.unknown(),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/greetings/{id}',
    summary: 'Deletes a greeting and its audio; numbers that named it play their own text, or nothing.',
    params: z.object({ id }),
    response: MessageSchema,
  }),
  audio: endpoint({
    method: 'GET',
    path: '/greetings/{id}/audio',
    summary:
      'A greeting’s audio by its short-lived signed URL (no sign-in needed; 403 when expired or not valid).',
    params: z.object({ id }),
    query: SignedUrlQuerySchema,
    response: z.unknown(),
  }),
} as const;
