/**
 * The size report printed at the end of `npm run build` (scripts/buildReport.ts): the initial script is what
 * index.html loads eagerly (its module script and modulepreloads, plus any static import the manifest names), a
 * route's cost is its chunk and the shared chunks it needs beyond those, and going over the budget is flagged.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { eagerAssets, formatReport, type Manifest, sizeReport } from '../../scripts/buildReport';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A dist/ with the given files (content: that many bytes of varied text), index.html and manifest. */
function dist(files: Record<string, number>, html: string, manifest: Manifest): string {
  const dir = mkdtempSync(join(tmpdir(), 'build-report-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.vite'));
  for (const [file, size] of Object.entries(files)) {
    let text = '';
    for (let i = 0; text.length < size; i++) text += `const v${i} = ${(i * 7919) % 104729};\n`;
    writeFileSync(join(dir, file), text.slice(0, size));
  }
  writeFileSync(join(dir, 'index.html'), html);
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

const gz = (dir: string, file: string) => sizeReport(dir).initial.find((f) => f.file === file)?.gzip;

const HTML = `<!doctype html><html><head>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-B.js">
    <link rel="modulepreload" crossorigin href="/assets/shared-C.js">
    <link rel="stylesheet" crossorigin href="/assets/index-D.css">
  </head><body><div id="root"></div></body></html>`;

const MANIFEST: Manifest = {
  'index.html': {
    file: 'assets/index-A.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_runtime-B.js', '_shared-C.js'],
    dynamicImports: ['src/features/inbox/InboxPage.tsx', 'src/features/profile/ProfilePage.tsx'],
    css: ['assets/index-D.css'],
  },
  '_runtime-B.js': { file: 'assets/runtime-B.js', name: 'runtime' },
  '_shared-C.js': { file: 'assets/shared-C.js', name: 'shared', imports: ['_runtime-B.js'] },
  '_table-E.js': { file: 'assets/table-E.js', name: 'table', imports: ['_shared-C.js'] },
  'src/features/inbox/InboxPage.tsx': {
    file: 'assets/InboxPage-F.js',
    name: 'InboxPage',
    src: 'src/features/inbox/InboxPage.tsx',
    isDynamicEntry: true,
    imports: ['_shared-C.js', '_table-E.js'],
  },
  'src/features/profile/ProfilePage.tsx': {
    file: 'assets/ProfilePage-G.js',
    name: 'ProfilePage',
    src: 'src/features/profile/ProfilePage.tsx',
    isDynamicEntry: true,
    imports: ['_shared-C.js'],
  },
};

const FILES = {
  'assets/index-A.js': 40_000,
  'assets/runtime-B.js': 700,
  'assets/shared-C.js': 20_000,
  'assets/index-D.css': 5_000,
  'assets/table-E.js': 30_000,
  'assets/InboxPage-F.js': 15_000,
  'assets/ProfilePage-G.js': 4_000,
};

describe('the build size report', () => {
  it('reads what index.html loads eagerly: the module script and the modulepreloads; styles apart', () => {
    expect(eagerAssets(HTML)).toEqual({
      scripts: ['assets/index-A.js', 'assets/runtime-B.js', 'assets/shared-C.js'],
      styles: ['assets/index-D.css'],
    });
  });

  it('sums the gzipped sizes of everything index.html loads eagerly, entry first', () => {
    const dir = dist(FILES, HTML, MANIFEST);
    const report = sizeReport(dir);
    expect(report.initial.map((f) => f.file)).toEqual([
      'assets/index-A.js',
      'assets/runtime-B.js',
      'assets/shared-C.js',
    ]);
    for (const file of report.initial) expect(file.bytes).toBe(FILES[file.file as keyof typeof FILES]);
    expect(gz(dir, 'assets/index-A.js')).toBeLessThan(40_000);
    expect(report.initialGzip).toBe(report.initial.reduce((total, f) => total + f.gzip, 0));
    expect(report.styles.map((f) => f.file)).toEqual(['assets/index-D.css']);
  });

  it('measures with node:zlib as a server would send the file', () => {
    const dir = dist(FILES, HTML, MANIFEST);
    const content = Buffer.from(
      Array.from({ length: 5_000 }, (_, i) => `const v${i} = ${(i * 7919) % 104729};\n`)
        .join('')
        .slice(0, 700),
    );
    expect(gz(dir, 'assets/runtime-B.js')).toBe(gzipSync(content).length);
  });

  it('counts a static import the page did not preload (from the manifest) in the initial script', () => {
    const html = HTML.replace(/<link rel="modulepreload"[^>]*shared-C[^>]*>/, '');
    const report = sizeReport(dist(FILES, html, MANIFEST));
    expect(report.initial.map((f) => f.file)).toContain('assets/shared-C.js');
  });

  it('gives each route what opening it adds: its chunk and shared chunks not loaded yet, largest first', () => {
    const report = sizeReport(dist(FILES, HTML, MANIFEST));
    expect(report.onDemand.map((c) => [c.name, c.files.map((f) => f.file)])).toEqual([
      ['InboxPage', ['assets/InboxPage-F.js', 'assets/table-E.js']],
      ['ProfilePage', ['assets/ProfilePage-G.js']],
    ]);
    const [inbox] = report.onDemand;
    expect(inbox?.gzip).toBe((inbox?.files ?? []).reduce((total, f) => total + f.gzip, 0));
  });

  it('flags an initial script over the budget, and says so in the printed table', () => {
    const dir = dist(FILES, HTML, MANIFEST);
    const within = sizeReport(dir, 1_000_000);
    expect(within.overBudget).toBe(false);
    expect(formatReport(within)).toMatch(/Initial script: [\d.]+ kB gzipped, \d+% of its 1000\.0 kB budget/);

    const over = sizeReport(dir, 1_000);
    expect(over.overBudget).toBe(true);
    const printed = formatReport(over);
    expect(printed).toMatch(/over its budget of 1\.0 kB/);
    expect(printed).toContain('InboxPage');
    expect(printed).toContain('assets/index-A.js');
  });

  it('refuses a dist/ without a manifest, naming the setting', () => {
    const dir = dist(FILES, HTML, MANIFEST);
    rmSync(join(dir, '.vite'), { recursive: true });
    expect(() => sizeReport(dir)).toThrow(/build\.manifest/);
  });
});
