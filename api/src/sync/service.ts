import {
  CredentialStatus,
  SyncWorkflow,
  type Task,
  TaskStatus,
  TaskType,
  type zCredentialSyncRequest,
} from '@luz/shared/contract';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../http/errors';
import { RequestValidationError } from '../http/validation';
import { assertVisibleTasks, getTask } from '../tasks/service';
import { syncMessages } from './messages';
import type { SyncContext } from './step-input';
import { createTask, type NewTask } from './tasks';
import { workflowOf } from './workflows';

type Owner = { id: string };

type RpuRow = { id: string; service_number: string; credential_id: string | null };

async function ownCredential(ctx: SyncContext, userId: string, credentialId: string) {
  const { rows } = await ctx.db.query('SELECT 1 FROM credentials WHERE id = $1 AND user_id = $2', [
    credentialId,
    userId,
  ]);
  if (rows.length === 0) throw notFound(syncMessages.credentialNotFound);
}

/** Service points (of these ids) already in a run that has not finished: not started twice. */
async function busyRpus(
  ctx: SyncContext,
  rpuIds: readonly string[],
  paymentHistory: boolean,
): Promise<Set<string>> {
  if (rpuIds.length === 0) return new Set();
  const { rows } = await ctx.db.query<{ rpu_id: string }>(
    `SELECT DISTINCT rpu_id FROM task_associations
     WHERE rpu_id = ANY($1::uuid[]) AND finished_at IS NULL AND (workflow = $2) = $3`,
    [[...rpuIds], SyncWorkflow.paymentHistorySync, paymentHistory],
  );
  return new Set(rows.map((row) => row.rpu_id));
}

/**
 * Linking these service points must not leave the CFE account with more services than
 * PORTAL_SERVICE_CAP (CFE reportedly blocks accounts with more than 10) unless the user
 * confirmed it (`exceed_service_cap`). Luz's estimate: the account's services that synced at
 * least once (so they are in CFE's list), plus the chosen ones that never did; the connector
 * also counts CFE's own list (AdministrarServicios) before each link it posts.
 */
async function assertWithinServiceCap(
  ctx: SyncContext,
  userId: string,
  credentialId: string,
  rpuIds: readonly string[],
  confirmed: boolean,
) {
  if (confirmed) return;
  const { rows } = await ctx.db.query<{ registered: number; to_link: number }>(
    `WITH chosen AS (
       SELECT credential_id = $2 AND last_synced_at IS NOT NULL AS registered, id = ANY($3::uuid[]) AS chosen
       FROM rpus WHERE user_id = $1 AND NOT deleted AND (credential_id = $2 OR id = ANY($3::uuid[]))
     )
     SELECT count(*) FILTER (WHERE registered)::int AS registered,
       count(*) FILTER (WHERE chosen AND NOT registered)::int AS to_link
     FROM chosen`,
    [userId, credentialId, [...rpuIds]],
  );
  const { registered = 0, to_link = 0 } = rows[0] ?? {};
  const cap = ctx.config.portal.serviceCap;
  if (to_link === 0 || registered + to_link <= cap) return;
  throw new RequestValidationError([
    {
      loc: ['body', 'exceed_service_cap'],
      msg: syncMessages.serviceCapExceeded(registered + to_link, cap),
      type: 'service_cap',
    },
  ]);
}

/**
 * POST /rpus/sync/{credential_id}/{rpu_id}: link and sync one service point with that portal
 * account (workflow 1), which becomes its account. `lastPayment` is kept on the service point
 * for the link attempt with additional information.
 */
