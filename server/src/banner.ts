/**
 * What the server prints once it can serve (main.ts), for the person who started it: the address to open, where
 * its data lives, what it logs, and the demo accounts with their password — before any line the logger writes.
 * The line after it, `listening on http://HOST:PORT`, is for programs (the desktop app, the e2e tests, the
 * benchmarks wait for it), so it stays as it is.
 */
import type { ServerConfig } from './config';
import { demoSignInText } from './seed/demo';

export function startBanner(input: {
  config: Pick<ServerConfig, 'dataDir' | 'databaseUrl' | 'logLevel' | 'uiDir'>;
  url: string;
  seconds: number;
}): string {
  const { config, url } = input;
  const open = config.uiDir
    ? `${url}/ in a browser`
    : `${url}/api only: the account UI is not built (npm run build)`;
  const data = config.databaseUrl
    ? `${config.dataDir} (uploads, secrets); the database is PostgreSQL (DATABASE_URL)`
    : `${config.dataDir} (the PGlite database in pglite/, uploads, secrets)`;
  return [
    `Switchboard is ready (${input.seconds.toFixed(1)} s).`,
    '',
    `  Open  ${open}`,
    `  Data  ${data}`,
    `  Logs  ${config.logLevel} and above (LOG_LEVEL); each request is logged at debug`,
    '  Stop  Ctrl+C',
    '',
    demoSignInText(),
    '',
  ].join('\n');
}
