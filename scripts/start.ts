/**
 * `npm start`: the whole product on this machine. Starts the platform server on 127.0.0.1:8080 (PORT) with the
 * embedded database in the per-user data folder and the demo workspace (seeded on first run). The account UI
 * (served by the same server) and the desktop window join when their issues land.
 */
import { join } from 'node:path';
import { ROOT, run } from './lib';

console.log(
  'npm start: starts the platform server with the embedded database and the demo workspace; the API answers at /api.',
);
process.exit(await run('npx', ['tsx', join(ROOT, 'server', 'src', 'main.ts')]));
