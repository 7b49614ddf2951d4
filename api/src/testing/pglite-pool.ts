// The migrated PGlite databases of one jest worker, reused from test file to test file (decision
// 174). Starting one from the template cost 0.4–0.8 s of CPU (untarring it into PGlite's memory
// file system, starting PostgreSQL); emptying one that a file is done with costs 0.03–0.15 s.
// Loaded by the api projects' environment in the worker's realm, outside every file's.
import type { PGlite } from '@electric-sql/pglite';
import { createPGlite, type PGliteArtifacts, type PGliteQueryable, type PGliteSession } from '../db/pglite';
import { copyIntoRealm } from './realm-copy';

/** Schemas of PostgreSQL's own, whose tables no test writes. */
const userSchemas = `n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`;

/**
 * What a test could change beyond the rows of its tables: a table, column, index, constraint,
 * trigger (or its being disabled), function, schema, role or setting made or dropped, and the
 * statistics ANALYZE gathers (they choose plans). A database whose digest differs from the
 * template's after it is emptied is closed instead of reused. Temporary objects are left out:
 * `DISCARD ALL` drops them.
 */
const SCHEMA_DIGEST = `
  SELECT md5(string_agg(entry, ',' ORDER BY entry)) AS digest FROM (
    SELECT concat_ws(':', 'c', c.oid, c.relname, c.relnamespace, c.relkind, c.relnatts, c.reloptions,
                     c.relhastriggers, c.relrowsecurity) AS entry
      FROM pg_class c WHERE c.relpersistence <> 't'
    UNION ALL
    SELECT concat_ws(':', 'a', a.attrelid, a.attnum, a.attname, a.atttypid, a.attnotnull, a.atthasdef,
                     a.attisdropped, a.attgenerated)
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid WHERE c.relpersistence <> 't'
    UNION ALL SELECT concat_ws(':', 'k', oid, conname, convalidated) FROM pg_constraint
    UNION ALL SELECT concat_ws(':', 't', oid, tgname, tgenabled) FROM pg_trigger
    UNION ALL SELECT concat_ws(':', 'p', oid, proname, md5(prosrc)) FROM pg_proc
    UNION ALL SELECT concat_ws(':', 'i', indexrelid, indisvalid, indisready) FROM pg_index
    UNION ALL SELECT concat_ws(':', 'd', oid, adrelid, adnum) FROM pg_attrdef
    UNION ALL SELECT concat_ws(':', 'n', oid, nspname) FROM pg_namespace
      WHERE nspname NOT LIKE 'pg\\_temp\\_%' AND nspname NOT LIKE 'pg\\_toast\\_temp\\_%'
    UNION ALL SELECT concat_ws(':', 'r', oid, rolname, rolsuper) FROM pg_authid
    UNION ALL SELECT concat_ws(':', 's', setdatabase, setrole, setconfig) FROM pg_db_role_setting
    UNION ALL SELECT concat_ws(':', 'e', oid, extname, extversion) FROM pg_extension
    UNION ALL SELECT concat_ws(':', 'v', oid, ev_class) FROM pg_rewrite
    UNION ALL SELECT concat_ws(':', 'statistics', count(*)) FROM pg_statistic
    UNION ALL SELECT concat_ws(':', 'types', count(*)) FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname NOT LIKE 'pg\\_temp\\_%' AND n.nspname NOT LIKE 'pg\\_toast\\_temp\\_%'
  ) entries`;

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

type Table = { name: string; columns: string; seed: string | null };

/**
 * What takes a database the template's way again, read off a fresh copy of it: every table
 * emptied, the rows the migrations put in (pg-boss's queues, for one) put back as they were,
 * every sequence where it stood, what ANALYZE learnt of the rows forgotten.
 */
type Template = { emptying: string; digest: string };

