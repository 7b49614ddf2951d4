import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openPGlite, pgliteDatabase } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import { sessionInThisRealm } from './realm-copy';
import { TEST_PGLITE_SETTINGS, templateEnv, workerShared } from './worker-shared';

export type TestDatabase = {
  db: Database;
  /** Connection string of the PostgreSQL database; null on PGlite. */
  url: string | null;
  /** Closes the database and, on PostgreSQL, drops it. */
  drop(): Promise<void>;
};

export type TestDatabaseKind = 'pglite' | 'postgres';

/**
 * Which database the test apps and databases made from now on use: `LUZ_TEST_DB=postgres` selects
 * TEST_DATABASE_URL's server. Under jest an API test file that opens a database runs once on each
 * when the server is set (`scripts/jest/on-both-databases.cjs`, decision 009); benchmarks choose.
 */
export function testDatabaseKind(): TestDatabaseKind {
  return process.env.LUZ_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export function selectTestDatabase(kind: TestDatabaseKind): void {
  if (kind === 'postgres') process.env.LUZ_TEST_DB = 'postgres';
  else delete process.env.LUZ_TEST_DB;
}

export function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('LUZ_TEST_DB=postgres needs TEST_DATABASE_URL');
  return url;
}

/** Runs `fn` on a connection to TEST_DATABASE_URL's server (CREATE/DROP DATABASE). */
export async function onServer<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export function databaseUrl(name: string): string {
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A database of its own for one test file, schema migrated unless `migrated: false`: PGlite in
 * memory, or a fresh PostgreSQL database (`luz_t_<random>`) created through TEST_DATABASE_URL.
 * Under jest both start from the templates its global setup made (a copy each, so no test sees
 * another's rows); elsewhere (benchmarks) they are created and migrated here.
 */
export async function createTestDatabase({
  migrated = true,
}: {
  migrated?: boolean;
} = {}): Promise<TestDatabase> {
  if (testDatabaseKind() === 'pglite') {
    const shared = workerShared();
    const reused = migrated ? shared?.migratedPGlite() : null;
    if (reused) {
      const db = await pgliteDatabase(sessionInThisRealm(await reused));
      return { db, url: null, drop: () => db.close() };
    }
    const template = shared?.pgliteTemplate(migrated);
    const db = await openPGlite(undefined, {
      settings: TEST_PGLITE_SETTINGS,
      ...(template && { loadDataDir: await template }),
      ...(shared && { artifacts: await shared.pgliteArtifacts() }),
    });
    if (migrated && !template) await migrate(db);
    return { db, url: null, drop: () => db.close() };
  }
  const name = `luz_t_${randomBytes(6).toString('hex')}`;
  const template = migrated ? process.env[templateEnv.postgres] : undefined;
  await onServer((client) =>
    client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  const db = openPostgres(databaseUrl(name), { maxConnections: 5 });
  if (migrated && !template) await migrate(db);
  return {
    db,
    url: databaseUrl(name),
    async drop() {
      await db.close();
      await onServer((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
