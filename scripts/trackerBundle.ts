/**
 * Builds the website tracking script (vite.tracker.config.ts → dist-tracker/dni.js, or TRACKER_SCRIPT), which the
 * platform serves at `GET /api/dni/script.js`. Every customer page loads it, so its size is measured and held to a
 * budget: the build fails when it grows past it. Used by `npm run build`, `npm start`, `npm run server`, `npm test`
 * and the e2e global setup.
 */
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { ROOT } from './lib';

export const TRACKER_SCRIPT = join(ROOT, 'dist-tracker', 'dni.js');
/** What the script may cost a customer's page, gzipped. */
export const TRACKER_GZIP_BUDGET = 5 * 1024;

/** Where the server reads the script: `TRACKER_SCRIPT` (as the server's config reads it), else dist-tracker/dni.js. */
export function trackerScriptPath(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.TRACKER_SCRIPT?.trim();
  return configured ? resolve(configured) : TRACKER_SCRIPT;
}

export interface TrackerBuild {
  bytes: number;
  gzipped: number;
  overBudget: boolean;
  /** One line for the build's output. */
  summary: string;
}

export async function buildTracker(script: string = TRACKER_SCRIPT): Promise<TrackerBuild> {
  // Built in a folder of its own beside the script, then moved over it: a server reading the script meanwhile finds
  // the old one or the new one, never none (the build empties its output folder first), and a TRACKER_SCRIPT in a
  // folder of other files leaves them alone.
  mkdirSync(dirname(script), { recursive: true });
  const outDir = mkdtempSync(join(dirname(script), '.dni-build-'));
  try {
    await build({ configFile: join(ROOT, 'vite.tracker.config.ts'), logLevel: 'warn', build: { outDir } });
    renameSync(join(outDir, 'dni.js'), script);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  const built = readFileSync(script);
  const gzipped = gzipSync(built, { level: 9 }).length;
  const overBudget = gzipped > TRACKER_GZIP_BUDGET;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  const shown = relative(ROOT, script).startsWith('..') ? script : relative(ROOT, script);
  return {
    bytes: built.length,
    gzipped,
    overBudget,
    summary: `tracking script: ${shown} ${kb(built.length)}, ${kb(gzipped)} gzipped${
      overBudget ? ` — OVER its ${kb(TRACKER_GZIP_BUDGET)} budget` : ''
    }`,
  };
}
