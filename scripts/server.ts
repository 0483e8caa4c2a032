/**
 * `npm run server`: the platform server alone (no UI build, no desktop window). The website tracking script is
 * built first, where the server reads it (scripts/trackerBundle.ts; about a second), so `GET /api/dni/script.js`
 * answers on a fresh checkout too, and always with the script of the sources being run.
 */
import { join } from 'node:path';
import { bin, ROOT, run } from './lib';
import { buildTracker, trackerScriptPath } from './trackerBundle';

const script = trackerScriptPath();
// A failed build leaves the server useful for everything else: it starts, and the script's route says it is missing.
const tracker = await buildTracker(script).catch((error: unknown) => {
  console.error(
    'The website tracking script could not be built, so /api/dni/script.js will answer 503:\n',
    error,
  );
  return null;
});
if (tracker) console.log(tracker.summary);
// tsx from node_modules itself, not through npx: one process less, and none of npm's own warnings in the output.
process.exit(await run(bin('tsx'), [join(ROOT, 'server', 'src', 'main.ts')], { TRACKER_SCRIPT: script }));
