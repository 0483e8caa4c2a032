/**
 * One server per data folder. PGlite does not lock its files, and two writers corrupt them, so the folder is
 * guarded by a lock (refreshed while the server runs, stale after a crash) and a second server refuses to start.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/** Locks `dataDir`; resolves to the function that releases it. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: join(dataDir, 'server.lock'),
      stale: 15_000,
      update: 5_000,
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') {
      throw new DataDirLockedError(
        `Another Switchboard server is already using the data folder ${dataDir}. ` +
          'Stop it first (or close the desktop app), or start this one with DATA_DIR set to another folder.',
      );
    }
    throw error;
  }
}
