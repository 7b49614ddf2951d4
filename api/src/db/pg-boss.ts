import type { Database, QueryResult } from './database';

/** The `db` option of pg-boss 10: it only ever calls `executeSql`. */
export type PgBossDatabase = { executeSql(text: string, values?: unknown[]): Promise<QueryResult> };

/**
 * Lets pg-boss run on our data layer, which is how it runs on PGlite. pg-boss sends its
 * migrations and maintenance as several statements without parameters: those go through `exec`
 * (PGlite's extended protocol accepts one statement only); everything else is a normal query.
 */
export function pgBossDatabase(db: Database): PgBossDatabase {
  return {
    executeSql(text, values) {
      return values && values.length > 0 ? db.query(text, values) : db.exec(text);
    },
  };
}
