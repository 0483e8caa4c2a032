/**
 * One Vitest project per program, so `npm test` runs them all. Path aliases come from tsconfig.base.json, the
 * one place they are declared, so Vite, Vitest, tsc and tsx resolve `@shared/*` the same way.
 */
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The server suite runs on PostgreSQL too when one answers (CI makes sure one does) or TEST_DATABASE_URL names one. */
function postgresAnswers(): Promise<boolean> {
  if (process.env.TEST_DATABASE_URL) return Promise.resolve(true);
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: 5432, timeout: 500 });
    socket.once('connect', () => resolve(!!socket.end()));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => resolve(!!socket.destroy() && false));
  });
}

const serverOnPostgres: TestProjectInlineConfiguration[] = (await postgresAnswers())
  ? [
      {
        extends: true,
        test: {
          name: 'server-postgres',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          env: { SERVER_TEST_DB: 'postgres' },
          globalSetup: ['server/src/testing/postgresTemplate.ts'],
        },
      },
    ]
  : [];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Two cores: keep parallelism modest so suites that start servers do not starve each other.
    maxWorkers: 2,
    // A server test file builds its app on a copy of the seeded database; the first in each worker migrates and
    // seeds (≈ 6 s alone, several times that on a busy 2-core machine), so setup hooks get more than 10 s.
    hookTimeout: 120_000,
    // A server test makes several requests to a real app on a real database; on a busy 2-core machine one has
    // been seen to take 6 s, past Vitest's 5 s default, while passing. A hung test still fails, at 30 s.
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: { name: 'shared', environment: 'node', include: ['shared/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'tests/toolchain/**/*.test.ts'],
        },
      },
      ...serverOnPostgres,
      {
        extends: true,
        // The Electron binary cannot be downloaded here and the real module throws without it, so main-process
        // code is tested against a fake of Electron's APIs.
        resolve: { alias: { electron: here('./tests/fakes/electron.ts') } },
        test: {
          name: 'electron',
          environment: 'node',
          include: ['electron/**/*.test.ts', 'tests/fakes/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'renderer', environment: 'happy-dom', include: ['renderer/**/*.test.{ts,tsx}'] },
      },
    ],
  },
});
