import type { PGlite, Results, Transaction } from '@electric-sql/pglite';
import {
  assertChannel,
  type Database,
  notifyVia,
  type Queryable,
  type QueryResult,
  type Row,
} from './database';

type PGliteQueryable = Pick<PGlite | Transaction, 'query' | 'exec'>;

function toResult<T extends Row>(results: Results<T>): QueryResult<T> {
  return { rows: results.rows, rowCount: results.affectedRows || results.rows.length };
}

function queryable(target: PGliteQueryable): Queryable {
  return {
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      return toResult(await target.query<T>(sql, [...params]));
    },
    async exec(sql: string) {
      const results = await target.exec(sql);
      const last = results.at(-1);
      return last ? toResult(last as Results<Row>) : { rows: [], rowCount: 0 };
    },
  };
}

/**
 * `dataDir`: a folder to persist in, or undefined for memory. PGlite is a single connection:
 * it runs one statement at a time and holds every other query while a transaction is open, so
 * transactions are serialised and never see each other's uncommitted work.
 */
export async function openPGlite(dataDir?: string): Promise<Database> {
  // Loaded on demand: PostgreSQL deployments never pay for the WebAssembly build.
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = await PGlite.create(dataDir ? { dataDir } : {});
  const outer = queryable(pg);
  return {
    kind: 'pglite',
    query: outer.query,
    exec: outer.exec,
    transaction: (fn) => pg.transaction((tx) => fn(queryable(tx))),
    async listen(channel, handler) {
      assertChannel(channel);
      const stop = await pg.listen(channel, handler);
      return async () => {
        if (!pg.closed) await stop();
      };
    },
    notify: (channel, payload, via = outer) => notifyVia(via, channel, payload),
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
}
