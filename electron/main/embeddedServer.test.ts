/** The desktop app's embedded server: the real server entry point, started and stopped as a child process. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { embeddedServerArgs, startEmbeddedServer } from './embeddedServer';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the embedded server', () => {
  it('starts on a free loopback port with the given data folder, answers, and stops', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-desktop-'));
    try {
      const server = await startEmbeddedServer({
        command: process.execPath,
        args: ['--import', 'tsx', join(root, 'server/src/main.ts')],
        dataDir,
        env: { LOG_LEVEL: 'warn' },
      });
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const config = await fetch(`${server.url}/api/tenant-config`);
      expect(config.status).toBe(200);
      await server.stop();
      await expect(fetch(`${server.url}/api/tenant-config`)).rejects.toThrow();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

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
