/**
 * Builds the website tracking script (vite.tracker.config.ts → dist-tracker/dni.js), which the platform serves at
 * `GET /api/dni/script.js`. Every customer page loads it, so its size is measured and held to a budget: the build
 * fails when it grows past it. Used by `npm run build`, `npm start`, `npm test` and the e2e global setup.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { ROOT } from './lib';

export const TRACKER_SCRIPT = join(ROOT, 'dist-tracker', 'dni.js');
/** What the script may cost a customer's page, gzipped. */
export const TRACKER_GZIP_BUDGET = 5 * 1024;

export interface TrackerBuild {
  bytes: number;
  gzipped: number;
  overBudget: boolean;
  /** One line for the build's output. */
  summary: string;
}

export async function buildTracker(): Promise<TrackerBuild> {
  await build({ configFile: join(ROOT, 'vite.tracker.config.ts'), logLevel: 'warn' });
  const script = readFileSync(TRACKER_SCRIPT);
  const gzipped = gzipSync(script, { level: 9 }).length;
  const overBudget = gzipped > TRACKER_GZIP_BUDGET;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  return {
    bytes: script.length,
    gzipped,
    overBudget,
    summary: `tracking script: dist-tracker/dni.js ${kb(script.length)}, ${kb(gzipped)} gzipped${
      overBudget ? ` — OVER its ${kb(TRACKER_GZIP_BUDGET)} budget` : ''
    }`,
  };
}