export async function startRpuSync(
  ctx: SyncContext,
  user: Owner,
  credentialId: string,
  rpuId: string,
  { lastPayment, exceedServiceCap = false }: { lastPayment?: string | null; exceedServiceCap?: boolean },
): Promise<Task> {
  await ownCredential(ctx, user.id, credentialId);
  const { rows } = await ctx.db.query<RpuRow>(
    'SELECT id, service_number, credential_id FROM rpus WHERE id = $1 AND user_id = $2 AND NOT deleted',
    [rpuId, user.id],
  );
  const rpu = rows[0];
  if (!rpu) throw notFound(syncMessages.rpuNotFound);
  if ((await busyRpus(ctx, [rpu.id], false)).size > 0) throw conflict(syncMessages.alreadySyncing);
  await assertWithinServiceCap(ctx, user.id, credentialId, [rpu.id], exceedServiceCap);
  await ctx.db.query(
    `UPDATE rpus SET credential_id = $2, last_payment = CASE WHEN $3::boolean THEN $4::numeric ELSE last_payment END,
       updated_at = now()
     WHERE id = $1`,
    [rpu.id, credentialId, lastPayment !== undefined, lastPayment ?? null],
  );
  const taskId = await createTask(ctx, {
    userId: user.id,
    type: TaskType.singleService,
    workflow: SyncWorkflow.linkAndSync,
    credentialId,
    priority: 1,
    items: [
      {
        rpuId: rpu.id,
        serviceNumber: rpu.service_number,
        credentialId,
        lastPayment: lastPayment ?? null,
        exceedServiceCap,
      },
    ],
  });
  return getTask(ctx.db, taskId, user.id);
}

/**
 * POST /credentials/sync/{credential_id}: the portal-space sync of the account (workflow 2), or
 * a bulk sync or bulk link (3, 4) of its service points, all of them or `rpu_ids`.
 */
export async function startCredentialSync(
  ctx: SyncContext,
  user: Owner,
  credentialId: string,
  request: z.output<typeof zCredentialSyncRequest>,
): Promise<Task> {
  await ownCredential(ctx, user.id, credentialId);
  const workflow = workflowOf(request.workflow);
  if (request.workflow === SyncWorkflow.portalSpaceSync) {
    const { rows } = await ctx.db.query(
      `SELECT 1 FROM task_associations
       WHERE credential_id = $1 AND workflow = $2 AND rpu_id IS NULL AND finished_at IS NULL`,
      [credentialId, SyncWorkflow.portalSpaceSync],
    );
    if (rows.length > 0) throw conflict(syncMessages.alreadySyncing);
    const taskId = await createTask(ctx, {
      userId: user.id,
      type: workflow.taskType,
      workflow: workflow.id,
      credentialId,
      items: [{ rpuId: null, serviceNumber: null, credentialId }],
    });
    return getTask(ctx.db, taskId, user.id);
  }

  const rpus = await credentialRpus(ctx, user.id, credentialId, request.rpu_ids);
  if (rpus.length === 0) throw badRequest(syncMessages.nothingToSync);
  const busy = await busyRpus(
    ctx,
    rpus.map((rpu) => rpu.id),
    false,
  );
  const free = rpus.filter((rpu) => !busy.has(rpu.id));
  if (free.length === 0) throw conflict(syncMessages.allAlreadySyncing);
  // Bulk sync links too, where the portal does not have the service yet.
  await assertWithinServiceCap(
    ctx,
    user.id,
    credentialId,
    free.map((rpu) => rpu.id),
    request.exceed_service_cap,
  );
  const exceedServiceCap = request.exceed_service_cap;
  const taskId = await createTask(ctx, {
    userId: user.id,
    type: workflow.taskType,
    workflow: workflow.id,
    credentialId,
    items: free.map((rpu) => ({
      rpuId: rpu.id,
      serviceNumber: rpu.service_number,
      credentialId,
      exceedServiceCap,
    })),
  });
  return getTask(ctx.db, taskId, user.id);
}

