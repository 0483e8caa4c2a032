/**
 * The server's layers, checked (docs/architecture.md): a module's routes file is HTTP only — it declares routes and
 * calls its service, and never queries (no `drizzle-orm`, no schema); the lower layers (`db/`, `http/`, `lib/`)
 * never import a module. The files that still break a rule are listed below by name: the list may only shrink.
 * A new file that breaks a rule fails here; so does a listed file that no longer does (take it off the list).
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

/** Routes files that still hold queries (the architecture issue moves them into services). */
const ROUTES_STILL_QUERYING = new Set([
  'modules/activity/routes.ts',
  'modules/auth/routes.ts',
  'modules/businessUnits/routes.ts',
  'modules/contactImport/routes.ts',
  'modules/contacts/routes.ts',
  'modules/conversations/routes.ts',
  'modules/greetings/routes.ts',
  'modules/groups/routes.ts',
  'modules/notifications/routes.ts',
  'modules/numbers/configRoutes.ts',
  'modules/numbers/routes.ts',
  'modules/users/routes.ts',
  'modules/voice/routes.ts',
]);

/** Lower-layer files that still import a module (the composition root removes these). */
const LOWER_LAYERS_IMPORTING_MODULES = new Set(['db/schema.ts', 'http/caller.ts', 'http/context.ts']);

describe('layers', () => {
  it('routes files hold no queries: no drizzle-orm, no schema', () => {
    const routes = sources('modules').filter((file) => /(^|\/)(routes|\w+Routes)\.ts$/.test(file));
    expect(routes.length).toBeGreaterThan(20);
    const querying = routes.filter((file) =>
      importsOf(file).some((from) => from === 'drizzle-orm' || from.endsWith('db/schema')),
    );
    expect(querying.sort()).toEqual([...ROUTES_STILL_QUERYING].sort());
  });

  it('db/, http/ and lib/ import no module', () => {
    // http/fuzz/ is a test suite (its helpers are not *.test.ts files), not a layer: it drives the modules' routes.
    const lower = [...sources('db'), ...sources('http'), ...sources('lib')].filter(
      (file) => !file.startsWith('http/fuzz/'),
    );
    const importing = lower.filter((file) => importsOf(file).some((from) => /(^|\/)modules\//.test(from)));
    expect(importing.sort()).toEqual([...LOWER_LAYERS_IMPORTING_MODULES].sort());
  });
});
