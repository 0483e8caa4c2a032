import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock';

describe('the data-folder lock (PGlite does not lock, and two writers corrupt it)', () => {
  it('refuses a second server on the same folder with a clear message, and frees the folder on release', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'switchboard-lock-')), 'data');
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    await expect(lockDataDir(dir)).rejects.toThrow(/already using the data folder .*DATA_DIR/);
    await release();
    const again = await lockDataDir(dir);
    await again();
  });
});
