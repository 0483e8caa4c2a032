/** Call routing on a number: extensions, their forwards and the default extension config (§3, §5, §9). */
import { codes } from './codes';
import { EXTENSION_MAX, EXTENSION_MIN, FORWARD_CONFIRM_KEY_WAIT_SEC, FORWARD_TIMEOUT_SEC } from './limits';
import { SCHEDULE_PRESET_DIRECT_VOICEMAIL } from './schedule';

/** §3 "Forward types: standard, simultaneous, sequential, geo, voicemail, in-app-calling." */
export const FORWARD_TYPES = codes([
  { value: 'standard', label: 'Standard' },
  { value: 'simultaneous', label: 'Simultaneous' },
  { value: 'sequential', label: 'Sequential' },
  { value: 'geo', label: 'Geo routing' },
  { value: 'voicemail', label: 'Voicemail' },
  { value: 'in-app-calling', label: 'In-app calling' },
]);
export type ForwardType = (typeof FORWARD_TYPES)[number]['value'];

/** §3 "Extension key choices: * (65535), # (65534), and letters." */
export const EXTENSION_KEY_CODES = Object.freeze({ '*': 65535, '#': 65534 } as const);

/** The key a caller presses for an extension: `*` and `#` for their codes, else the number itself. */
export function extensionKeyLabel(extension: number): string {
  for (const [key, code] of Object.entries(EXTENSION_KEY_CODES)) if (code === extension) return key;
  return String(extension);
}

/** §3 Forward entry. */
export interface ForwardEntry {
  number: string;
  isValid?: boolean;
  usingIntNumber?: boolean;
  updated_at?: string | null;
}

/** §3 Routing entry: an extension and its forwards. */
export interface RouteEntry<F = ForwardEntry> {
  extension?: number | null;
  forwards: F[];
}

export type ForwardToSave<F extends ForwardEntry> = Omit<F, 'isValid' | 'usingIntNumber' | 'updated_at'>;

/**
 * §3 "Before saving, entries with an empty number are dropped and the last three fields are cleared."
 * A number of only spaces counts as empty; the cleared fields are removed, so they are not sent.
 */
export function prepareForwardsForSave<F extends ForwardEntry>(forwards: readonly F[]): ForwardToSave<F>[] {
  return forwards
    .filter((forward) => typeof forward.number === 'string' && forward.number.trim() !== '')
    .map(({ isValid: _isValid, usingIntNumber: _usingIntNumber, updated_at: _updatedAt, ...rest }) => rest);
}

/** §3 "Entries are sorted by extension. A missing extension becomes 1." Stable for equal extensions. */
export function normalizeRoutes<R extends { extension?: number | null }>(
  routes: readonly R[],
): (R & { extension: number })[] {
  return routes
    .map((route) => ({ ...route, extension: route.extension ?? 1 }))
    .sort((a, b) => a.extension - b.extension);
}

/**
 * §5 "Next extension: highest existing plus 1. If that exceeds 25 and fewer than 25 exist, the lowest unused
 * from 0 to 24 is used. With none, 0."
 */
export function nextExtension(existing: readonly number[]): number {
  if (existing.length === 0) return EXTENSION_MIN;
  const used = new Set(existing);
  const next = Math.max(...existing) + 1;
  if (next > EXTENSION_MAX && used.size < EXTENSION_MAX) {
    for (let candidate = EXTENSION_MIN; candidate < EXTENSION_MAX; candidate++) {
      if (!used.has(candidate)) return candidate;
    }
  }
  return next;
}

/** §3 Default extension config, field by field. */
export interface ExtensionConfig {
  extension: number;
  label: string;
  forwards: ForwardEntry[];
  stagger: boolean;
  caller_id_pass_thru: boolean;
  type: ForwardType;
  confirm_key: boolean;
  confirm_key_wait: number;
  timeout: number;
  onhold_music_id: number | null;
  geo_by_state_enabled: boolean;
  geo_by_state_static_fallback: boolean;
  confirm_whisper: string;
  email_alert_address: string;
  voicemail_enabled: boolean;
  round_robin: string;
}

/**
 * §3 "Default extension config: extension 1, empty label, empty forwards, stagger false, caller_id_pass_thru true,
 * type standard, confirm_key false, confirm_key_wait 10, timeout 20, onhold_music_id null, geo_by_state_enabled
 * false, geo_by_state_static_fallback true, empty confirm_whisper, empty email_alert_address, voicemail_enabled
 * false, round_robin none."
 */
export const DEFAULT_EXTENSION_CONFIG: Readonly<ExtensionConfig> = Object.freeze({
  extension: 1,
  label: '',
  forwards: Object.freeze([]) as unknown as ForwardEntry[],
  stagger: false,
  caller_id_pass_thru: true,
  type: 'standard',
  confirm_key: false,
  confirm_key_wait: FORWARD_CONFIRM_KEY_WAIT_SEC,
  timeout: FORWARD_TIMEOUT_SEC,
  onhold_music_id: null,
  geo_by_state_enabled: false,
  geo_by_state_static_fallback: true,
  confirm_whisper: '',
  email_alert_address: '',
  voicemail_enabled: false,
  round_robin: 'none',
});

/** A fresh, mutable copy of the default config, for a new extension (optionally with its number). */
export function newExtensionConfig(extension: number = DEFAULT_EXTENSION_CONFIG.extension): ExtensionConfig {
  return { ...DEFAULT_EXTENSION_CONFIG, forwards: [], extension };
}

/**
 * §3 "routing type (standard, or derived from forward count, staggered and hours preset)": a Direct Voicemail
 * schedule routes to voicemail; several forwards ring one after another when staggered, else all at once.
 */
export function deriveRoutingType(input: {
  forwardCount: number;
  stagger: boolean;
  schedulePreset?: number | null;
  voicemail?: boolean;
}): ForwardType {
  if (input.voicemail || input.schedulePreset === SCHEDULE_PRESET_DIRECT_VOICEMAIL) return 'voicemail';
  if (input.forwardCount > 1) return input.stagger ? 'sequential' : 'simultaneous';
  return 'standard';
}
