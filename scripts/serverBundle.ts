/**
 * Builds the platform server into one bundle for packaged desktop runs (see vite.server.config.ts) and copies the
 * SQL migrations beside it, where the bundled migrator looks for them. Used by `npm run build` and by the test that
 * starts the bundle the way the packaged app does.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { ROOT } from './lib';

export const SERVER_BUNDLE_DIR = join(ROOT, 'dist-server');
const MIGRATIONS = join(ROOT, 'server', 'src', 'db', 'migrations');

/** Builds into `outDir` (dist-server/ unless a test asks elsewhere); answers the entry module's path. */
export async function buildServerBundle(outDir = SERVER_BUNDLE_DIR): Promise<string> {
  await build({
    configFile: join(ROOT, 'vite.server.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  cpSync(MIGRATIONS, join(outDir, 'migrations'), { recursive: true });
  return join(outDir, 'main.mjs');
}
