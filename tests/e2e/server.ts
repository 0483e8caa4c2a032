/**
 * A real platform server for one test file: `npm run server`'s entry point in a child process, on a free port,
 * with a fresh PGlite data folder (seeded with the demo workspace) and the built UI. It can be stopped and
 * started again on the same port and data (the offline tests), and is removed afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';
import {
  SERVER_START_TIMEOUT_MS,
  type ServerProcess,
  startServerProcess,
} from '../../server/src/testing/serverProcess';

export { DEMO_PASSWORD } from '../../server/src/testing/serverProcess';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface TestServer extends ServerProcess {
  start(): Promise<void>;
}

export function serverForThisFile(env: Record<string, string> = {}): TestServer {
  let running: ServerProcess | undefined;
  let port = 0;
  let dataDir = '';
  const server: TestServer = {
    url: '',
    api: (...args) => (running ?? fail()).api(...args),
    tokenFor: (...args) => (running ?? fail()).tokenFor(...args),
    output: () => running?.output() ?? '',
    async start() {
      running = await startServerProcess({
        PORT: String(port),
        DATA_DIR: dataDir,
        UI_DIR: join(ROOT, 'dist'),
        CAMPAIGN_TEXTING_HOURS: 'ignore', // campaigns send at once, whatever the hour the tests run at
        ...env,
      });
      server.url = running.url;
      port = Number(new URL(running.url).port);
    },
    async stop() {
      const stopping = running;
      running = undefined;
      await stopping?.stop();
    },
    async kill() {
      const killing = running;
      running = undefined;
      await killing?.kill();
    },
  };

  test.beforeAll(async () => {
    // A new server migrates and seeds its database before it answers (37 s seen in a full run), which went
    // past the config’s 60 s test timeout, which hooks share, when two files started at once on a busy machine.
    // The hook gets what startServerProcess itself allows, and a little more to say why it gave up.
    test.setTimeout(SERVER_START_TIMEOUT_MS + 10_000);
    dataDir = mkdtempSync(join(tmpdir(), 'switchboard-e2e-'));
    await server.start();
  });
  test.afterAll(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return server;
}

function fail(): never {
  throw new Error('the test server is stopped');
}
