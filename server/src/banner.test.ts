/**
 * The start banner (issue 17 "Quieter start"): the address to open, the demo accounts and their password, where
 * the data lives and what is logged — and never the database URL, which may carry a password.
 */
import { describe, expect, it } from 'vitest';
import { startBanner } from './banner';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/demo';

const URL = 'http://127.0.0.1:8080';
const base = { dataDir: '/home/me/.local/share/Switchboard', logLevel: 'info', uiDir: '/repo/dist' };

describe('startBanner', () => {
  it.each([
    {
      setup: 'PGlite, UI built',
      config: { ...base, databaseUrl: undefined },
      says: [`Open  ${URL}/ in a browser`, `Data  ${base.dataDir} (the PGlite database in pglite/`],
    },
    {
      setup: 'PostgreSQL, UI not built',
      config: { ...base, databaseUrl: 'postgres://app:s3cret@db/app', uiDir: undefined },
      says: [
        `Open  ${URL}/api only: the account UI is not built`,
        'the database is PostgreSQL (DATABASE_URL)',
      ],
    },
  ])('$setup: says where to go and where the data is', ({ config, says }) => {
    const banner = startBanner({ config, url: URL, seconds: 3.14 });
    expect(banner).toContain('Switchboard is ready (3.1 s).');
    for (const line of says) expect(banner).toContain(line);
    expect(banner).toContain('Logs  info and above (LOG_LEVEL); each request is logged at debug');
    expect(banner).toContain(`every password: ${DEMO_PASSWORD}`);
    for (const user of DEMO_USERS) expect(banner).toContain(user.email);
    expect(banner).not.toContain('s3cret');
  });
});
