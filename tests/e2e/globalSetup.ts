/**
 * Builds the account UI once for the whole run; every test server serves that build. The website tracking script
 * (dist-tracker/, served at /api/dni/script.js) too, for tests/e2e/dniScript.spec.ts.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function globalSetup(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  execFileSync(`${root}node_modules/.bin/vite`, ['build', '--logLevel', 'error'], {
    cwd: root,
    stdio: 'inherit',
  });
  execFileSync(
    `${root}node_modules/.bin/vite`,
    ['build', '--config', 'vite.tracker.config.ts', '--logLevel', 'error'],
    { cwd: root, stdio: 'inherit' },
  );
}
