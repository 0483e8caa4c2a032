/**
 * The database schema (Drizzle, PostgreSQL dialect: the same tables on PGlite and on a PostgreSQL server), one
 * file per area; `db/schema` is this index, so the rest of the server imports every table from one place.
 * Column shapes that repeat are in columns.ts; the JSON kept in `calls.live` is typed in liveCall.ts.
 * After changing a table: `npx drizzle-kit generate --config server/drizzle.config.ts` and commit the migration
 * it writes (a table drizzle-kit should see must be exported from here).
 */

export * from './audit';
export * from './auth';
export * from './batches';
export * from './billing';
export * from './calls';
export * from './campaigns';
export * from './companies';
export * from './contacts';
export * from './conversations';
export * from './customFields';
export * from './dni';
export * from './forwardContacts';
export * from './idempotency';
export * from './jobs';
export * from './marketplace';
export * from './monitoring';
export * from './notes';
export * from './numbers';
export * from './numberTemplates';
export * from './outbox';
export * from './ports';
export * from './registration';
export * from './tenants';
export * from './users';
