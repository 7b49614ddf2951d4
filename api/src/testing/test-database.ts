import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openPGlite } from '../db/pglite';
import { openPostgres } from '../db/postgres';

export type TestDatabase = {
  db: Database;
  /** Connection string of the PostgreSQL database; null on PGlite. */
  url: string | null;
  /** Closes the database and, on PostgreSQL, drops it. */
  drop(): Promise<void>;
};

/** `LUZ_TEST_DB=postgres` (the api-postgres jest project) runs the suite on TEST_DATABASE_URL's server. */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.LUZ_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('LUZ_TEST_DB=postgres needs TEST_DATABASE_URL');
  return url;
}

/**
 * A database of its own for one test file, schema migrated unless `migrated: false`: PGlite in
 * memory, or a fresh PostgreSQL database (`luz_t_<random>`) created through TEST_DATABASE_URL.
 */
export async function createTestDatabase({
  migrated = true,
}: {
  migrated?: boolean;
} = {}): Promise<TestDatabase> {
  let result: TestDatabase;
  if (testDatabaseKind() === 'pglite') {
    const db = await openPGlite();
    result = { db, url: null, drop: () => db.close() };
  } else {
    const name = `luz_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl() });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
    const url = new URL(serverUrl());
    url.pathname = `/${name}`;
    const db = openPostgres(url.toString(), { maxConnections: 5 });
    result = {
      db,
      url: url.toString(),
      async drop() {
        await db.close();
        const dropper = new pg.Client({ connectionString: serverUrl() });
        await dropper.connect();
        try {
          await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        } finally {
          await dropper.end();
        }
      },
    };
  }
  if (migrated) await migrate(result.db);
  return result;
}
