import type { Queryable } from '../db/database';

/*
 * The engine's lock order on PostgreSQL (decision 023). Every transaction that changes tasks,
 * task associations or service points of a credential takes, in this order:
 *
 *   1. the credential rows, FOR NO KEY UPDATE, in id order: before anything else, so that no
 *      weaker lock a statement takes on the way (the foreign-key check of an INSERT, a first
 *      UPDATE) has to be strengthened later while another transaction waits for it;
 *   2. the rows of task_associations and tasks it changes (tasks last: refreshTasks);
 *   3. the service points, FOR NO KEY UPDATE, in id order.
 *
 * Concurrent work on one credential therefore takes turns at step 1 and cannot wait in a cycle;
 * work on different credentials meets only at service points, always taken in the same order.
 */

/** Step 1: the credentials (unknown ids are skipped); answers the ids that exist. */
export async function lockCredentials(
  tx: Queryable,
  credentialIds: readonly (string | null)[],
): Promise<Set<string>> {
  const ids = [...new Set(credentialIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Set();
  const { rows } = await tx.query<{ id: string }>(
    'SELECT id FROM credentials WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE',
    [ids],
  );
  return new Set(rows.map((row) => row.id));
}

/** Step 3: the service points, in id order. */
export async function lockRpus(tx: Queryable, rpuIds: readonly (string | null)[]) {
  const ids = [...new Set(rpuIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return;
  await tx.query('SELECT id FROM rpus WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE', [ids]);
}

/** Rows that name service points, in the order their rows are locked. */
export const byRpuId = (a: { rpu_id: string | null }, b: { rpu_id: string | null }) =>
  (a.rpu_id ?? '').localeCompare(b.rpu_id ?? '');
