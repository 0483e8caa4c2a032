/**
 * Starts the platform server: settings, the data-folder lock, the database (migrated; seeded when new), its
 * services (composition.ts), the app.
 * Once it can serve, prints its banner (banner.ts: the address, data, logs, demo sign-in) and then
 * `listening on http://HOST:PORT`, the line programs wait for. Stops cleanly on SIGINT/SIGTERM.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app';
import { startBanner } from './banner';
import { composeServices } from './composition';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { isNewDatabase } from './db/state';
import { DataDirLockedError, lockDataDir } from './lock';
import { armEnabledMonitors } from './modules/alerts/monitors/job';
import { armBillingCycles } from './modules/billing/renewals/job';
import { seedDemo } from './seed/demo';

/** A secret kept in the data folder (readable by this user only), made on first start, so restarts keep it. */
function keptSecret(dataDir: string, file: string): string {
  const path = join(dataDir, file);
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  try {
    // Created exclusively: instances starting together on a shared folder all end up with the first one's.
    writeFileSync(path, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
  }
  return readFileSync(path, 'utf8').trim();
}

async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig();
  // PGlite's files take one server; on PostgreSQL any number of instances share the database (and the folder,
  // when it is a shared volume for uploads and the kept secrets).
  mkdirSync(config.dataDir, { recursive: true });
  const release = config.databaseUrl ? async () => {} : await lockDataDir(config.dataDir);
  config.realtimeSecret ??= keptSecret(config.dataDir, 'realtime.secret');
  config.mediaSecret ??= keptSecret(config.dataDir, 'media.secret');
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') },
  );
  await database.exclusively(async () => {
    await database.migrate();
    if (await isNewDatabase(database.db)) {
      await seedDemo(database.db);
      console.log('A new database: seeded the demo workspace.');
    }
  });

  const ctx = composeServices(config, database.db);
  const app = await buildApp(ctx);
  // Monitors turned on before this server started (the seeded demo's, a restored database's) get their job.
  await armEnabledMonitors(ctx);
  // Subscriptions renewed on our clock (the sandbox's, the seeded demo's) get their billing job.
  await armBillingCycles(ctx);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    await app.close();
    await database.close();
    await release();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;
  console.log(startBanner({ config, url, seconds: (Date.now() - started) / 1000 }));
  console.log(`listening on ${url}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
