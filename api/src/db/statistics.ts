import type { Database, Queryable } from './database';

/**
 * PGlite runs no autovacuum: without help its tables are never analysed (the planner then guesses
 * from empty statistics after a big import or sync) nor vacuumed (dead rows pile up, index-only
 * scans stop working). PostgreSQL's own thresholds are applied here instead: a table whose rows
 * changed by more than a tenth since its last ANALYZE, or that holds more than a fifth of dead
 * rows, gets VACUUM (ANALYZE). Issue 17; on PostgreSQL autovacuum does this by itself.
 */
export async function refreshStaleStatistics(db: Queryable): Promise<string[]> {
  // Statistics counters reach pg_stat_* when the session flushes them; PGlite's one session
  // flushes only when asked, at the next statement.
  await db.query('SELECT pg_stat_force_next_flush()');
  const { rows } = await db.query<{ schema: string; name: string }>(
    `SELECT schemaname AS schema, relname AS name FROM pg_stat_user_tables
     WHERE n_mod_since_analyze > 50 + 0.1 * n_live_tup OR n_dead_tup > 50 + 0.2 * n_live_tup
     ORDER BY n_mod_since_analyze DESC`,
  );
  const tables = rows.map((row) => `"${row.schema.replace(/"/g, '""')}"."${row.name.replace(/"/g, '""')}"`);
  for (const table of tables) await db.exec(`VACUUM (ANALYZE) ${table}`);
  return tables;
}

/** How often PGlite's tables are checked (one small query when nothing is stale). */
export const STATISTICS_CHECK_MS = 60_000;

/** Checks PGlite's tables now and every minute; answers the function that stops it (after a check under way). */
export function startStatisticsRefresh(db: Database, onError: (error: unknown) => void): () => Promise<void> {
  if (db.kind !== 'pglite') return async () => undefined;
  let running: Promise<unknown> | null = null;
  const check = () => {
    running ??= refreshStaleStatistics(db)
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  check();
  const timer = setInterval(check, STATISTICS_CHECK_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
