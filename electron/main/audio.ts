/**
 * The calling audio devices chosen on this machine (microphone, speaker, ringtone output), kept per machine and
 * handed to the renderer's voice engine. Device ids are opaque browser ids; an unknown one falls back to the
 * system default in the renderer.
 */
import type { AudioPreferences } from '@shared/ipc';
import type { KeyValueStore } from './token-store';

const KEY = 'audio';
export const DEFAULT_AUDIO: AudioPreferences = Object.freeze({
  inputDeviceId: null,
  outputDeviceId: null,
  ringtoneDeviceId: null,
});

export class AudioPreferencesStore {
  constructor(private readonly store: KeyValueStore) {}

  get(): AudioPreferences {
    const saved = this.store.get(KEY);
    return saved && typeof saved === 'object'
      ? { ...DEFAULT_AUDIO, ...(saved as Partial<AudioPreferences>) }
      : { ...DEFAULT_AUDIO };
  }

  set(preferences: AudioPreferences): void {
    this.store.set(KEY, { ...preferences });
  }
}
