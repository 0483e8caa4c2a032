/**
 * `npm start`: the whole product on this machine. Builds the account UI, then starts the platform server on
 * 127.0.0.1:8080 (PORT) with the embedded database in the per-user data folder and the demo workspace (seeded on
 * first run); the server serves the UI on the same origin. The desktop window joins with the Desktop shell issue.
 */
import { join } from 'node:path';
import { bin, ROOT, run } from './lib';

console.log('npm start: building the account UI, then starting the platform server with the demo workspace.');
const built = await run(bin('vite'), ['build', '--logLevel', 'warn']);
if (built !== 0) {
  console.error('The account UI did not build; see above.');
  process.exit(built);
}
process.exit(await run('npx', ['tsx', join(ROOT, 'server', 'src', 'main.ts')]));
