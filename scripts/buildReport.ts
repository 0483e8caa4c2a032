/**
 * What the account UI's build costs a page load, printed at the end of `npm run build`: the initial script (every
 * script index.html loads before anything shows: the entry and its modulepreloads, plus any static import the
 * manifest names that the page did not list) and, for each chunk loaded on demand (a screen, the Twilio SDK),
 * what opening it adds (its chunk and the shared chunks it needs that are not already loaded). Sizes are gzipped
 * with node:zlib at its default level, as a server's gzip sends them; kB are 1,000 bytes, as Vite prints them.
 *
 * The initial script has a budget (docs/decisions.md, "UI loading"): over it, the build fails, so a screen that
 * is imported statically by the shell (or a heavy library that follows it in) shows at once.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The initial script's budget, gzipped: 300 kB. */
export const INITIAL_SCRIPT_BUDGET = 300_000;

/** One entry of Vite's build manifest (dist/.vite/manifest.json), the fields read here. */
export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface FileSize {
  file: string;
  bytes: number;
  gzip: number;
}

export interface OnDemandChunk {
  /** The chunk's name (a screen's component, e.g. InboxPage) and the module it starts from. */
  name: string;
  src: string;
  /** Its own chunk first, then the shared chunks it needs beyond the initial ones. */
  files: FileSize[];
  /** All of `files`, gzipped. */
  gzip: number;
}

export interface SizeReport {
  initial: FileSize[];
  initialGzip: number;
  styles: FileSize[];
  onDemand: OnDemandChunk[];
  budget: number;
  overBudget: boolean;
}

/** The files a page loads eagerly: module scripts, modulepreloads, and (separately) stylesheets. */
export function eagerAssets(html: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attr = (name: string) => tag.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i'))?.[1];
    if (/^<script/i.test(tag)) {
      const src = attr('src');
      if (src && attr('type') === 'module') scripts.push(src);
      continue;
    }
    const rel = attr('rel')?.toLowerCase();
    const href = attr('href');
    if (!href) continue;
    if (rel === 'modulepreload') scripts.push(href);
    else if (rel === 'stylesheet') styles.push(href);
  }
  return { scripts: unique(scripts.map(toFile)), styles: unique(styles.map(toFile)) };
}

/** A URL from the page (root-absolute, as the build's base is '/') as a path inside dist/. */
function toFile(url: string): string {
  return url.replace(/^(https?:)?\/\/[^/]+/, '').replace(/^\.?\//, '');
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}

/** The manifest keys a chunk needs before it runs: its static imports, transitively, itself included. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** Measures a built dist/ (its index.html, its manifest and the files they name). */
export function sizeReport(distDir: string, budget = INITIAL_SCRIPT_BUDGET): SizeReport {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build.manifest must be on.`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const page = eagerAssets(readFileSync(join(distDir, 'index.html'), 'utf8'));

  const sizes = new Map<string, FileSize>();
  const measure = (file: string): FileSize => {
    let size = sizes.get(file);
    if (!size) {
      const content = readFileSync(join(distDir, file));
      size = { file, bytes: content.length, gzip: gzipSync(content).length };
      sizes.set(file, size);
    }
    return size;
  };

  const fromManifest = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry && chunk.file.endsWith('.js'))
    .flatMap(([key]) => [...staticClosure(manifest, key)].map((k) => manifest[k]?.file ?? k));
  const initialFiles = unique([...page.scripts, ...fromManifest]);
  const initial = initialFiles.map(measure);
  const initialGzip = sum(initial);
  const loaded = new Set(initialFiles);

  const onDemand = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry)
    .map(([key, chunk]): OnDemandChunk => {
      const files = [...staticClosure(manifest, key)]
        .map((k) => manifest[k]?.file ?? k)
        .filter((file) => !loaded.has(file))
        .map(measure);
      return { name: chunk.name ?? key, src: chunk.src ?? key, files, gzip: sum(files) };
    })
    .sort((a, b) => b.gzip - a.gzip);

  return {
    initial,
    initialGzip,
    styles: page.styles.map(measure),
    onDemand,
    budget,
    overBudget: initialGzip > budget,
  };
}

function sum(files: FileSize[]): number {
  return files.reduce((total, file) => total + file.gzip, 0);
}

function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

/** The table printed at the end of the build, and the verdict on the budget. */
export function formatReport(report: SizeReport): string {
  type Row = [label: string, minified: string, gzipped: string, withShared: string];
  const bytes = (files: FileSize[]) => files.reduce((total, file) => total + file.bytes, 0);
  const rows: Row[] = [];
  const [entry, ...preloaded] = report.initial;
  rows.push([
    'Initial script: what index.html loads eagerly',
    kB(bytes(report.initial)),
    kB(report.initialGzip),
    '',
  ]);
  if (entry) rows.push([`  entry ${entry.file}`, kB(entry.bytes), kB(entry.gzip), '']);
  if (preloaded.length)
    rows.push([
      `  ${preloaded.length} modulepreloaded chunk${preloaded.length === 1 ? '' : 's'}`,
      kB(bytes(preloaded)),
      kB(sum(preloaded)),
      '',
    ]);
  for (const style of report.styles)
    rows.push([`  styles, not in the budget: ${style.file}`, kB(style.bytes), kB(style.gzip), '']);
  rows.push(['On demand: each route (or deferred part) and what opening it adds', '', '', '']);
  for (const chunk of report.onDemand) {
    const [own] = chunk.files;
    rows.push([`  ${chunk.name} (${chunk.src})`, kB(own?.bytes ?? 0), kB(own?.gzip ?? 0), kB(chunk.gzip)]);
  }
  const header: Row = ['UI bundle (gzip: node:zlib, kB = 1000 B)', 'minified', 'gzipped', 'with shared'];
  const width = Math.max(...[header, ...rows].map(([label]) => label.length));
  const line = ([label, ...sizes]: Row) =>
    `${label.padEnd(width)}${sizes.map((size) => size.padStart(13)).join('')}`.trimEnd();
  const lines = [line(header), ...rows.map(line)];
  lines.push(
    'A route\'s own chunk, then "with shared": the shared chunks it needs beyond the initial script too (gzipped),',
    'which another route or the phone panel has often fetched already.',
  );
  const share = ((report.initialGzip / report.budget) * 100).toFixed(0);
  lines.push(
    report.overBudget
      ? `FAILED: the initial script is ${kB(report.initialGzip)} gzipped, over its budget of ${kB(report.budget)}. ` +
          'Something the shell imports statically has grown or pulled a screen or a large library in: load it on ' +
          'demand (renderer/src/app/router.tsx, shellParts.tsx) — see docs/decisions.md, "UI loading".'
      : `Initial script: ${kB(report.initialGzip)} gzipped, ${share}% of its ${kB(report.budget)} budget.`,
  );
  return lines.join('\n');
}
