import { RpuStatus, type TaskStatus, type TaskType } from '@luz/shared/contract';
import type { Queryable } from '../db/database';
import { setRpuStatus } from '../rpus/service';
import { type AssociationRow, associationColumns, publish } from './associations';
import { servicePointCounts } from './counts';
import type { SyncHooks } from './hooks';
import { dispatch } from './lanes';
import { byRpuId, lockCredentials, lockRpus } from './locks';
import { syncMessages } from './messages';
import type { SyncContext } from './step-input';
import { workflowOf } from './workflows';

type TaskRow = { id: string; user_id: string; type: TaskType; status: number; message: string | null };

/**
 * Brings tasks' status up to date from their associations: 4 while one waits for a retry, 0
 * while any runs; when all are done, 1 if all succeeded, else 2 if any failed for the system,
 * else 3. A task that just finished is announced.
 */
export async function refreshTasks(hooks: SyncHooks, tx: Queryable, taskIds: readonly string[]) {
  if (taskIds.length === 0) return;
  const { rows } = await tx.query<
    TaskRow & {
      was_finished: boolean;
      open: number;
      total: number;
      success: number;
      failed: number;
      only_message: string | null;
    }
  >(
    `WITH agg AS (
       SELECT a.task_id, ${servicePointCounts},
         count(*) FILTER (WHERE a.finished_at IS NULL)::int AS open,
         (array_agg(a.message ORDER BY (a.rpu_id IS NULL), a.updated_at DESC))[1] AS only_message
       FROM task_associations a WHERE a.task_id = ANY($1::uuid[]) GROUP BY a.task_id
     ), previous AS (
       SELECT id, finished_at IS NOT NULL AS was_finished FROM tasks WHERE id = ANY($1::uuid[]) FOR UPDATE
     )
     UPDATE tasks t SET
       status = CASE
         WHEN agg.open > 0 THEN CASE WHEN agg.retrying > 0 THEN 4 ELSE 0 END
         WHEN agg.error > 0 THEN 2
         WHEN agg.user_error > 0 THEN 3
         ELSE 1 END,
       finished_at = CASE WHEN agg.open = 0 THEN coalesce(t.finished_at, now()) END,
       updated_at = now()
     FROM agg JOIN previous ON previous.id = agg.task_id
     WHERE t.id = agg.task_id
     RETURNING t.id, t.user_id, t.type, t.status, t.message, previous.was_finished, agg.open, agg.total,
       agg.success, agg.error + agg.user_error AS failed, agg.only_message`,
    [taskIds],
  );
  for (const row of rows) {
    if (row.open > 0 || row.was_finished) continue;
    const message =
      syncMessages.taskSummary({ total: row.total, success: row.success, failed: row.failed }) ??
      row.only_message;
    await tx.query('UPDATE tasks SET message = $2 WHERE id = $1', [row.id, message]);
    await hooks.taskFinished(tx, {
      userId: row.user_id,
      taskId: row.id,
      type: row.type,
      status: row.status as TaskStatus,
      message,
    });
  }
}

export type NewTask = {
  userId: string;
  type: TaskType;
  workflow: number;
  credentialId: string | null;
  /** Single-service runs go before bulk ones in their credential's queue. */
  priority?: number;
  /** Started by the schedule (autofetch), not by a person. */
  scheduled?: boolean;
  items: {
    rpuId: string | null;
    serviceNumber: string | null;
    credentialId: string | null;
    /** Default: the workflow's first step. */
    step?: string;
    lastPayment?: string | null;
    /** The user confirmed linking past PORTAL_SERVICE_CAP. */
    exceedServiceCap?: boolean;
  }[];
};

/**
 * Records a task and its associations and queues them (RPUs show "Cargando" meanwhile). A
 * service point without a portal account cannot run: its association ends at once as a user
 * error, status 5 "Sin nombre". Answers the task's id.
 */
export async function createTask(ctx: SyncContext, task: NewTask): Promise<string> {
  const workflow = workflowOf(task.workflow);
  const hooks = ctx.syncHooks;
  return ctx.db.transaction(async (tx) => {
    await lockCredentials(tx, [task.credentialId, ...task.items.map((item) => item.credentialId)]);
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO tasks (user_id, type, status, workflow, credential_id, scheduled)
       VALUES ($1, $2, 0, $3, $4, $5) RETURNING id`,
      [task.userId, task.type, task.workflow, task.credentialId, task.scheduled ?? false],
    );
    const taskId = (rows[0] as { id: string }).id;
    await insertAssociations(
      ctx,
      hooks,
      tx,
      taskId,
      task.userId,
      task.workflow,
      task.priority ?? 0,
      task.items,
      workflow.first,
    );
    await refreshTasks(hooks, tx, [taskId]);
    return taskId;
  });
}

export async function insertAssociations(
  ctx: SyncContext,
  hooks: SyncHooks,
  tx: Queryable,
  taskId: string,
  userId: string,
  workflow: number,
  priority: number,
  items: NewTask['items'],
  firstStep: string,
) {
  if (items.length === 0) return;
  await lockCredentials(
    tx,
    items.map((item) => item.credentialId),
  );
  await lockRpus(
    tx,
    items.map((item) => item.rpuId),
  );
  const { rows } = await tx.query<AssociationRow>(
    `WITH inserted AS (
       INSERT INTO task_associations (task_id, user_id, rpu_id, credential_id, service_number, workflow,
         chain_step, priority, last_payment, exceed_service_cap, status, message, finished_at, progress)
       SELECT $1, $2, i.rpu_id, i.credential_id, i.service_number, $3, i.step, $4, i.last_payment,
         i.exceed_service_cap,
         CASE WHEN i.credential_id IS NULL THEN 3 ELSE 0 END,
         CASE WHEN i.credential_id IS NULL THEN $5 ELSE $6 END,
         CASE WHEN i.credential_id IS NULL THEN now() END,
         CASE WHEN i.credential_id IS NULL THEN 100 ELSE 0 END
       FROM unnest($7::uuid[], $8::uuid[], $9::text[], $10::text[], $11::numeric[], $12::boolean[])
         AS i(rpu_id, credential_id, service_number, step, last_payment, exceed_service_cap)
       RETURNING *
     )
     SELECT ${associationColumns} FROM inserted a`,
    [
      taskId,
      userId,
      workflow,
      priority,
      syncMessages.noCredential,
      syncMessages.queued,
      items.map((item) => item.rpuId),
      items.map((item) => item.credentialId),
      items.map((item) => item.serviceNumber),
      items.map((item) => item.step ?? firstStep),
      items.map((item) => item.lastPayment ?? null),
      items.map((item) => item.exceedServiceCap ?? false),
    ],
  );
  const { ownsRpuStatus } = workflowOf(workflow);
  for (const row of [...rows].sort(byRpuId)) {
    if (!row.rpu_id || (row.credential_id && !ownsRpuStatus)) continue;
    const status = row.credential_id ? RpuStatus.syncing : RpuStatus.withoutCfeUser;
    const message = row.credential_id ? null : syncMessages.noCredential;
    await setRpuStatus(tx, row.rpu_id, status, message);
    await hooks.rpuStatusChanged(tx, {
      userId,
      rpuId: row.rpu_id,
      serviceNumber: row.service_number ?? '',
      status,
      message,
      taskId,
    });
  }
  for (const credentialId of new Set(rows.map((row) => row.credential_id))) {
    if (credentialId) await dispatch(ctx, tx, credentialId);
  }
  await publish(ctx, tx, rows);
}
