/** The desktop app's embedded server: the real server entry point, started and stopped as a child process. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { embeddedServerArgs, startEmbeddedServer } from './embeddedServer';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * How long the server may take to say it is listening before the test calls it hung. A new data folder is migrated
 * and seeded first: seconds on an idle machine, minutes on a loaded 2-core one (4 min seen with the CPU saturated,
 * the bundle test starting its own server beside it), past the app's own 60 s default. The test is about starting
 * at all, so its bound is for a server that never answers, not a slow one; the test's own timeout sits above it so
 * the helper, not Vitest, gives up first and kills the child.
 */
const HUNG_AFTER_MS = 10 * 60_000;
const TEST_TIMEOUT_MS = HUNG_AFTER_MS + 60_000;

describe('the embedded server', () => {
  it(
    'starts on a free loopback port with the given data folder, answers, and stops',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-desktop-'));
      try {
        const server = await startEmbeddedServer({
          command: process.execPath,
          args: ['--import', 'tsx', join(root, 'server/src/main.ts')],
          dataDir,
          env: { LOG_LEVEL: 'warn' },
          timeoutMs: HUNG_AFTER_MS,
        });
        expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        const config = await fetch(`${server.url}/api/tenant-config`);
        expect(config.status).toBe(200);
        await server.stop();
        await expect(fetch(`${server.url}/api/tenant-config`)).rejects.toThrow();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    TEST_TIMEOUT_MS,
  );

  it('runs the sources with tsx unpackaged, and the unpacked bundle when packaged', () => {
    expect(embeddedServerArgs('/src/switchboard', false)).toEqual([
      '--import',
      'tsx',
      '/src/switchboard/server/src/main.ts',
    ]);
    expect(embeddedServerArgs('/opt/Switchboard/resources/app.asar', true)).toEqual([
      '/opt/Switchboard/resources/app.asar.unpacked/dist-server/main.mjs',
    ]);
  });

  it('reports a server that cannot start, with its output', async () => {
    await expect(
      startEmbeddedServer({
        command: process.execPath,
        args: ['-e', 'console.error("no database"); process.exit(3)'],
        dataDir: '/tmp',
      }),
    ).rejects.toThrow(/exit 3[\s\S]*no database/);
  });
});