async function readTemplate(pg: PGlite): Promise<Template> {
  const { rows: tables } = await pg.query<Table>(
    `SELECT c.oid::regclass::text AS name,
            (SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) FROM pg_attribute a
              WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '') AS columns,
            NULL AS seed
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relpersistence <> 't' AND ${userSchemas}
      ORDER BY 1`,
  );
  for (const table of tables) {
    const { rows } = await pg.query<{ seed: string | null }>(
      `SELECT json_agg(t)::text AS seed FROM ${table.name} t`,
    );
    table.seed = rows[0]?.seed ?? null;
  }
  const { rows: sequences } = await pg.query<{ name: string }>(
    `SELECT c.oid::regclass::text AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'S' AND ${userSchemas} ORDER BY 1`,
  );
  const positions: string[] = [];
  for (const { name } of sequences) {
    const { rows } = await pg.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text, is_called FROM ${name}`,
    );
    const [position] = rows;
    if (position) positions.push(`setval(${quote(name)}, ${position.last_value}, ${position.is_called})`);
  }
  const emptying = [
    `TRUNCATE ${tables.map(({ name }) => name).join(', ')}`,
    // The app's statistics job runs ANALYZE on PGlite; the template knows nothing of these tables.
    `DELETE FROM pg_statistic WHERE starelid IN (SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${userSchemas})`,
    // The seeds reference each other in no set order: foreign keys are not checked while they go in.
    'SET LOCAL session_replication_role = replica',
    ...tables.flatMap(({ name, columns, seed }) =>
      seed === null
        ? []
        : [
            `INSERT INTO ${name} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM json_populate_recordset(NULL::${name}, ${quote(seed)})`,
          ],
    ),
    ...(positions.length > 0 ? [`SELECT ${positions.join(', ')}`] : []),
  ].join(';\n');
  return { emptying, digest: await digest(pg) };
}

export type PGlitePoolOptions = {
  artifacts: () => Promise<PGliteArtifacts>;
  template: () => Promise<Blob>;
  /** postgresql.conf lines for each database. */
  settings: readonly string[];
  /** How many emptied databases the worker keeps for its next files. */
  keep: number;
};

export class PGlitePool {
  /** Databases being emptied or emptied, each null if it could not be reused. */
  readonly #returned: Promise<PGlite | null>[] = [];
  #template: Promise<Template> | undefined;

  constructor(private readonly options: PGlitePoolOptions) {}

  /** A migrated database of its own for a test file until it closes it. */
  async acquire(): Promise<PGliteSession> {
    let pg: PGlite | null = null;
    // The latest returned first: the one a file just closed is the one its next database is.
    while (!pg && this.#returned.length > 0) pg = await (this.#returned.pop() as Promise<PGlite | null>);
    pg ??= await this.#start();
    return this.#lend(pg);
  }

  async #start(): Promise<PGlite> {
    const pg = await createPGlite(undefined, {
      loadDataDir: await this.options.template(),
      artifacts: await this.options.artifacts(),
      settings: this.options.settings,
    });
    // Read off the first copy, before any file used it.
    this.#template ??= readTemplate(pg);
    await this.#template;
    return pg;
  }

  /** The database as the file sees it: closing it gives it back, emptied, to the pool. */
  #lend(pg: PGlite): PGliteSession {
    let closed = false;
    const listening = new Set<() => Promise<void>>();
    const open = () => {
      if (closed) throw new Error('PGlite is closed');
    };
    // Parameters are copied into this realm; results are copied into the file's by its side.
    const inTransaction = (tx: PGliteQueryable): PGliteQueryable =>
      ({
        query: (sql, params, options) => tx.query(sql, copyIntoRealm(params), options),
        exec: (sql, options) => tx.exec(sql, options),
      }) as PGliteQueryable;
    return {
      query: (sql, params, options) => {
        open();
        return pg.query(sql, copyIntoRealm(params), options);
      },
      exec: (sql, options) => {
        open();
        return pg.exec(sql, options);
      },
      transaction: (fn) => {
        open();
        return pg.transaction((tx) => fn(inTransaction(tx)));
      },
      listen: async (channel, handler) => {
        open();
        const stop = await pg.listen(channel, handler);
        listening.add(stop);
        return async () => {
          listening.delete(stop);
          await stop();
        };
      },
      dumpDataDir: (compression) => pg.dumpDataDir(compression),
      close: async () => {
        if (closed) return;
        closed = true;
        const emptied = this.#empty(pg, [...listening]);
        if (this.#returned.length < this.options.keep) this.#returned.push(emptied);
        else void emptied.then((kept) => kept?.close());
        await emptied;
      },
      get closed() {
        return closed;
      },
    };
  }

  /** The database emptied for the next file, or null (and closed) if it cannot be. */
  async #empty(pg: PGlite, listening: (() => Promise<void>)[]): Promise<PGlite | null> {
    try {
      for (const stop of listening) await stop();
      const template = await (this.#template as Promise<Template>);
      // Outside a transaction: ends what the file left (locks, LISTENs, settings, temporary tables).
      await pg.exec('DISCARD ALL');
      await pg.transaction((tx) => tx.exec(template.emptying));
      // PGlite has no checkpointer: without one the write-ahead log grew with every file.
      await pg.exec('CHECKPOINT');
      if ((await digest(pg)) === template.digest) return pg;
    } catch {
      // Left mid-transaction or broken: not reused.
    }
    await pg.close().catch(() => undefined);
    return null;
  }
}

async function digest(pg: PGlite): Promise<string> {
  const { rows } = await pg.query<{ digest: string }>(SCHEMA_DIGEST);
  return rows[0]?.digest ?? '';
}
