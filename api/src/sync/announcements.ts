import type { Queryable } from '../db/database';
import type { AssociationRow } from './associations';
import type { SyncHooks } from './hooks';
import type { SyncContext } from './step-input';

export const RECEIPT_MAIL_QUEUE = 'sync-receipt-mail';

/**
 * Periods this association stored and nobody was told of yet: webhooks now, the owner's e-mail by
 * a job. Called by every change of a run's state (next step, retry wait, cool-down, end, whatever
 * the outcome), in its transaction: each period is announced once, even when the run then fails.
 */
export async function announcePeriods(
  ctx: SyncContext,
  hooks: SyncHooks,
  tx: Queryable,
  row: AssociationRow,
) {
  const { rows } = await tx.query<{ period_id: string; rpu_id: string; email: boolean }>(
    `UPDATE receipt_notifications SET published_at = now()
     WHERE task_association_id = $1 AND published_at IS NULL
     RETURNING period_id, rpu_id, email`,
    [row.id],
  );
  for (const notice of rows) {
    await hooks.periodCreated(tx, {
      userId: row.user_id,
      rpuId: notice.rpu_id,
      periodId: notice.period_id,
      taskId: row.task_id,
      taskAssociationId: row.id,
    });
  }
  if (rows.some((notice) => notice.email) && row.rpu_id)
    await ctx.jobs.send(
      RECEIPT_MAIL_QUEUE,
      { rpuId: row.rpu_id },
      { via: tx, retryLimit: 5, retryDelay: 30 },
    );
}
