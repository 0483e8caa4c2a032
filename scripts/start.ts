/**
 * `npm start`: the whole product on this machine. Builds the account UI, starts the platform server on
 * 127.0.0.1:8080 (PORT) with the embedded database and the demo workspace, and opens the desktop app when the
 * Electron binary is present, else prints the URL to open in a browser. Each part joins as its issue lands.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, run } from './lib';

const serverMain = join(ROOT, 'server', 'src', 'main.ts');

console.log(
  'npm start: builds the account UI, starts the platform server with the demo workspace, opens the app.',
);
if (!existsSync(serverMain)) {
  console.log(
    [
      'Nothing to start yet: this checkout holds the typed core (shared/) only.',
      'The platform server, the account UI and the desktop shell arrive with their issues;',
      'until then `npm test` type-checks, lints and runs the typed core’s tests.',
    ].join('\n'),
  );
  process.exit(0);
}
process.exit(await run('npx', ['tsx', serverMain]));
