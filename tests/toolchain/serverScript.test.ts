/**
 * Issue 33 (conformance): "A fresh `npm run server` serves the tracking script". scripts/server.ts builds the
 * website tracking script where the server reads it before the server starts, so `GET /api/dni/script.js` answers
 * without a `npm run build` first. The server runs as `npm run server` runs it, on a new data folder, with
 * TRACKER_SCRIPT naming a file of this test's own that does not exist yet — so the repository's dist-tracker/ is
 * neither touched nor able to help.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'switchboard-server-script-'));
const script = join(dir, 'tracker', 'dni.js');
let server: ChildProcess | undefined;

afterAll(() => {
  // The script starts the server as a child of its own: the whole process group goes.
  if (server?.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

/** Resolves to the address the server prints once it can serve (`listening on http://HOST:PORT`). */
function listening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += String(chunk);
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve(url);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) =>
      reject(new Error(`npm run server exited (${code}) before listening:\n${output}`)),
    );
  });
}

describe('npm run server on a fresh checkout', () => {
  it('builds the tracking script before the server starts, and serves it at /api/dni/script.js', async () => {
    expect(existsSync(script)).toBe(false);
    server = spawn(join(root, 'node_modules', '.bin', 'tsx'), ['scripts/server.ts'], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        // Its own embedded database, whatever the shell running the tests points at.
        DATABASE_URL: '',
        REDIS_URL: '',
        DATA_DIR: join(dir, 'data'),
        PORT: '0',
        HOST: '127.0.0.1',
        TRACKER_SCRIPT: script,
        LOG_LEVEL: 'warn',
      },
    });
    const url = await listening(server);
    const response = await fetch(`${url}/api/dni/script.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    // The built script itself: it names its one global (vite.tracker.config.ts).
    expect(await response.text()).toContain('SwitchboardDNI');
    expect(existsSync(script)).toBe(true);
  }, 180_000);
});
