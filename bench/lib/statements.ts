/**
 * Counts the SQL statements the app sends to its database (each one a round trip), on PostgreSQL and PGlite
 * alike: while a count is open, every statement's text is logged. PostgreSQL's are seen at `pg.Client#query`
 * (the pool runs each of its queries on a client); PGlite's at its instance's `query`/`exec` and inside its
 * transactions. Counts are of the whole app, so take them while nothing else runs.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../../server/src/db/client';

export interface StatementLog {
  /** The statements sent so far, in order (their SQL text, whitespace collapsed). */
  readonly texts: readonly string[];
  /** Stops logging (the database is left as it was). */
  stop(): void;
}

const textOf = (query: unknown): string =>
  String(typeof query === 'string' ? query : ((query as { text?: unknown })?.text ?? '')).replace(
    /\s+/g,
    ' ',
  );

export function logStatements(database: Database): StatementLog {
  const texts: string[] = [];
  if (database.kind === 'postgres') {
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      texts.push(textOf(args[0]));
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    return {
      texts,
      stop() {
        pg.Client.prototype.query = original;
      },
    };
  }
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const { query, exec, transaction } = client;
  const counted = <Q extends PGlite | Transaction>(target: Q, q: Q['query'], e: Q['exec']) => {
    target.query = ((sql: string, ...rest: unknown[]) => {
      texts.push(textOf(sql));
      return (q as (...a: unknown[]) => unknown).call(target, sql, ...rest);
    }) as Q['query'];
    target.exec = ((sql: string, ...rest: unknown[]) => {
      texts.push(textOf(sql));
      return (e as (...a: unknown[]) => unknown).call(target, sql, ...rest);
    }) as Q['exec'];
  };
  counted(client, query, exec);
  client.transaction = ((work: (tx: Transaction) => Promise<unknown>) =>
    transaction.call(client, (tx) => {
      counted(tx, tx.query, tx.exec);
      return work(tx);
    })) as PGlite['transaction'];
  return {
    texts,
    stop() {
      client.query = query;
      client.exec = exec;
      client.transaction = transaction;
    },
  };
}
