/**
 * The server's layers, checked (docs/architecture.md): a module's routes file is HTTP only — it declares routes and
 * calls its service, and never queries (no `drizzle-orm`, no schema); the lower layers never import a module;
 * services are built once, in the composition root (composition.ts), never lazily per context.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('.', import.meta.url).pathname;

function sources(folder: string): string[] {
  return readdirSync(join(SRC, folder), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => relative(SRC, join(SRC, folder, file)));
}

const importsOf = (file: string) =>
  [...readFileSync(join(SRC, file), 'utf8').matchAll(/^import[^;]*?from '([^']+)';/gms)].map(
    (m) => m[1] as string,
  );

/** The layers below the modules: they serve every module and know none (the composition root wires them). */
const LOWER_LAYERS = ['db', 'http', 'lib', 'carriers', 'services', 'jobs', 'realtime', 'routing'];

describe('layers', () => {
  it('routes files hold no queries: no drizzle-orm, no schema', () => {
    const routes = sources('modules').filter((file) => /(^|\/)(routes|\w+Routes)\.ts$/.test(file));
    expect(routes.length).toBeGreaterThan(20);
    const querying = routes.filter((file) =>
      importsOf(file).some((from) => from === 'drizzle-orm' || from.endsWith('db/schema')),
    );
    expect(querying).toEqual([]);
  });

  it('the lower layers import no module', () => {
    // Test support that drives the modules' routes (the fuzzer, testing/fuzz/) lives in testing/, not a layer here.
    const lower = LOWER_LAYERS.flatMap(sources);
    expect(lower.length).toBeGreaterThan(40);
    const importing = lower.filter((file) => importsOf(file).some((from) => /(^|\/)modules\//.test(from)));
    expect(importing).toEqual([]);
  });

  it('services are built once, by the composition root: no per-context singletons behind a WeakMap', () => {
    // http/references.ts memoises a property of each zod schema (pure, not a service): the one WeakMap allowed.
    const all = sources('.').filter((file) => file !== 'http/references.ts');
    const singletons = all.filter((file) => readFileSync(join(SRC, file), 'utf8').includes('new WeakMap'));
    expect(singletons).toEqual([]);
  });
});