async function credentialRpus(
  ctx: SyncContext,
  userId: string,
  credentialId: string,
  rpuIds: readonly string[] | undefined,
): Promise<RpuRow[]> {
  if (!rpuIds) {
    const { rows } = await ctx.db.query<RpuRow>(
      `SELECT id, service_number, credential_id FROM rpus
       WHERE credential_id = $1 AND user_id = $2 AND NOT deleted ORDER BY created_at, service_number`,
      [credentialId, userId],
    );
    return rows;
  }
  const ids = [...new Set(rpuIds)];
  const { rows } = await ctx.db.query<RpuRow>(
    `SELECT id, service_number, credential_id FROM rpus
     WHERE id = ANY($1::uuid[]) AND user_id = $2 AND NOT deleted ORDER BY created_at, service_number`,
    [ids, userId],
  );
  if (rows.length !== ids.length)
    throw notFound(ids.length === 1 ? syncMessages.rpuNotFound : syncMessages.someRpusNotFound);
  if (rows.some((row) => row.credential_id !== credentialId))
    throw badRequest(syncMessages.rpuNotInCredential);
  return rows;
}

/** POST /payment-history/rpu/{rpu_id}/sync: the payment history of one service point (workflow 5). */
export async function startPaymentHistorySync(ctx: SyncContext, user: Owner, rpuId: string): Promise<Task> {
  const { rows } = await ctx.db.query<RpuRow>(
    'SELECT id, service_number, credential_id FROM rpus WHERE id = $1 AND user_id = $2 AND NOT deleted',
    [rpuId, user.id],
  );
  const rpu = rows[0];
  if (!rpu) throw notFound(syncMessages.rpuNotFound);
  if ((await busyRpus(ctx, [rpu.id], true)).size > 0) throw conflict(syncMessages.alreadySyncing);
  const taskId = await createTask(ctx, {
    userId: user.id,
    type: TaskType.paymentSync,
    workflow: SyncWorkflow.paymentHistorySync,
    credentialId: rpu.credential_id,
    priority: 1,
    items: [{ rpuId: rpu.id, serviceNumber: rpu.service_number, credentialId: rpu.credential_id }],
  });
  return getTask(ctx.db, taskId, user.id);
}

