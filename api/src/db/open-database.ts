import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from './database';
import { openPGlite } from './pglite';
import { openPostgres, type PostgresOptions } from './postgres';

/** PostgreSQL when DATABASE_URL is set; otherwise PGlite persisted in `<dataDir>/pgdata`. */
export async function openDatabase(
  { databaseUrl, dataDir }: { databaseUrl: string | null; dataDir: string },
  options: PostgresOptions = {},
): Promise<Database> {
  if (databaseUrl) return openPostgres(databaseUrl, options);
  const pgdata = join(dataDir, 'pgdata');
  await mkdir(pgdata, { recursive: true });
  return openPGlite(pgdata);
}
