/** A key-value store kept in memory, its map open to look at: the tests' stand-in for electron-store. */
import type { KeyValueStore } from './token-store';

export function memoryStore(): KeyValueStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: (key) => data.get(key),
    set: (key, value) => data.set(key, value),
    delete: (key) => data.delete(key),
  };
}
