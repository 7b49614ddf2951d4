import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from './database';
import { openPGlite } from './pglite';
import { createPGliteDataDir } from './pglite-first-start';
import { openPostgres, type PostgresOptions } from './postgres';

export const pgliteDataDir = (dataDir: string) => join(dataDir, 'pgdata');

/** PostgreSQL when DATABASE_URL is set; otherwise PGlite persisted in `<dataDir>/pgdata`. */
export async function openDatabase(
  { databaseUrl, dataDir }: { databaseUrl: string | null; dataDir: string },
  options: PostgresOptions = {},
): Promise<Database> {
  if (databaseUrl) return openPostgres(databaseUrl, options);
  const pgdata = pgliteDataDir(dataDir);
  await mkdir(pgdata, { recursive: true, mode: 0o700 });
  await createPGliteDataDir(pgdata);
  return openPGlite(pgdata);
}
