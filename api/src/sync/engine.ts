import {
  CredentialStatus,
  MAX_SYNC_ATTEMPTS,
  RpuStatus,
  type SyncEvent,
  TaskStatus,
  type TaskType,
} from '@luz/shared/contract';
import type { FastifyBaseLogger } from 'fastify';
import { getCredentialForSync, setCredentialStatus } from '../credentials/service';
import type { Queryable } from '../db/database';
import { setRpuStatus } from '../rpus/service';
import { servicePointCounts } from './counts';
import { classify, type Failure, isUnexpected, SyncUserError } from './errors';
import { type SyncHooks, syncHooks } from './hooks';
import { syncMessages } from './messages';
import type { StepRpu, SyncContext } from './steps';
import { progressAt, type Spawn, type StepOutcome, workflowOf } from './workflows';

/** The queue of sync steps: one job runs one step of one task association. */
export const STEP_QUEUE = 'sync-step';

export type StepJob = { associationId: string; seq: number };

/** Most times the portal may make one step wait (429) before that counts as a failed attempt. */
const MAX_DEFERRALS = 20;
/** When the portal says 429 without saying for how long. */
const DEFAULT_COOLDOWN_MS = 30_000;

type AssociationRow = {
  id: string;
  task_id: string;
  user_id: string;
  rpu_id: string | null;
  credential_id: string | null;
  service_number: string | null;
  workflow: number;
  chain_step: string | null;
  attempt: number;
  status: number;
  progress: number;
  message: string | null;
  step_seq: number;
  deferrals: number;
  last_payment: string | null;
  finished_at: Date | null;
  updated_at: Date;
};

const associationColumns = /* sql */ `
  a.id, a.task_id, a.user_id, a.rpu_id, a.credential_id, a.service_number, a.workflow, a.chain_step,
  a.attempt, a.status, a.progress, a.message, a.step_seq, a.deferrals, a.last_payment::text AS last_payment,
  a.finished_at, a.updated_at`;

/** The sync event of an association as it is now (spec §3 fields, plus where it belongs). */
export function eventOf(row: AssociationRow): SyncEvent {
  return {
    event_type:
      row.status === TaskStatus.success
        ? 'success'
        : row.status === TaskStatus.error || row.status === TaskStatus.userError
          ? 'error'
          : 'progress',
    attempt: row.attempt,
    chain_step: row.chain_step ?? '',
    chain_workflow: row.workflow,
    progress: row.progress,
    status: row.status,
    task_id: row.task_id,
    task_association_id: row.id,
    rpu_id: row.rpu_id,
    credential_id: row.credential_id,
    service_number: row.service_number,
    message: row.message,
    timestamp: row.updated_at.toISOString(),
  };
}

async function publish(ctx: SyncContext, tx: Queryable, rows: readonly AssociationRow[]) {
  for (const row of rows) await ctx.syncEvents.publish(row.user_id, eventOf(row), tx);
}

