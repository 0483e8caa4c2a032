/**
 * The greetings screen's rules (§3 Greeting "id, content, voice, uploaded file"; §7 Greetings): what a new or
 * changed greeting sends as the multipart body of `POST /greetings` — text spoken by a voice, an uploaded file or
 * a recording from the microphone — what is refused before anything is sent (the contract's own limits and
 * messages), and how the list and the recorder say things (sizes, lengths, the microphone level).
 */
import {
  GREETING_AUDIO_TYPES,
  GREETING_FILE_AND_TEXT,
  GREETING_MAX_BYTES,
  GREETING_NAME_MAX,
  GREETING_NAME_TOO_LONG,
  GREETING_TEXT_MAX,
  GREETING_TEXT_REQUIRED,
  GREETING_TEXT_TOO_LONG,
  type Greeting,
  type TtsVoiceInfo,
} from '@shared/api/greetings';
import type { MultipartFields } from '../../api/contractCall';

/** Where a greeting's audio comes from: text spoken by a voice, a file, or the microphone. */
export type GreetingSource = 'text' | 'upload' | 'record';

export const GREETING_SOURCES: readonly { value: GreetingSource; label: string }[] = [
  { value: 'text', label: 'Text to speech' },
  { value: 'upload', label: 'Upload a file' },
  { value: 'record', label: 'Record' },
];

/** What the dialog holds. `file` is the chosen file (upload) or the finished recording (record). */
export interface GreetingDraft {
  /** The greeting being changed; undefined for a new one. */
  id?: number | undefined;
  name: string;
  source: GreetingSource;
  content: string;
  voice: string;
  file: Blob | null;
}

/** The dialog's starting values: a new greeting speaks text in the server's default voice. */
export function draftOf(greeting: Greeting | null, defaultVoice: string): GreetingDraft {
  if (!greeting) return { name: '', source: 'text', content: '', voice: defaultVoice, file: null };
  return {
    id: greeting.id,
    name: greeting.name,
    source: greeting.kind === 'text' ? 'text' : 'upload',
    content: greeting.content ?? '',
    voice: greeting.voice ?? defaultVoice,
    file: null,
  };
}

export const FILE_REQUIRED = 'Choose an audio file to upload.';
export const RECORDING_REQUIRED = 'Record the greeting first: press Start recording, then Stop.';
const KINDS = 'WAV, MP3, Ogg or WebM';

/** The canonical audio type a file declares (`audio/webm;codecs=opus` → `audio/webm`), '' when it says none. */
export function declaredAudioType(type: string): string {
  return type.split(';')[0]?.trim().toLowerCase() ?? '';
}

/** What the server would refuse about a file before its bytes are read: its declared type and its size. */
export function fileProblem(file: { name?: string; type: string; size: number }): string | undefined {
  const name = file.name || 'The recording';
  const declared = declaredAudioType(file.type);
  if (declared && declared !== 'application/octet-stream' && !(declared in GREETING_AUDIO_TYPES))
    return `${name} is not audio a greeting can use: upload ${KINDS}.`;
  if (file.size === 0) return `${name} is empty.`;
  if (file.size > GREETING_MAX_BYTES)
    return `${name} is larger than ${Math.round(GREETING_MAX_BYTES / (1024 * 1024))} MB, the limit for a greeting.`;
  return undefined;
}

/** The draft's problems by field (`name`, `content`, `file`), judged as the contract judges them. */
export function draftErrors(draft: GreetingDraft): Partial<Record<'name' | 'content' | 'file', string>> {
  const errors: Partial<Record<'name' | 'content' | 'file', string>> = {};
  if (draft.name.trim().length > GREETING_NAME_MAX) errors.name = GREETING_NAME_TOO_LONG;
  if (draft.source === 'text') {
    const text = draft.content.trim();
    if (!text) errors.content = GREETING_TEXT_REQUIRED;
    else if (text.length > GREETING_TEXT_MAX) errors.content = GREETING_TEXT_TOO_LONG;
  } else if (draft.file) {
    const problem = fileProblem(draft.file as Blob & { name?: string });
    if (problem) errors.file = problem;
  } else if (draft.source === 'record' || draft.id === undefined) {
    // A greeting being changed may keep its audio; a new one needs some, and a recording must be made.
    errors.file = draft.source === 'record' ? RECORDING_REQUIRED : FILE_REQUIRED;
  }
  return errors;
}

