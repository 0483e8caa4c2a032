/**
 * `npm start`: the whole product on this machine. Builds the account UI and the desktop app, then opens the
 * desktop window when the Electron binary is present (it starts the embedded server itself); otherwise starts the
 * platform server on 127.0.0.1:8080 (PORT) with the embedded database in the per-user data folder and the demo
 * workspace, which serves the UI on the same origin, and prints the address to open in a browser.
 */
import { join } from 'node:path';
import { bin, electronBinary, ROOT, run } from './lib';

console.log('npm start: building the account UI and the desktop app…');
const built = await run(bin('vite'), ['build', '--logLevel', 'error']);
if (built !== 0) {
  console.error('The build failed; see above.');
  process.exit(built);
}
const electron = electronBinary();
if (electron) {
  console.log('Opening the desktop app (it runs the embedded platform server).');
  process.exit(await run(electron, [ROOT]));
}
console.log(
  'No Electron binary here, so the app is served to a browser instead: open the address printed below.',
);
process.exit(await run('npx', ['tsx', join(ROOT, 'server', 'src', 'main.ts')]));