async function loadAssociation(db: Queryable, id: string): Promise<AssociationRow | null> {
  const { rows } = await db.query<AssociationRow>(
    `SELECT ${associationColumns} FROM task_associations a WHERE a.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** Sends the job of the association's current step (inside `tx`, so it exists only if `tx` commits). */
function sendStep(ctx: SyncContext, tx: Queryable, row: { id: string; step_seq: number }, delaySeconds = 0) {
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
  const { rows: locked } = await tx.query('SELECT 1 FROM credentials WHERE id = $1 FOR UPDATE', [
    credentialId,
  ]);
  if (locked.length === 0) return;
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

type TaskRow = { id: string; user_id: string; type: TaskType; status: number; message: string | null };

/**
 * Brings tasks' status up to date from their associations: 4 while one waits for a retry, 0
 * while any runs; when all are done, 1 if all succeeded, else 2 if any failed for the system,
 * else 3. A task that just finished is announced.
 */
async function refreshTasks(hooks: SyncHooks, tx: Queryable, taskIds: readonly string[]) {
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
  items: {
    rpuId: string | null;
    serviceNumber: string | null;
    credentialId: string | null;
    /** Default: the workflow's first step. */
    step?: string;
    lastPayment?: string | null;
  }[];
};

/**
 * Records a task and its associations and queues them (RPUs show "Cargando" meanwhile). A
 * service point without a portal account cannot run: its association ends at once as a user
 * error, status 5 "Sin nombre". Answers the task's id.
 */
export async function createTask(ctx: SyncContext, task: NewTask): Promise<string> {
  const workflow = workflowOf(task.workflow);
  const hooks = syncHooks(ctx);
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO tasks (user_id, type, status, workflow, credential_id) VALUES ($1, $2, 0, $3, $4) RETURNING id`,
      [task.userId, task.type, task.workflow, task.credentialId],
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

async function insertAssociations(
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
  const { rows } = await tx.query<AssociationRow>(
    `WITH inserted AS (
       INSERT INTO task_associations (task_id, user_id, rpu_id, credential_id, service_number, workflow,
         chain_step, priority, last_payment, status, message, finished_at, progress)
       SELECT $1, $2, i.rpu_id, i.credential_id, i.service_number, $3, i.step, $4, i.last_payment,
         CASE WHEN i.credential_id IS NULL THEN 3 ELSE 0 END,
         CASE WHEN i.credential_id IS NULL THEN $5 ELSE $6 END,
         CASE WHEN i.credential_id IS NULL THEN now() END,
         CASE WHEN i.credential_id IS NULL THEN 100 ELSE 0 END
       FROM unnest($7::uuid[], $8::uuid[], $9::text[], $10::text[], $11::numeric[])
         AS i(rpu_id, credential_id, service_number, step, last_payment)
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
    ],
  );
  for (const row of rows) {
    if (!row.rpu_id) continue;
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

/**
 * Runs one step of one association: the handler of the step queue. Answers which step ran, or
 * `skipped` for a job of a state the association has already left (a repeat after a crash, a
 * duplicate), which does nothing.
 */
export async function runStep(
  ctx: SyncContext,
  job: StepJob,
  signal: AbortSignal,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<{ step: string | null; skipped: boolean }> {
  const row = await loadAssociation(ctx.db, job.associationId);
  if (!row || row.step_seq !== job.seq || row.finished_at || !row.chain_step)
    return { step: row?.chain_step ?? null, skipped: true };
  await execute(ctx, { ...row, chain_step: row.chain_step }, signal, log);
  return { step: row.chain_step, skipped: false };
}

async function execute(
  ctx: SyncContext,
  row: AssociationRow & { chain_step: string },
  signal: AbortSignal,
  log: Pick<FastifyBaseLogger, 'error'>,
) {
  const workflow = workflowOf(row.workflow);
  const step = workflow.run[row.chain_step as keyof typeof workflow.run];

  if (!row.credential_id)
    return finish(ctx, row, classify(new SyncUserError(syncMessages.noCredential, RpuStatus.withoutCfeUser)));
  const cooldown = await cooldownOf(ctx, row.credential_id);
  if (cooldown > 0) return defer(ctx, row, cooldown, row.deferrals);

  const credential = await getCredentialForSync(ctx.db, ctx.secrets, row.credential_id);
  if (!credential || credential.userId !== row.user_id)
    return finish(ctx, row, classify(new SyncUserError(syncMessages.noCredential, RpuStatus.withoutCfeUser)));
  // A password the portal refused stays refused until the user changes it (or retries): no request.
  if (credential.status === CredentialStatus.invalidPassword)
    return finish(
      ctx,
      row,
      classify(new SyncUserError(syncMessages.invalidCredentials, RpuStatus.badCredentials)),
    );

  let rpu: StepRpu | null = null;
  if (row.rpu_id) {
    rpu = await loadRpu(ctx, row.rpu_id, row.user_id);
    if (!rpu)
      return finish(ctx, row, classify(new SyncUserError(syncMessages.rpuNotFound, RpuStatus.failed)));
  }
  if (!step) return finish(ctx, row, classify(new Error(`Unknown step ${row.chain_step}`)));

  const running = await markRunning(ctx, row, progressAt(workflow, row.chain_step));
  if (!running) return;

  let outcome: StepOutcome;
  try {
    outcome = await step({
      ctx,
      taskId: row.task_id,
      taskAssociationId: row.id,
      userId: row.user_id,
      credentialId: row.credential_id,
      credential: { key: credential.id, cfeUser: credential.cfeUser, password: credential.password },
      rpu,
      lastPayment: row.last_payment ?? rpu?.lastPayment ?? null,
      signal,
      // A third of the job's expiry: the job ends well before it would be taken for dead.
      deadline: Date.now() + (ctx.config.sync.stepTimeoutSeconds * 1000) / 3,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    // The user sees a generic message; the cause goes to the operators' log.
    if (isUnexpected(error))
      log.error(
        { err: error, taskAssociationId: row.id, step: row.chain_step },
        'Sync step failed unexpectedly',
      );
    return fail(ctx, running, error);
  }
  if ('next' in outcome) return advance(ctx, running, outcome.next, outcome.message ?? null);
  return finish(ctx, running, null, outcome.message, outcome.spawn);
}

async function loadRpu(ctx: SyncContext, rpuId: string, userId: string): Promise<StepRpu | null> {
  const { rows } = await ctx.db.query<{
    id: string;
    service_number: string;
    alias: string;
    last_payment: string | null;
  }>(
    'SELECT id, service_number, alias, last_payment::text AS last_payment FROM rpus WHERE id = $1 AND user_id = $2 AND NOT deleted',
    [rpuId, userId],
  );
  const row = rows[0];
  return row
    ? { id: row.id, serviceNumber: row.service_number, alias: row.alias, lastPayment: row.last_payment }
    : null;
}

async function cooldownOf(ctx: SyncContext, credentialId: string): Promise<number> {
  const { rows } = await ctx.db.query<{ seconds: number }>(
    'SELECT extract(epoch FROM until - now())::float8 AS seconds FROM portal_cooldowns WHERE credential_id = $1',
    [credentialId],
  );
  return Math.max(0, rows[0]?.seconds ?? 0);
}

/** The step starts (again): status 0, its progress and message, announced. */
async function markRunning(
  ctx: SyncContext,
  row: AssociationRow,
  progress: number,
): Promise<AssociationRow | null> {
  const hooks = syncHooks(ctx);
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<AssociationRow>(
      // The message a step was given when the chain moved on (e.g. "12 de 26 recibos") stays;
      // a queued or retrying association gets the step's own.
      `UPDATE task_associations a SET status = 0, progress = $3, next_attempt_at = NULL,
         message = CASE WHEN a.status = 4 OR a.message IS NULL OR a.message = $5 THEN $4 ELSE a.message END,
         started_at = coalesce(a.started_at, now()), updated_at = now()
       WHERE a.id = $1 AND a.step_seq = $2 AND a.finished_at IS NULL
       RETURNING ${associationColumns}`,
      [
        row.id,
        row.step_seq,
        progress,
        syncMessages.running[row.chain_step ?? ''] ?? null,
        syncMessages.queued,
      ],
    );
    const running = rows[0];
    if (!running) return null;
    if (row.status === TaskStatus.systemRetry) await refreshTasks(hooks, tx, [row.task_id]);
    await publish(ctx, tx, [running]);
    return running;
  });
}

/**
 * The step succeeded and the chain goes on: next step (or the same one, continuing work its time
 * budget cut short, with its progress message), attempts start over.
 */
async function advance(ctx: SyncContext, row: AssociationRow, step: string, outcomeMessage: string | null) {
  const message = step === row.chain_step ? outcomeMessage : null;
  const workflow = workflowOf(row.workflow);
  const hooks = syncHooks(ctx);
  await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<AssociationRow>(
      `UPDATE task_associations a SET chain_step = $3, step_seq = a.step_seq + 1, attempt = 0, deferrals = 0,
         status = 0, progress = $4, message = coalesce($5, $6), updated_at = now()
       WHERE a.id = $1 AND a.step_seq = $2 AND a.finished_at IS NULL
       RETURNING ${associationColumns}`,
      [row.id, row.step_seq, step, progressAt(workflow, step), message, syncMessages.running[step] ?? null],
    );
    const moved = rows[0];
    if (!moved) return;
    await announcePeriods(ctx, hooks, tx, moved);
    await sendStep(ctx, tx, moved);
    await publish(ctx, tx, [moved]);
  });
}

/** The portal asked us to wait (429): same step and attempt, later, status 4 meanwhile. */
async function defer(ctx: SyncContext, row: AssociationRow, seconds: number, deferrals: number) {
  const hooks = syncHooks(ctx);
  await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<AssociationRow>(
      `UPDATE task_associations a SET step_seq = a.step_seq + 1, deferrals = $3, status = 4, message = $4,
         next_attempt_at = now() + make_interval(secs => $5), updated_at = now()
       WHERE a.id = $1 AND a.step_seq = $2 AND a.finished_at IS NULL
       RETURNING ${associationColumns}`,
      [row.id, row.step_seq, deferrals, syncMessages.coolingDown, seconds],
    );
    const waiting = rows[0];
    if (!waiting) return;
    await sendStep(ctx, tx, waiting, seconds);
    await refreshTasks(hooks, tx, [row.task_id]);
    await publish(ctx, tx, [waiting]);
  });
}

/**
 * A step failed. A user error ends the run (status 3). A system failure is retried with backoff
 * (status 4, "intento n+1 de 3") until the third attempt fails (status 2). A rate limit makes
 * the whole credential wait, and does not count as an attempt unless it keeps happening.
 */
async function fail(ctx: SyncContext, row: AssociationRow, error: unknown) {
  const failure = classify(error);
  if (failure.kind === 'user') return finish(ctx, row, failure);
  const settings = ctx.config.sync;
  if (failure.rateLimited && row.credential_id) {
    const seconds = (failure.retryAfterMs ?? DEFAULT_COOLDOWN_MS) / 1000;
    await ctx.db.query(
      `INSERT INTO portal_cooldowns (credential_id, until) VALUES ($1, now() + make_interval(secs => $2))
       ON CONFLICT (credential_id) DO UPDATE SET until = greatest(portal_cooldowns.until, EXCLUDED.until)`,
      [row.credential_id, seconds],
    );
    if (row.deferrals < MAX_DEFERRALS) return defer(ctx, row, seconds, row.deferrals + 1);
  }
  if (row.attempt + 1 >= MAX_SYNC_ATTEMPTS)
    return finish(ctx, row, {
      ...failure,
      message: syncMessages.failedAfterRetries(MAX_SYNC_ATTEMPTS, failure.message),
    });

  const jitter = 0.8 + Math.random() * 0.4;
  const seconds = Math.max(
    settings.retryDelaySeconds * 2 ** row.attempt * jitter,
    (failure.retryAfterMs ?? 0) / 1000,
  );
  const hooks = syncHooks(ctx);
  await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<AssociationRow>(
      `UPDATE task_associations a SET step_seq = a.step_seq + 1, attempt = a.attempt + 1, status = 4,
         message = $3, next_attempt_at = now() + make_interval(secs => $4), updated_at = now()
       WHERE a.id = $1 AND a.step_seq = $2 AND a.finished_at IS NULL
       RETURNING ${associationColumns}`,
      [
        row.id,
        row.step_seq,
        syncMessages.retrying(row.attempt + 1, MAX_SYNC_ATTEMPTS, seconds, failure.message),
        seconds,
      ],
    );
    const waiting = rows[0];
    if (!waiting) return;
    await sendStep(ctx, tx, waiting, seconds);
    await refreshTasks(hooks, tx, [row.task_id]);
    await publish(ctx, tx, [waiting]);
  });
}

/**
 * The run of one association ends: success (`failure` null) or failure. Its lane goes to the
 * next waiting association of the credential; the service point and credential get their
 * status; an account-wide user error (wrong password, CAPTCHA) ends every waiting association of
 * that credential the same way without asking the portal again; spawned associations join the
 * task; the task finishes when its last association does.
 */
async function finish(
  ctx: SyncContext,
  row: AssociationRow,
  failure: Failure | null,
  message: string | null = null,
  spawn: Spawn[] = [],
) {
  const hooks = syncHooks(ctx);
  const status =
    failure === null ? TaskStatus.success : failure.kind === 'user' ? TaskStatus.userError : TaskStatus.error;
  const text = failure?.message ?? message;
  await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<AssociationRow>(
      `UPDATE task_associations a SET status = $3, message = $4, dispatched = false, step_seq = a.step_seq + 1,
         progress = 100, next_attempt_at = NULL, finished_at = now(), updated_at = now()
       WHERE a.id = $1 AND a.step_seq = $2 AND a.finished_at IS NULL
       RETURNING ${associationColumns}`,
      [row.id, row.step_seq, status, text],
    );
    const ended = rows[0];
    if (!ended) return;
    const events = [ended];
    const tasks = new Set([ended.task_id]);

    if (ended.rpu_id) {
      const rpuStatus =
        failure === null
          ? RpuStatus.verified
          : failure.kind === 'user'
            ? failure.rpuStatus
            : RpuStatus.failed;
      await setRpuStatus(tx, ended.rpu_id, rpuStatus, failure === null ? null : text, {
        synced: failure === null,
      });
      await hooks.rpuStatusChanged(tx, {
        userId: ended.user_id,
        rpuId: ended.rpu_id,
        serviceNumber: ended.service_number ?? '',
        status: rpuStatus,
        message: failure === null ? null : text,
        taskId: ended.task_id,
      });
    }
    if (ended.credential_id && failure === null)
      await setCredentialStatus(tx, ended.credential_id, CredentialStatus.valid, null, { synced: true });
    if (ended.credential_id && failure?.kind === 'user') {
      if (failure.credentialStatus !== null)
        await setCredentialStatus(tx, ended.credential_id, failure.credentialStatus, failure.message);
      if (failure.credentialWide) {
        const siblings = await endWaitingOfCredential(hooks, tx, ended.credential_id, failure);
        for (const sibling of siblings) {
          events.push(sibling);
          tasks.add(sibling.task_id);
        }
      }
    }
    if (failure === null) await announcePeriods(ctx, hooks, tx, ended);
    if (spawn.length > 0)
      await insertAssociations(
        ctx,
        hooks,
        tx,
        ended.task_id,
        ended.user_id,
        ended.workflow,
        0,
        spawn.map((item) => ({
          rpuId: item.rpuId,
          serviceNumber: item.serviceNumber,
          credentialId: ended.credential_id,
          step: item.step,
        })),
        workflowOf(ended.workflow).first,
      );
    if (ended.credential_id) await dispatch(ctx, tx, ended.credential_id);
    await refreshTasks(hooks, tx, [...tasks]);
    await publish(ctx, tx, events);
  });
}

/** Every association of the credential still waiting for a lane ends with the credential's user error. */
async function endWaitingOfCredential(
  hooks: SyncHooks,
  tx: Queryable,
  credentialId: string,
  failure: Extract<Failure, { kind: 'user' }>,
): Promise<AssociationRow[]> {
  const { rows } = await tx.query<AssociationRow>(
    `UPDATE task_associations a SET status = 3, message = $2, step_seq = a.step_seq + 1, progress = 100,
       finished_at = now(), updated_at = now()
     WHERE a.credential_id = $1 AND a.status = 0 AND NOT a.dispatched AND a.finished_at IS NULL
     RETURNING ${associationColumns}`,
    [credentialId, failure.message],
  );
  for (const row of rows) {
    if (!row.rpu_id) continue;
    await setRpuStatus(tx, row.rpu_id, failure.rpuStatus, failure.message);
    await hooks.rpuStatusChanged(tx, {
      userId: row.user_id,
      rpuId: row.rpu_id,
      serviceNumber: row.service_number ?? '',
      status: failure.rpuStatus,
      message: failure.message,
      taskId: row.task_id,
    });
  }
  return rows;
}

/** Periods this association created: webhooks now, the owner's e-mail by a job. Once each. */
async function announcePeriods(ctx: SyncContext, hooks: SyncHooks, tx: Queryable, row: AssociationRow) {
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

export const RECEIPT_MAIL_QUEUE = 'sync-receipt-mail';

/**
 * Repairs what a lost job or a vanished credential would leave stuck: associations holding a
 * lane with no job behind them get their job again, credentials with free lanes and waiting
 * associations are dispatched, and runs whose credential was deleted end as user errors.
 */
export async function sweep(ctx: SyncContext) {
  const { rows: orphans } = await ctx.db.query<{ id: string; step_seq: number }>(
    `SELECT a.id, a.step_seq FROM task_associations a
     WHERE a.dispatched AND a.finished_at IS NULL AND a.updated_at < now() - interval '2 minutes'
       AND coalesce(a.next_attempt_at, now()) < now() - interval '1 minute'
       AND NOT EXISTS (
         SELECT 1 FROM pgboss.job j
         WHERE j.name = $1 AND j.state IN ('created', 'retry', 'active') AND j.data->>'associationId' = a.id::text
       )`,
    [STEP_QUEUE],
  );
  for (const orphan of orphans) await ctx.db.transaction((tx) => sendStep(ctx, tx, orphan));

  const { rows: waiting } = await ctx.db.query<{ credential_id: string }>(
    `SELECT DISTINCT credential_id FROM task_associations
     WHERE status = 0 AND NOT dispatched AND finished_at IS NULL AND credential_id IS NOT NULL`,
  );
  for (const { credential_id } of waiting) await ctx.db.transaction((tx) => dispatch(ctx, tx, credential_id));

  const { rows: stranded } = await ctx.db.query<AssociationRow>(
    `SELECT ${associationColumns} FROM task_associations a WHERE a.credential_id IS NULL AND a.finished_at IS NULL`,
  );
  const failure = classify(new SyncUserError(syncMessages.noCredential, RpuStatus.withoutCfeUser));
  for (const row of stranded) await finish(ctx, row, failure);
}
