/**
 * A real platform server for one test file: `npm run server`'s entry point in a child process, on a free port,
 * with a fresh PGlite data folder (seeded with the demo workspace) and the built UI. It can be stopped and
 * started again on the same port and data (the offline tests), and is removed afterwards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const DEMO_PASSWORD = 'demo-password-1';

export interface TestServer {
  url: string;
  /** The API with a bearer token, for arranging and checking things outside the browser. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the endpoint under test answers.
  api(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: any }>;
  tokenFor(email: string, password?: string): Promise<string>;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export function serverForThisFile(env: Record<string, string> = {}): TestServer {
  let child: ChildProcess | undefined;
  let port = 0;
  let dataDir = '';
  const server: TestServer = {
    url: '',
    async api(method, path, body, token) {
      const response = await fetch(`${server.url}/api${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    async tokenFor(email, password = DEMO_PASSWORD) {
      const { status, body } = await server.api('POST', '/sanctum/login', { email, password });
      if (status !== 200 || !body.access_token)
        throw new Error(`sign-in as ${email}: ${status} ${JSON.stringify(body)}`);
      return body.access_token as string;
    },
    async start() {
      child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/src/main.ts')], {
        cwd: ROOT,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          UI_DIR: join(ROOT, 'dist'),
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
        child?.stdout?.on('data', (chunk) => {
          output += String(chunk);
          const match = /listening on (http:\/\/127\.0\.0\.1:(\d+))/.exec(output);
          if (match?.[1] && match[2]) {
            clearTimeout(timer);
            port = Number(match[2]);
            server.url = match[1];
            resolve();
          }
        });
        child?.stderr?.on('data', (chunk) => {
          output += String(chunk);
        });
        child?.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
      });
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGTERM');
      });
    },
  };

  test.beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'switchboard-e2e-'));
    await server.start();
  });
  test.afterAll(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return server;
}
