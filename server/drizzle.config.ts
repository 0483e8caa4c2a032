/** drizzle-kit: `npx drizzle-kit generate --config server/drizzle.config.ts` writes a migration after a schema change. */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema/index.ts',
  out: './server/src/db/migrations',
});