/** A recording's file name, by its type (`audio/ogg;codecs=opus` → `recording.ogg`). */
export function recordingFileName(type: string): string {
  const declared = declaredAudioType(type);
  const extension =
    { 'audio/ogg': 'ogg', 'audio/wav': 'wav', 'audio/mpeg': 'mp3' }[declared as string] ?? 'webm';
  return `recording.${extension}`;
}

/**
 * The multipart body of `POST /greetings`: with `id` it changes that greeting. Text sends `content` and `voice`
 * (a file and text together are refused: GREETING_FILE_AND_TEXT); a file or recording sends `file` alone; a
 * changed upload with no new file sends its name only, keeping its audio. A blank name is derived by the server.
 */
export function greetingFields(draft: GreetingDraft): MultipartFields {
  const fields: Record<string, string | number | Blob> = {};
  if (draft.id !== undefined) fields.id = draft.id;
  fields.name = draft.name.trim();
  if (draft.source === 'text') {
    fields.content = draft.content.trim();
    if (draft.voice) fields.voice = draft.voice;
  } else if (draft.file) {
    const named =
      draft.file instanceof File
        ? draft.file
        : new File([draft.file], recordingFileName(draft.file.type), { type: draft.file.type });
    fields.file = named;
  }
  if ('file' in fields && 'content' in fields) throw new Error(GREETING_FILE_AND_TEXT);
  return fields;
}

/** "1.2 MB", "340 KB", "512 B". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A recording's length as a timer shows it: "0:07", "1:05". */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The longest recording: a minute of speech is plenty for a greeting, and stays far below the size limit. */
export const RECORDING_MAX_MS = 2 * 60_000;

/**
 * The microphone's level, 0–100, from an analyser's time-domain bytes (silence is 128): the root mean square of
 * the samples, scaled so ordinary speech fills most of the meter.
 */
export function levelOf(samples: ArrayLike<number>): number {
  if (!samples.length) return 0;
  let sum = 0;
  for (let index = 0; index < samples.length; index++) {
    const centred = ((samples[index] ?? 128) - 128) / 128;
    sum += centred * centred;
  }
  const rms = Math.sqrt(sum / samples.length);
  return Math.min(100, Math.round(rms * 300));
}

/** The audio type MediaRecorder should make: Opus in WebM or Ogg (both upload), else the browser's default. */
export function recordingType(isSupported: (type: string) => boolean): string | undefined {
  return ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/ogg'].find(isSupported);
}

/** The voice's name as the list shows it; an id the server no longer offers is shown as it is. */
export function voiceName(id: string | null, voices: readonly TtsVoiceInfo[]): string {
  if (!id) return '';
  return voices.find((voice) => voice.id === id)?.name ?? id;
}

const TYPE_NAMES: Record<string, string> = {
  'audio/wav': 'WAV',
  'audio/mpeg': 'MP3',
  'audio/ogg': 'Ogg',
  'audio/webm': 'WebM',
};

/** What a greeting plays, in words: its text and voice, or the kind and size of its audio file. */
export function greetingSummary(greeting: Greeting, voices: readonly TtsVoiceInfo[]): string {
  if (greeting.kind === 'text') {
    const voice = voiceName(greeting.voice, voices);
    return voice ? `“${greeting.content ?? ''}” — ${voice}` : `“${greeting.content ?? ''}”`;
  }
  const type = TYPE_NAMES[greeting.content_type ?? ''] ?? 'Audio';
  return `${type} file, ${formatBytes(greeting.size)}`;
}

/** Greetings whose name, text or voice contains the search (case-insensitive); all when it is blank. */
export function searchGreetings(
  greetings: readonly Greeting[],
  search: string,
  voices: readonly TtsVoiceInfo[],
): Greeting[] {
  const wanted = search.trim().toLowerCase();
  if (!wanted) return [...greetings];
  return greetings.filter((greeting) =>
    [greeting.name, greeting.content ?? '', voiceName(greeting.voice, voices)].some((text) =>
      text.toLowerCase().includes(wanted),
    ),
  );
}
