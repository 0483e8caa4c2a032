/**
 * `npm run build`: the account UI (Vite, to dist/), and the Electron main process and preload (vite-plugin-electron,
 * to dist-electron/). The server and the scripts run from source with tsx.
 */
import { bin, run } from './lib';

process.exit(await run(bin('vite'), ['build']));
