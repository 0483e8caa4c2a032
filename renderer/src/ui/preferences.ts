/**
 * A person's layout choices (row density, the contact drawer, the phone dock), remembered on this device per user:
 * layout, never anything secret, under `switchboard.<name>.<userId>` (`switchboard.<name>` outside a session). One
 * jotai atom per key, so every screen that reads a choice sees a change at once.
 */
import type { WritableAtom } from 'jotai';
import { atomWithStorage, type RESET } from 'jotai/utils';

/** Set with a value, or with a function of the stored value (so two quick changes both count). */
export type Preference<T> = WritableAtom<T, [T | typeof RESET | ((stored: T) => T | typeof RESET)], void>;

export function preferenceKey(name: string, userId: number | null): string {
  return userId === null ? `switchboard.${name}` : `switchboard.${name}.${userId}`;
}

/** The choice `name` of each user, `fallback` until they make it. */
export function perUserPreference<T>(name: string, fallback: T): (userId: number | null) => Preference<T> {
  const atoms = new Map<string, Preference<T>>();
  return (userId) => {
    const key = preferenceKey(name, userId);
    let found = atoms.get(key);
    if (!found) {
      found = atomWithStorage<T>(key, fallback, undefined, { getOnInit: true });
      atoms.set(key, found);
    }
    return found;
  };
}
