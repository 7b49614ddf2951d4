import type { Queryable } from '../db/database';
import { lockCredentials } from './locks';
import type { SyncContext } from './step-input';

/** The queue of sync steps: one job runs one step of one task association. */
export const STEP_QUEUE = 'sync-step';

export type StepJob = { associationId: string; seq: number };

/** Sends the job of the association's current step (inside `tx`, so it exists only if `tx` commits). */
export function sendStep(
  ctx: Pick<SyncContext, 'jobs' | 'config'>,
  tx: Queryable,
  row: { id: string; step_seq: number },
  delaySeconds = 0,
) {
  return ctx.jobs.send<StepJob>(
    STEP_QUEUE,
    { associationId: row.id, seq: row.step_seq },
    {
      via: tx,
      // Retries are the engine's (with its own backoff and status 4); the queue's only cover a
      // worker that died mid-step: its job expires and runs again.
      retryLimit: 3,
      retryDelay: 1,
      expireInSeconds: ctx.config.sync.stepTimeoutSeconds,
      ...(delaySeconds > 0 ? { startAfterSeconds: delaySeconds } : {}),
    },
  );
}

/**
 * Gives free lanes of a credential to its waiting associations (single-service runs first, then
 * oldest), and sends their first job. The credential's row lock makes concurrent dispatches of
 * one credential take turns, in every process: at most `concurrencyPerCredential` associations
 * of a credential hold a job at once.
 */
export async function dispatch(ctx: SyncContext, tx: Queryable, credentialId: string) {
  // Already held when the transaction followed the lock order (locks.ts): then a no-op.
  if ((await lockCredentials(tx, [credentialId])).size === 0) return;
  const { rows } = await tx.query<{ id: string; step_seq: number }>(
    `WITH busy AS (
       SELECT count(*)::int AS n FROM task_associations WHERE credential_id = $1 AND dispatched
     ), chosen AS (
       SELECT id FROM task_associations
       WHERE credential_id = $1 AND status = 0 AND NOT dispatched AND finished_at IS NULL
       ORDER BY priority DESC, created_at, id
       LIMIT greatest(0, $2 - (SELECT n FROM busy))
     )
     UPDATE task_associations a SET dispatched = true, step_seq = a.step_seq + 1, updated_at = now()
     FROM chosen WHERE a.id = chosen.id
     RETURNING a.id, a.step_seq`,
    [credentialId, ctx.config.sync.concurrencyPerCredential],
  );
  for (const row of rows) await sendStep(ctx, tx, row);
}

/**
 * The credential's portal session is open again (its CAPTCHA answered, or "Conectar con CFE"):
 * every run paused on its CAPTCHA continues now.
 */
export async function wakeCaptchaWaiters(
  ctx: Pick<SyncContext, 'db' | 'jobs' | 'config'>,
  credentialId: string,
  /** The association running now (it must not be sent again). */
  except: string | null = null,
) {
  await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; step_seq: number }>(
      `UPDATE task_associations a SET step_seq = a.step_seq + 1, next_attempt_at = now(), updated_at = now()
       WHERE a.credential_id = $1 AND a.captcha_asked_at IS NOT NULL AND a.finished_at IS NULL AND a.dispatched
         AND a.id IS DISTINCT FROM $2::uuid
       RETURNING a.id, a.step_seq`,
      [credentialId, except],
    );
    for (const row of rows) await sendStep(ctx, tx, row);
  });
}
