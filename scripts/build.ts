/**
 * `npm run build`: builds every program that has a build — the account UI (Vite, to dist/). Electron main and
 * preload join with the Desktop shell issue; the server and the scripts run from source with tsx.
 */
import { bin, run } from './lib';

process.exit(await run(bin('vite'), ['build']));
