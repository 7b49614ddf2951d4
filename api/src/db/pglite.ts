import type { PGlite, PGliteOptions, Results, Transaction } from '@electric-sql/pglite';
import {
  assertChannel,
  type Database,
  notifyVia,
  type Queryable,
  type QueryResult,
  RANDOM_PAGE_COST,
  type Row,
} from './database';
import { guarded } from './query-error';

export type PGliteQueryable = Pick<PGlite | Transaction, 'query' | 'exec'>;

function toResult<T extends Row>(results: Results<T>): QueryResult<T> {
  return { rows: results.rows, rowCount: results.affectedRows || results.rows.length };
}

function queryable(target: PGliteQueryable): Queryable {
  return {
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      return toResult(await guarded(sql, () => target.query<T>(sql, [...params])));
    },
    async exec(sql: string) {
      const results = await guarded(sql, () => target.exec(sql));
      const last = results.at(-1);
      return last ? toResult(last as Results<Row>) : { rows: [], rowCount: 0 };
    },
  };
}

export type PGliteDatabase = Database & {
  /** The whole data folder as an uncompressed tarball, for `loadDataDir`. */
  dumpDataDir(): Promise<Blob>;
};

/**
 * PostgreSQL's defaults size shared memory for a server of 100 connections and 128 MB of buffers;
 * PGlite is one session in this process's memory, which never gives back what it grew to. Measured
 * (issue 17): resident memory at start 317 → 203 MB, after a few hundred queries 332 → 228 MB;
 * the lists at 100,000 service points read a few pages each (README, "Database").
 */
const PGLITE_SETTINGS = ['shared_buffers = 32MB', 'max_connections = 10', 'maintenance_work_mem = 32MB'];

/** PGlite's WebAssembly, compiled, and its file-system bundle: made once, they serve many instances. */
export type PGliteArtifacts = {
  wasmModule: NonNullable<PGliteOptions['pgliteWasmModule']>;
  fsBundle: Blob;
};

export type PGliteOpenOptions = {
  /** A data folder dumped by `dumpDataDir` to start from instead of running initdb. */
  loadDataDir?: Blob;
  /** Instead of reading and compiling them again (the test runner keeps them per worker). */
  artifacts?: PGliteArtifacts;
  /** initdb's options, for a new data folder (e.g. `--wal-segsize=1`). */
  initdb?: string[];
  /** postgresql.conf lines after Luz's own, which they override (test databases' smaller buffers). */
  settings?: readonly string[];
};

/**
 * What Luz uses of a PGlite instance. The test runner hands over one that a jest worker reuses from
 * file to file through this (`testing/pglite-pool.ts`, decision 178).
 */
export type PGliteSession = PGliteQueryable & {
  transaction<T>(fn: (tx: PGliteQueryable) => Promise<T>): Promise<T>;
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression: 'none'): Promise<Blob>;
  close(): Promise<void>;
  readonly closed: boolean;
};

/** A PGlite instance in this process, started on `dataDir` (a folder to persist in, or memory). */
export async function createPGlite(
  dataDir?: string,
  { loadDataDir, artifacts, initdb, settings = [] }: PGliteOpenOptions = {},
): Promise<PGlite> {
  // Loaded on demand: PostgreSQL deployments never pay for the WebAssembly build.
  const { PGlite } = await import('@electric-sql/pglite');
  // Trigram indexes serve the lists' "contains" filters (migration 100).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    ...(artifacts && { pgliteWasmModule: artifacts.wasmModule, fsBundle: artifacts.fsBundle }),
    ...(initdb && { initDbStartParams: initdb }),
    extensions: { pg_trgm },
    postgresqlconf: [...PGLITE_SETTINGS, ...settings],
  });
}

/**
 * `dataDir`: a folder to persist in, or undefined for memory. PGlite is a single connection: it
 * runs one statement at a time and holds every other query while a transaction is open, so
 * transactions are serialised and never see each other's uncommitted work.
 */
export async function openPGlite(dataDir?: string, options: PGliteOpenOptions = {}): Promise<PGliteDatabase> {
  return pgliteDatabase(await createPGlite(dataDir, options));
}

/** The database over one PGlite session. */
export async function pgliteDatabase(pg: PGliteSession): Promise<PGliteDatabase> {
  // One session for the whole process: its settings hold for every query (RANDOM_PAGE_COST).
  await pg.exec(`SET random_page_cost = ${RANDOM_PAGE_COST}`);
  const outer = queryable(pg);
  const listen: Database['listen'] = async (channel, handler) => {
    assertChannel(channel);
    const stop = await pg.listen(channel, handler);
    return async () => {
      if (!pg.closed) await stop();
    };
  };
  return {
    kind: 'pglite',
    query: outer.query,
    exec: outer.exec,
    transaction: (fn) => guarded(undefined, () => pg.transaction((tx) => fn(queryable(tx)))),
    listen,
    // PGlite hands a query's notifications to the listeners before the query resolves.
    listenForInvalidation: listen,
    notify: (channel, payload, via = outer) => notifyVia(via, channel, payload),
    dumpDataDir: () => pg.dumpDataDir('none'),
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
}
