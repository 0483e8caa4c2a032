/**
 * `npm run build`: the account UI (Vite, to dist/), the Electron main process and preload (vite-plugin-electron,
 * to dist-electron/), and the platform server bundled for packaged desktop runs (dist-server/). Unpackaged, the
 * server and the scripts run from source with tsx.
 */
import { bin, run } from './lib';
import { buildServerBundle } from './serverBundle';

const built = await run(bin('vite'), ['build']);
if (built !== 0) process.exit(built);
console.log(`server bundle: ${await buildServerBundle()}`);
