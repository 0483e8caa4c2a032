/**
 * A real platform server in a child process (`npm run server`'s entry point), for tests that need the server as
 * it runs in production: the e2e suite's server per test file, and several instances sharing PostgreSQL and
 * Redis (cluster/instances.test.ts). It answers once it prints `listening on …`; `api` and `tokenFor` talk to it
 * over HTTP as any client would.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** The demo users' password (seed/demo.ts). */
export const DEMO_PASSWORD = 'demo-password-1';

export interface ServerProcess {
  url: string;
  /** The API with a bearer token, for arranging and checking things outside the browser. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the endpoint under test answers.
  api(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: any }>;
  tokenFor(email: string, password?: string): Promise<string>;
  /** What it printed so far (for a failure's message). */
  output(): string;
  /** Stops it as an operator would (SIGTERM: it finishes what it can). */
  stop(): Promise<void>;
  /** Kills it at once (SIGKILL: a crash, nothing finishes). */
  kill(): Promise<void>;
}

/** How long a new server may take to migrate, seed and answer before it is given up on. */
export const SERVER_START_TIMEOUT_MS = 90_000;

/**
 * Starts a server with `env` over this process's; port 0 means any free one. Rejects with its output when it
 * exits or has not answered within `startTimeoutMs` (a new database is migrated and seeded first).
 */
export async function startServerProcess(
  env: Record<string, string>,
  { startTimeoutMs = SERVER_START_TIMEOUT_MS }: { startTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), startTimeoutMs);
    child.stdout?.on('data', (chunk) => {
      output += String(chunk);
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr?.on('data', (chunk) => {
      output += String(chunk);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  };
  const server: ServerProcess = {
    url,
    output: () => output,
    async api(method, path, body, token) {
      const response = await fetch(`${url}/api${path}`, {
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
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  };
  return server;
}
