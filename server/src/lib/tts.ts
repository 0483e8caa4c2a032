/**
 * Text-to-speech by espeak-ng, the one speech engine a Debian, Ubuntu or Homebrew machine installs in one
 * command and that runs offline. It is optional: where it is missing, greetings still work from uploaded audio,
 * so every caller asks `available()` or catches TtsUnavailableError and says how to install it.
 *
 * espeak-ng runs by execFile with an argument list (never a shell); the text goes in on stdin (`--stdin`), so
 * nothing the user typed is ever read as an option or a file name, and a time limit stops a stuck process.
 */
import { execFile } from 'node:child_process';

export interface TtsVoice {
  id: string;
  name: string;
  language: string;
}

export interface TextToSpeech {
  /** Whether speech can be rendered here (espeak-ng found). */
  available(): Promise<boolean>;
  /** The voices espeak-ng offers (`espeak-ng --voices`), parsed; [] when unavailable. Cache the list. */
  voices(): Promise<TtsVoice[]>;
  /**
   * A WAV (RIFF) buffer of the text spoken by the voice (default 'en-us'). Throws TtsUnavailableError when
   * espeak-ng is missing, and UnknownVoiceError for a voice it does not offer.
   */
  speak(text: string, voice?: string): Promise<Buffer>;
}

export const DEFAULT_TTS_VOICE = 'en-us';

export const TTS_UNAVAILABLE_MESSAGE =
  'Text-to-speech is not available: espeak-ng is not installed on this server. Install it (Debian/Ubuntu: ' +
  'apt-get install espeak-ng; macOS: brew install espeak-ng) and try again.';

export class TtsUnavailableError extends Error {
  constructor(message = TTS_UNAVAILABLE_MESSAGE) {
    super(message);
    this.name = 'TtsUnavailableError';
  }
}

export class UnknownVoiceError extends Error {
  constructor(readonly voice: string) {
    super(`espeak-ng has no voice "${voice}"; choose one of the voices it lists (espeak-ng --voices).`);
    this.name = 'UnknownVoiceError';
  }
}

/** Longest a rendering may take: a thousand characters take a fraction of a second. */
const SPEAK_TIMEOUT_MS = 20_000;
/** Listing voices or the version is instant; a hang here means something is wrong with the install. */
const QUERY_TIMEOUT_MS = 5_000;
/** A generous cap on what espeak-ng may write (the longest greeting text renders to ≈ 2.5 MB of WAV). */
const MAX_OUTPUT_BYTES = 32 * 1024 * 1024;

interface RunResult {
  stdout: Buffer;
  stderr: string;
}

/** Runs the binary with `args`, feeding `input` on stdin. A missing binary rejects with TtsUnavailableError. */
function run(
  binary: string,
  args: string[],
  options: { input?: string; timeout: number },
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      binary,
      args,
      { encoding: 'buffer', timeout: options.timeout, maxBuffer: MAX_OUTPUT_BYTES, windowsHide: true },
      (error, stdout, stderr) => {
        const stderrText = stderr.toString('utf8').trim();
        if (!error) return resolve({ stdout, stderr: stderrText });
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'EACCES') return reject(new TtsUnavailableError());
        if (error.killed) return reject(new Error(`espeak-ng took longer than ${options.timeout / 1000} s.`));
        reject(new Error(`espeak-ng failed: ${stderrText || error.message}`));
      },
    );
    // espeak-ng may exit before reading all of stdin (an error); the callback above reports that instead.
    child.stdin?.on('error', () => {});
    child.stdin?.end(options.input ?? '');
  });
}

/**
 * `espeak-ng --voices`: a header, then one voice a line — priority, language, age/gender, name (spaces as `_`),
 * file, other languages. The language is what `-v` takes, so it is the id; a second voice with the same
 * language (Cantonese has two) cannot be chosen by it and is left out.
 */
export function parseVoices(listing: string): TtsVoice[] {
  const voices: TtsVoice[] = [];
  const seen = new Set<string>();
  for (const line of listing.split(/\r?\n/)) {
    const [priority, language, , name] = line.trim().split(/\s+/);
    if (!priority || !/^\d+$/.test(priority) || !language || !name || seen.has(language)) continue;
    seen.add(language);
    voices.push({ id: language, name: name.replace(/_/g, ' '), language });
  }
  return voices;
}

/**
 * espeak-ng writing to a pipe cannot go back to fill in the RIFF and data sizes, so it leaves 0x7fffffff
 * there. Stored files get the real sizes: some players (and carriers fetching a greeting) trust them.
 */
export function fixWavSizes(wav: Buffer): Buffer {
  if (wav.length < 12 || wav.toString('latin1', 0, 4) !== 'RIFF' || wav.toString('latin1', 8, 12) !== 'WAVE')
    return wav;
  wav.writeUInt32LE(wav.length - 8, 4);
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('latin1', offset, offset + 4);
    if (id === 'data') {
      wav.writeUInt32LE(wav.length - offset - 8, offset + 4);
      break;
    }
    offset += 8 + wav.readUInt32LE(offset + 4);
  }
  return wav;
}

export function espeakTts(options: { binary?: string } = {}): TextToSpeech {
  const binary = options.binary ?? 'espeak-ng';
  // Only a list that came back is kept: installing espeak-ng while the server runs takes effect at once.
  let cached: TtsVoice[] | undefined;

  const voices = async (): Promise<TtsVoice[]> => {
    if (cached) return cached;
    try {
      const { stdout } = await run(binary, ['--voices'], { timeout: QUERY_TIMEOUT_MS });
      const list = parseVoices(stdout.toString('utf8'));
      if (list.length) cached = list;
      return list;
    } catch (error) {
      if (error instanceof TtsUnavailableError) return [];
      throw error;
    }
  };

  return {
    available: async () => (await voices()).length > 0,
    voices,
    speak: async (text, voice = DEFAULT_TTS_VOICE) => {
      const known = await voices();
      if (!known.length) throw new TtsUnavailableError();
      if (!known.some((entry) => entry.id === voice)) throw new UnknownVoiceError(voice);
      const { stdout } = await run(binary, ['-v', voice, '--stdin', '--stdout'], {
        input: text,
        timeout: SPEAK_TIMEOUT_MS,
      });
      if (stdout.toString('latin1', 0, 4) !== 'RIFF')
        throw new Error('espeak-ng did not produce a WAV file.');
      return fixWavSizes(stdout);
    },
  };
}
