import type { Queryable } from '../db/database';
import type { SecretBox } from './secret-box';

/** Every sealed column: where a v1 value may still wait to be bound to its row. */
export const sealedColumns = [
  { table: 'credentials', column: 'password_encrypted' },
  { table: 'webhooks', column: 'secret_encrypted' },
  { table: 'portal_sessions', column: 'snapshot_encrypted' },
] as const;

const BATCH = 500;

export type Reencryption = { reencrypted: number; unreadable: number };

/**
 * Re-encrypts values sealed before rows were bound (v1) into v2, bound to their row. Runs at
 * every start after the migrations (it needs CREDENTIALS_KEY, which SQL migrations never see);
 * with nothing left to do it is one scan per table that finds no row. Each update is conditional
 * on the old value, so processes starting together, or a user editing the row meanwhile, never
 * lose a write. A value this key cannot open (another key, a damaged row) is counted and left as
 * it is: it was unusable before too, and the start must not fail for it.
 */
export async function reencryptLegacySecrets(db: Queryable, secrets: SecretBox): Promise<Reencryption> {
  const result: Reencryption = { reencrypted: 0, unreadable: 0 };
  for (const { table, column } of sealedColumns) {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const { rows } = await db.query<{ id: string; sealed: string }>(
        `SELECT id, ${column} AS sealed FROM ${table}
         WHERE ${column} LIKE 'v1.%' AND id > $1 ORDER BY id LIMIT ${BATCH}`,
        [after],
      );
      for (const { id, sealed } of rows) {
        let resealed: string;
        try {
          resealed = secrets.seal(secrets.openLegacy(sealed), { table, column, id });
        } catch {
          result.unreadable += 1;
          continue;
        }
        const { rowCount } = await db.query(
          `UPDATE ${table} SET ${column} = $3 WHERE id = $1 AND ${column} = $2`,
          [id, sealed, resealed],
        );
        result.reencrypted += rowCount;
      }
      if (rows.length < BATCH) break;
      after = (rows.at(-1) as { id: string }).id;
    }
  }
  return result;
}
