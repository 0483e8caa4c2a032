/**
 * `npm start`: the whole product on this machine. Builds the account UI and the desktop app, then opens the
 * desktop window when the Electron binary is present (it starts the embedded server itself); otherwise starts the
 * platform server on 127.0.0.1:8080 (PORT) with the embedded database in the per-user data folder and the demo
 * workspace, which serves the UI on the same origin, and prints the address to open in a browser.
 */
import { join } from 'node:path';
import { bin, electronBinary, ROOT, run, runQuietly } from './lib';
import { buildTracker, trackerScriptPath } from './trackerBundle';

// The build's file-by-file report is for `npm run build`; here it would push the server's banner off the screen,
// so it is shown only when the build fails.
const buildStarted = Date.now();
process.stdout.write('npm start: building the account UI and the desktop app… ');
const built = await runQuietly(bin('vite'), ['build']);
if (built.code !== 0) {
  console.log('failed:\n');
  console.error(built.output);
  process.exit(built.code);
}
// The website tracking script the server hands to customers' pages (GET /api/dni/script.js).
await buildTracker(trackerScriptPath()).catch((error: unknown) => {
  console.log('failed:\n');
  console.error(error);
  process.exit(1);
});
console.log(`done in ${((Date.now() - buildStarted) / 1000).toFixed(1)} s.`);
const electron = electronBinary();
if (electron) {
  console.log('Opening the desktop app (it runs the embedded platform server).');
  process.exit(await run(electron, [ROOT]));
}
console.log(
  'No Electron binary here, so the app is served to a browser instead: starting the platform server…\n',
);
process.exit(await run(bin('tsx'), [join(ROOT, 'server', 'src', 'main.ts')]));
