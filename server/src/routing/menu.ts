/**
 * A number's extensions and its menu: which extensions a caller can reach, which keys choose them, and how the
 * menu listens (§3 Routing entry, Extension key choices; §9 Extension range).
 */
import { EXTENSION_KEY_CODES, extensionKeyLabel, normalizeRoutes } from '@shared/domain/extensions';
import { EXTENSION_MAX, EXTENSION_MIN } from '@shared/domain/limits';
import type { GatherAction, GreetingRef, RoutingExtension, RoutingNumber } from './types';

/** Twilio's own default wait for a key, and one replay of the menu before the default extension. */
export const MENU_DEFAULTS = Object.freeze({ timeout: 5, retries: 1 });

export type Route = RoutingExtension & { extension: number };

const KEY_CODES: ReadonlySet<number> = new Set(Object.values(EXTENSION_KEY_CODES));

/**
 * §9 "Extension range 0 to 25", and §3's `*` (65535) and `#` (65534) keys. Anything else cannot be dialled from
 * a keypad, so such an entry is ignored rather than trusted (validation refuses it on save).
 */
function isReachable(extension: number): boolean {
  if (KEY_CODES.has(extension)) return true;
  return Number.isInteger(extension) && extension >= EXTENSION_MIN && extension <= EXTENSION_MAX;
}

/**
 * The extensions a caller can reach, in order: §3 "Entries are sorted by extension. A missing extension becomes
 * 1." When two entries share an extension, the first one listed takes it.
 */
export function reachableRoutes(number: RoutingNumber): Route[] {
  const seen = new Set<number>();
  return normalizeRoutes(number.routes).filter((route) => {
    if (!isReachable(route.extension) || seen.has(route.extension)) return false;
    seen.add(route.extension);
    return true;
  });
}

export function findRoute(routes: readonly Route[], extension: number | null | undefined): Route | undefined {
  return extension == null ? undefined : routes.find((route) => route.extension === extension);
}

/** The keys pressed → an extension: `*` and `#` by their §3 codes, else the number typed; anything else null. */
export function extensionForDigits(digits: string): number | null {
  const keys = digits.trim();
  if (keys === '*' || keys === '#') return EXTENSION_KEY_CODES[keys];
  return /^\d{1,2}$/.test(keys) ? Number(keys) : null;
}

function positiveOr(value: number | null | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

export function menuTiming(number: RoutingNumber): { timeout: number; retries: number } {
  const retries = number.menu?.retries;
  return {
    timeout: positiveOr(number.menu?.timeout, MENU_DEFAULTS.timeout),
    retries:
      typeof retries === 'number' && Number.isInteger(retries) && retries >= 0
        ? retries
        : MENU_DEFAULTS.retries,
  };
}

/** Where a caller who chose nothing valid goes: the configured default, else the lowest extension. */
export function defaultRoute(number: RoutingNumber, routes: readonly Route[]): Route | undefined {
  return findRoute(routes, number.menu?.default_extension) ?? routes[0];
}

/** A greeting with nothing to play is no greeting. */
export function playable(greeting: GreetingRef | null | undefined): GreetingRef | null {
  return greeting && (greeting.audioUrl?.trim() || greeting.text?.trim()) ? greeting : null;
}

/**
 * Play the menu and listen. Two-digit extensions (10–25) need two keys; `#` normally ends input early, except
 * when `#` is itself an extension key.
 */
export function gather(
  number: RoutingNumber,
  routes: readonly Route[],
  attempt: number,
  notice: GatherAction['notice'],
): GatherAction {
  const keys = routes.map((route) => extensionKeyLabel(route.extension));
  return {
    type: 'play-greeting-and-gather',
    greeting: playable(number.greeting),
    choices: routes.map((route, index) => ({ key: keys[index] ?? '', label: route.label.trim() })),
    notice,
    timeout: menuTiming(number).timeout,
    numDigits: Math.max(1, ...keys.map((key) => key.length)),
    finishOnKey: keys.includes('#') ? '' : '#',
    resume: { kind: 'after-gather', attempt },
  };
}
