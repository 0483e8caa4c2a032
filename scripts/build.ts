/**
 * `npm run build`: the account UI (Vite, to dist/), the Electron main process and preload (vite-plugin-electron,
 * to dist-electron/), the platform server bundled for packaged desktop runs (dist-server/) and the website tracking
 * script (dist-tracker/, scripts/trackerBundle.ts). Unpackaged, the server and the scripts run from source with tsx. Ends with what the UI costs a page load (scripts/buildReport.ts),
 * and fails when the initial script is over its budget.
 */
import { formatReport, sizeReport } from './buildReport';
import { bin, ROOT, run } from './lib';
import { buildServerBundle } from './serverBundle';
import { buildTracker } from './trackerBundle';

const built = await run(bin('vite'), ['build']);
if (built !== 0) process.exit(built);
console.log(`server bundle: ${await buildServerBundle()}`);
const tracker = await buildTracker();
console.log(tracker.summary);
if (tracker.overBudget) process.exit(1);

const report = sizeReport(`${ROOT}dist`);
console.log(`\n${formatReport(report)}`);
if (report.overBudget) process.exit(1);
