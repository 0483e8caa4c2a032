/**
 * `npm run build`: builds every program that exists — the renderer (Vite, to dist/), Electron main and preload
 * (vite-plugin-electron, to dist-electron/). The server and the scripts run from source with tsx.
 * A program's build joins here when its issue lands.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { bin, ROOT, run } from './lib';

const viteConfig = ['vite.config.ts', 'vite.config.mts']
  .map((file) => join(ROOT, file))
  .find((file) => existsSync(file));
if (!viteConfig) {
  console.log(
    'Nothing to build yet: the renderer and the desktop shell have not landed; shared/ and the server run from source.',
  );
  process.exit(0);
}
process.exit(await run(bin('vite'), ['build', '--config', viteConfig]));
