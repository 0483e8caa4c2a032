/** Builds the account UI once for the whole run; every test server serves that build. */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function globalSetup(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  execFileSync(`${root}node_modules/.bin/vite`, ['build', '--logLevel', 'error'], {
    cwd: root,
    stdio: 'inherit',
  });
}
