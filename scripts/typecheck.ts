/**
 * `npm run typecheck`: each program has its own tsconfig (shared/ without DOM or Node types, the renderer and the
 * website tracking script with DOM, server and electron with Node), so each is checked on its own terms. Exits non-zero on any error.
 */
import { bin, run } from './lib';

const PROJECTS = ['shared', 'server', 'electron', 'renderer', 'tracker', '.'];

let failed = 0;
for (const project of PROJECTS) {
  const started = Date.now();
  const code = await run(bin('tsc'), ['--noEmit', '-p', project]);
  const name = project === '.' ? 'root (scripts, tests, bench)' : project;
  console.log(
    `typecheck ${name}: ${code === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  if (code !== 0) failed++;
}
process.exit(failed ? 1 : 0);
