/**
 * Text-to-speech by espeak-ng: the real binary renders WAV (where it is installed — else the same tests prove it
 * is reported missing), a missing binary is TtsUnavailableError, the voice listing parses, text that looks like
 * options or shell is only spoken. (The server builds one engine: composition.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { espeakTts, fixWavSizes, parseVoices, TtsUnavailableError, UnknownVoiceError } from './tts';

const real = espeakTts();
const installed = await real.available();

/** The RIFF/WAVE header, with its sizes as a reader trusts them. */
function riff(wav: Buffer) {
  return {
    riff: wav.toString('latin1', 0, 4),
    wave: wav.toString('latin1', 8, 12),
    riffSize: wav.readUInt32LE(4),
    dataSize: wav.readUInt32LE(40),
  };
}

describe('espeakTts with espeak-ng installed', () => {
  it.runIf(installed)('renders text to a WAV whose header sizes match its length', async () => {
    const wav = await real.speak('Thanks for calling Demo Motors.');
    expect(wav.length).toBeGreaterThan(10_000);
    expect(riff(wav)).toEqual({
      riff: 'RIFF',
      wave: 'WAVE',
      riffSize: wav.length - 8,
      dataSize: wav.length - 44,
    });
  });

  it.runIf(installed)(
    'lists voices, the default American English among them, and caches the list',
    async () => {
      const voices = await real.voices();
      expect(voices.length).toBeGreaterThan(10);
      expect(voices).toContainEqual({ id: 'en-us', name: 'English (America)', language: 'en-us' });
      expect(await real.voices()).toBe(voices);
    },
  );

  it.runIf(installed)('speaks text that looks like options or shell, and never runs it', async () => {
    const wav = await real.speak('--version; $(touch /tmp/tts-pwned) `id` -v xx');
    expect(riff(wav).riff).toBe('RIFF');
  });

  it.runIf(installed)('refuses a voice it does not offer, by name', async () => {
    await expect(real.speak('Hello', 'xx-nowhere')).rejects.toBeInstanceOf(UnknownVoiceError);
    await expect(real.speak('Hello', '--help')).rejects.toThrow(/no voice "--help"/);
  });

  it.runIf(!installed)('where it is not installed, the real engine says so rather than failing', async () => {
    expect(await real.voices()).toEqual([]);
    await expect(real.speak('Hello')).rejects.toBeInstanceOf(TtsUnavailableError);
  });
});

describe('espeakTts with the binary missing', () => {
  const missing = espeakTts({ binary: '/nonexistent/espeak-ng' });

  it('is not available, has no voices, and speaking throws TtsUnavailableError saying how to install it', async () => {
    expect(await missing.available()).toBe(false);
    expect(await missing.voices()).toEqual([]);
    const error = await missing.speak('Hello').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TtsUnavailableError);
    expect((error as Error).message).toMatch(/espeak-ng is not installed.*apt-get install espeak-ng/);
  });
});

describe('parseVoices', () => {
  const LISTING = [
    'Pty Language       Age/Gender VoiceName          File                 Other Languages',
    ' 5  af              --/M      Afrikaans          gmw/af               ',
    ' 2  en-us           --/M      English_(America)  gmw/en-US            (en 3)',
    ' 5  yue             --/M      Chinese_(Cantonese) sit/yue              (zh-yue 5)(zh 8)',
    ' 5  yue             --/M      Chinese_(Cantonese,_latin_as_Jyutping) sit/yue-Latn-jyutping (zh-yue 5)',
    '',
  ].join('\n');

  it('reads one voice a line by its language, names with spaces, the first of a repeated language only', () => {
    expect(parseVoices(LISTING)).toEqual([
      { id: 'af', name: 'Afrikaans', language: 'af' },
      { id: 'en-us', name: 'English (America)', language: 'en-us' },
      { id: 'yue', name: 'Chinese (Cantonese)', language: 'yue' },
    ]);
  });

  it.each(['', 'Pty Language Age/Gender VoiceName File Other Languages', 'garbage line'])(
    'finds no voice in %j',
    (listing) => {
      expect(parseVoices(listing)).toEqual([]);
    },
  );
});

describe('fixWavSizes', () => {
  it('writes the real RIFF and data sizes over the streaming placeholders', () => {
    const wav = Buffer.alloc(44 + 100);
    wav.write('RIFF', 0, 'latin1');
    wav.writeUInt32LE(0x7fffffff, 4);
    wav.write('WAVEfmt ', 8, 'latin1');
    wav.writeUInt32LE(16, 16);
    wav.write('data', 36, 'latin1');
    wav.writeUInt32LE(0x7fffffff, 40);
    expect(riff(fixWavSizes(wav))).toMatchObject({ riffSize: 136, dataSize: 100 });
  });

  it('leaves anything that is not a WAV alone', () => {
    const other = Buffer.from('not a wave file at all');
    expect(fixWavSizes(Buffer.from(other)).equals(other)).toBe(true);
  });
});
