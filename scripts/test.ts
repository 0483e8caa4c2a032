/**
 * `npm test`: the one gate. Type-checks every program, lints (zero warnings), runs every Vitest project, then
 * the end-to-end suite in Chromium. Every step runs even after one fails, so one run shows every problem; the
 * exit code is non-zero if any failed. The last line counts the tests as `tests: N passed, N failed`.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bin, findChromium, ROOT, run } from './lib';
import { buildTracker } from './trackerBundle';

interface StepResult {
  name: string;
  ok: boolean;
  note?: string;
}

const results: StepResult[] = [];
let passed = 0;
let failed = 0;
let skipped = 0;

async function step(name: string, action: () => Promise<boolean | StepResult>): Promise<void> {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const outcome = await action();
  const result = typeof outcome === 'boolean' ? { name, ok: outcome } : outcome;
  results.push({
    ...result,
    note: `${result.note ? `${result.note}, ` : ''}${((Date.now() - started) / 1000).toFixed(1)} s`,
  });
}

await step('typecheck', async () => (await run('npx', ['tsx', 'scripts/typecheck.ts'])) === 0);

await step('lint', async () => (await run(bin('biome'), ['ci', '--error-on-warnings', '.'])) === 0);

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

async function vitestOnce(): Promise<{ code: number; report: VitestReport | null }> {
  const file = join(ROOT, '.vitest-results.json');
  rmSync(file, { force: true });
  const code = await run(bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  const report = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as VitestReport) : null;
  rmSync(file, { force: true });
  return { code, report };
}

await step('unit and API tests (vitest)', async () => {
  let { code, report } = await vitestOnce();
  let note = '';
  // Vitest also fails a run for errors outside any test (an unhandled rejection, a teardown that hung). When every
  // test passed, run once more to tell a flake from a fault, and say so either way.
  if (code !== 0 && report && report.numFailedTests === 0) {
    console.log(
      '\n!!!!! vitest reported errors outside the tests (see above); running the suites once more !!!!!\n',
    );
    ({ code, report } = await vitestOnce());
    note = code === 0 ? ', FLAKY: errors outside tests on the first run' : ', errors outside the tests twice';
  }
  if (!report) return code === 0;
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  return {
    name: 'unit and API tests (vitest)',
    ok: code === 0,
    note: `${report.numPassedTests} passed${note}`,
  };
});

// The e2e suite loads the website tracking script on a test page (tests/e2e/dniScript.spec.ts), as served by the
// platform from its build; the build also holds the script to its size budget.
await step('tracking script build', async () => {
  const tracker = await buildTracker().catch((error: unknown) => {
    console.error(error);
    return null;
  });
  if (tracker) console.log(tracker.summary);
  return { name: 'tracking script build', ok: !!tracker && !tracker.overBudget, note: tracker?.summary };
});

await step('end-to-end tests (playwright, chromium)', async () => {
  const e2eDir = join(ROOT, 'tests', 'e2e');
  const specs = existsSync(e2eDir)
    ? readdirSync(e2eDir, { recursive: true }).filter((f) => String(f).endsWith('.spec.ts'))
    : [];
  if (specs.length === 0) {
    return { name: 'end-to-end tests', ok: true, note: 'none yet: tests/e2e has no specs' };
  }
  const chromium = findChromium();
  if (!chromium) {
    const line =
      '!!!!! E2E SKIPPED: no Chromium found (set CHROMIUM_PATH, or apt-get install -y chromium) !!!!!';
    console.log(`\n${line}\n${line}\n`);
    // CI must never pass without the suite that drives the real UI.
    return { name: 'end-to-end tests', ok: process.env.CI !== 'true', note: 'SKIPPED: no Chromium' };
  }
  const code = await run(bin('playwright'), ['test'], { CHROMIUM_PATH: chromium });
  const report = join(ROOT, 'test-results', 'e2e-results.json');
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    };
    passed += json.stats.expected + json.stats.flaky;
    failed += json.stats.unexpected;
    skipped += json.stats.skipped;
  }
  return code === 0;
});

console.log('\n━━ summary ━━');
for (const result of results)
  console.log(`${result.ok ? 'ok    ' : 'FAILED'}  ${result.name} (${result.note})`);
const allOk = results.every((result) => result.ok);
console.log(`\nnpm test: ${allOk ? 'passed' : 'FAILED'}`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(allOk ? 0 : 1);
