import type { Database } from './database';
import { migrations as allMigrations, type Migration } from './migrations';

/** Any constant works; it only has to be the same in every process of the product. */
const MIGRATION_LOCK = 7_413_020_240;

const createTable = /* sql */ `
CREATE TABLE IF NOT EXISTS schema_migrations (
  version integer PRIMARY KEY,
  name text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

export function assertOrdered(list: readonly Migration[]) {
  list.forEach((migration, index) => {
    const previous = list[index - 1];
    if (!Number.isInteger(migration.version) || (previous && migration.version <= previous.version)) {
      throw new Error(
        `Migrations must have increasing integer versions (at ${migration.version} ${migration.name})`,
      );
    }
  });
}

/**
 * Brings the schema up to date: each pending migration runs in its own transaction, together with
 * the row that records it, so a failure leaves the database at the previous version. A
 * transaction-scoped advisory lock makes processes that start together take turns; whoever comes
 * second finds the work done. Answers the versions it applied.
 */
export async function migrate(db: Database, list: readonly Migration[] = allMigrations): Promise<number[]> {
  assertOrdered(list);
  const applied: number[] = [];
  for (const migration of list) {
    const ran = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await tx.exec(createTable);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (done.rows.length > 0) return false;
      await tx.exec(migration.up);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      return true;
    });
    if (ran) applied.push(migration.version);
  }
  return applied;
}
