/**
 * The browser's audio for calls: the chosen microphone captured with getUserMedia (a live level, and muting
 * really silences it), sounds played on a chosen output with `setSinkId` (the ringtone on its own device, the
 * sandbox caller's voice on the speaker), and test tones for the audio settings. Nothing here knows about calls.
 */

type SinkAudio = HTMLAudioElement & { setSinkId?: (id: string) => Promise<void> };

/** Whether this browser can send audio to a chosen output (Chromium, Electron). */
export function canChooseOutput(): boolean {
  return typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;
}

async function routeTo(element: SinkAudio, deviceId: string | null): Promise<void> {
  if (!deviceId || !element.setSinkId) return;
  try {
    await element.setSinkId(deviceId);
  } catch {
    // The device was unplugged: the default output plays it rather than nothing.
  }
}

function context(): AudioContext {
  const Context =
    globalThis.AudioContext ??
    (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  return new Context();
}

/** A microphone being captured, with its level. */
export interface Microphone {
  readonly stream: MediaStream;
  /** 0–1: the loudness of the last few milliseconds. */
  level(): number;
  setMuted(muted: boolean): void;
  stop(): void;
}

export async function openMicrophone(deviceId: string | null): Promise<Microphone> {
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: deviceId ? { deviceId: { exact: deviceId } } : true,
  });
  const audio = context();
  const analyser = audio.createAnalyser();
  analyser.fftSize = 512;
  audio.createMediaStreamSource(stream).connect(analyser);
  const samples = new Uint8Array(analyser.fftSize);
  let muted = false;
  return {
    stream,
    level() {
      if (muted) return 0;
      analyser.getByteTimeDomainData(samples);
      let peak = 0;
      for (const sample of samples) peak = Math.max(peak, Math.abs(sample - 128) / 128);
      return Math.min(1, peak);
    },
    setMuted(value) {
      muted = value;
      for (const track of stream.getAudioTracks()) track.enabled = !value;
    },
    stop() {
      for (const track of stream.getTracks()) track.stop();
      void audio.close();
    },
  };
}

/** A sound playing on an output until stopped. */
export interface Playing {
  stop(): void;
}

/**
 * A tone pattern on `deviceId`: the ringtone (two-tone bursts, repeating), a test tone (one second), or the
 * sandbox caller's voice (a soft, wavering murmur while they talk).
 */
export async function playTone(
  kind: 'ringtone' | 'test' | 'voice',
  deviceId: string | null,
): Promise<Playing> {
  const audio = context();
  const destination = audio.createMediaStreamDestination();
  const gain = audio.createGain();
  gain.connect(destination);
  const oscillator = audio.createOscillator();
  oscillator.connect(gain);
  const now = audio.currentTime;
  if (kind === 'ringtone') {
    oscillator.frequency.value = 440;
    gain.gain.setValueAtTime(0, now);
    // 60 bursts: 2 s on, 4 s off, for up to 6 minutes of ringing.
    for (let ring = 0; ring < 60; ring++) {
      const at = now + ring * 6;
      gain.gain.setValueAtTime(0.2, at);
      oscillator.frequency.setValueAtTime(ring % 2 ? 480 : 440, at);
      gain.gain.setValueAtTime(0, at + 2);
    }
  } else if (kind === 'test') {
    oscillator.frequency.value = 660;
    gain.gain.setValueAtTime(0.2, now);
    gain.gain.setValueAtTime(0, now + 1);
  } else {
    oscillator.type = 'triangle';
    oscillator.frequency.value = 180;
    gain.gain.value = 0.05;
    const wobble = audio.createOscillator();
    const depth = audio.createGain();
    wobble.frequency.value = 3;
    depth.gain.value = 40;
    wobble.connect(depth).connect(oscillator.frequency);
    wobble.start();
  }
  oscillator.start();
  const element = new Audio() as SinkAudio;
  element.srcObject = destination.stream;
  await routeTo(element, deviceId);
  await element.play().catch(() => undefined);
  let stopped = false;
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      element.pause();
      element.srcObject = null;
      void audio.close();
    },
  };
}

export interface AudioDevices {
  inputs: MediaDeviceInfo[];
  outputs: MediaDeviceInfo[];
}

/** The machine's microphones and outputs (labels appear once the microphone was allowed). */
export async function listDevices(): Promise<AudioDevices> {
  if (!navigator.mediaDevices?.enumerateDevices) return { inputs: [], outputs: [] };
  const devices = await navigator.mediaDevices.enumerateDevices();
  return {
    inputs: devices.filter((device) => device.kind === 'audioinput'),
    outputs: devices.filter((device) => device.kind === 'audiooutput'),
  };
}