/** Bulk sync (workflow 3) of service points due for autofetch, one task per user and credential. */
export async function startAutofetch(ctx: SyncContext, limit = 5_000): Promise<number> {
  const { rows } = await ctx.db.query<{
    id: string;
    user_id: string;
    credential_id: string;
    service_number: string;
  }>(
    `UPDATE rpus r SET next_autofetch_at = now() + make_interval(hours => $1), updated_at = now()
     WHERE r.id IN (
       SELECT id FROM rpus
       WHERE with_autofetch AND NOT deleted AND credential_id IS NOT NULL
         AND (next_autofetch_at IS NULL OR next_autofetch_at <= now())
         AND NOT EXISTS (SELECT 1 FROM task_associations a WHERE a.rpu_id = rpus.id AND a.finished_at IS NULL)
       ORDER BY next_autofetch_at NULLS FIRST LIMIT $2
       FOR UPDATE SKIP LOCKED
     )
     RETURNING r.id, r.user_id, r.credential_id, r.service_number`,
    [ctx.config.sync.autofetchIntervalHours, limit],
  );
  const groups = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = `${row.user_id}:${row.credential_id}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  for (const group of groups.values()) {
    const [first] = group;
    if (!first) continue;
    await createTask(ctx, {
      userId: first.user_id,
      type: TaskType.bulkLoad,
      workflow: SyncWorkflow.bulkSync,
      credentialId: first.credential_id,
      scheduled: true,
      items: group.map((row) => ({
        rpuId: row.id,
        serviceNumber: row.service_number,
        credentialId: row.credential_id,
      })),
    });
  }
  return groups.size;
}

type FailedRow = {
  id: string;
  task_id: string;
  user_id: string;
  type: TaskType;
  workflow: number;
  task_credential_id: string | null;
  rpu_id: string | null;
  service_number: string | null;
  association_credential_id: string | null;
  rpu_credential_id: string | null;
  last_payment: string | null;
  exceed_service_cap: boolean;
  rpu_exists: boolean;
};

/**
 * POST /tasks/user-retry (the owner) and POST /tasks/retry (a superuser, `ownerId` null): runs
 * again the failed service points of the given tasks and associations. Each task retried gives a
 * new task of the same type, owned by the same user, from the workflow's first step; service
 * points already running again are left out. A credential the portal refused is tried once more:
 * retrying is the user saying it was fixed.
 */
export async function retryTasks(
  ctx: SyncContext,
  ownerId: string | null,
  request: { task_ids: string[]; task_association_ids: string[] },
): Promise<Task[]> {
  await assertVisibleTasks(ctx.db, ownerId, request.task_ids, request.task_association_ids);
  const { rows } = await ctx.db.query<FailedRow>(
    `SELECT a.id, a.task_id, t.user_id, t.type, t.workflow, t.credential_id AS task_credential_id, a.rpu_id,
       a.service_number, a.credential_id AS association_credential_id, r.credential_id AS rpu_credential_id,
       a.last_payment::text AS last_payment, a.exceed_service_cap, (r.id IS NOT NULL) AS rpu_exists
     FROM task_associations a JOIN tasks t ON t.id = a.task_id
     LEFT JOIN rpus r ON r.id = a.rpu_id AND NOT r.deleted
     WHERE (a.task_id = ANY($1::uuid[]) OR a.id = ANY($2::uuid[]))
       AND a.status IN (${TaskStatus.error}, ${TaskStatus.userError})
       AND ($3::uuid IS NULL OR t.user_id = $3)
     ORDER BY t.created_at, a.created_at`,
    [request.task_ids, request.task_association_ids, ownerId],
  );
  const candidates = rows.filter((row) => row.rpu_id === null || row.rpu_exists);
  const busy = await busyRpus(
    ctx,
    candidates.flatMap((row) => (row.rpu_id ? [row.rpu_id] : [])),
    false,
  );
  const byTask = new Map<string, FailedRow[]>();
  for (const row of candidates) {
    if (row.rpu_id && busy.has(row.rpu_id) && row.workflow !== SyncWorkflow.paymentHistorySync) continue;
    byTask.set(row.task_id, [...(byTask.get(row.task_id) ?? []), row]);
  }
  if (byTask.size === 0) throw badRequest(syncMessages.nothingToRetry);

  const credentials = new Set<string>();
  const tasks: Task[] = [];
  for (const failed of byTask.values()) {
    const first = failed[0] as FailedRow;
    const workflow = workflowOf(first.workflow);
    const items: NewTask['items'] = failed.map((row) => {
      const credentialId = row.rpu_id ? row.rpu_credential_id : row.association_credential_id;
      if (credentialId) credentials.add(credentialId);
      return {
        rpuId: row.rpu_id,
        serviceNumber: row.service_number,
        credentialId,
        lastPayment: row.last_payment,
        exceedServiceCap: row.exceed_service_cap,
        // Workflow 2 starts from the account; its service points start from their own sync.
        step: row.rpu_id && workflow.id === SyncWorkflow.portalSpaceSync ? 'syncing' : workflow.first,
      };
    });
    await ctx.db.query(
      `UPDATE credentials SET status = $2, status_message = NULL, updated_at = now()
       WHERE id = ANY($1::uuid[]) AND status = $3`,
      [[...credentials], CredentialStatus.unverified, CredentialStatus.invalidPassword],
    );
    for (const credentialId of credentials) ctx.cfePortal.forget(credentialId);
    const taskId = await createTask(ctx, {
      userId: first.user_id,
      type: first.type,
      workflow: workflow.id,
      credentialId: first.task_credential_id,
      priority: workflow.taskType === TaskType.bulkLoad ? 0 : 1,
      items,
    });
    tasks.push(await getTask(ctx.db, taskId, null));
  }
  return tasks;
}
