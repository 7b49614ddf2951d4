import { CredentialStatus, MAX_SYNC_ATTEMPTS, RpuStatus, TaskStatus } from '@luz/shared/contract';
import { setCredentialStatus } from '../credentials/service';
import type { Queryable } from '../db/database';
import { setRpuStatus } from '../rpus/service';
import { announcePeriods } from './announcements';
import { type AssociationRow, associationColumns, publish } from './associations';
import { DEFAULT_COOLDOWN_MS, startCooldown } from './cooldown';
import { classify, type Failure } from './errors';
import type { SyncHooks } from './hooks';
import { dispatch, sendStep } from './lanes';
import { byRpuId, lockCredentials, lockRpus } from './locks';
import { syncMessages } from './messages';
import type { SyncContext } from './step-input';
import { insertAssociations, refreshTasks } from './tasks';
import { progressAt, type Spawn, workflowOf } from './workflows';

/** Most times the portal may make one step wait (429) before that counts as a failed attempt. */
const MAX_DEFERRALS = 20;

/** The step starts (again): status 0, its progress and message, announced. */
export async function markRunning(
  ctx: SyncContext,
  row: AssociationRow,
  progress: number,
): Promise<AssociationRow | null> {
  const hooks = ctx.syncHooks;
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<AssociationRow>(
      // The message a step was given when the chain moved on (e.g. "12 de 26 recibos") stays;
      // a queued or retrying association gets the step's own.
      // Progress never goes back: a retried or continued step resumes where it was.
      `UPDATE task_associations a SET status = 0, progress = greatest(a.progress, $3), next_attempt_at = NULL,
         message = CASE WHEN a.status = 4 OR a.message IS NULL OR a.message = ANY($5::text[]) THEN $4 ELSE a.message END,
         started_at = coalesce(a.started_at, now()), updated_at = now()
       WHERE a.id = $1 AND a.step_seq = $2 AND a.finished_at IS NULL
       RETURNING ${associationColumns}`,
      [
        row.id,
        row.step_seq,
        progress,
        syncMessages.running[row.chain_step ?? ''] ?? null,
        [syncMessages.queued, syncMessages.captchaWaiting],
      ],
    );
    const running = rows[0];
    if (!running) return null;
    if (row.status === TaskStatus.systemRetry) await refreshTasks(hooks, tx, [row.task_id]);
    await publish(ctx, tx, [running]);
    return running;
  });
}

/** Least time between two progress updates of one step (each is a write and a sync event). */
const PROGRESS_EVERY_MS = 1_000;

/**
 * What a running step reports as it goes (`done` of `total` documents): the association's progress
 * moves through the step's share of the workflow, with the step's message, at most once a second.
 */
export function progressReporter(ctx: SyncContext, row: AssociationRow & { chain_step: string }) {
  const workflow = workflowOf(row.workflow);
  const from = progressAt(workflow, row.chain_step);
  const index = workflow.steps.indexOf(row.chain_step as (typeof workflow.steps)[number]);
  const to = index < 0 ? 100 : Math.round((100 * (index + 1)) / workflow.steps.length);
  let shown = row.progress;
  let shownAt = 0;
  return async (done: number, total: number, message: string | null = null) => {
    if (total <= 0) return;
    // Short of the step's end: only the step's outcome completes its share.
    const progress = Math.min(to - 1, from + Math.floor(((to - from) * done) / total));
    if (progress <= shown || Date.now() - shownAt < PROGRESS_EVERY_MS) return;
    shown = progress;
    shownAt = Date.now();
    await ctx.db.transaction(async (tx) => {
      const { rows } = await tx.query<AssociationRow>(
        `UPDATE task_associations a SET progress = greatest(a.progress, $3), message = coalesce($4, a.message),
           updated_at = now()
         WHERE a.id = $1 AND a.step_seq = $2 AND a.status = 0 AND a.finished_at IS NULL
         RETURNING ${associationColumns}`,
        [row.id, row.step_seq, progress, message],
      );
      await publish(ctx, tx, rows);
    });
  };
}

/**
 * The step succeeded and the chain goes on: next step (or the same one, continuing work its time
 * budget cut short, with its progress message), attempts start over.
 */
export async function advance(
  ctx: SyncContext,
  row: AssociationRow,
  step: string,
  outcomeMessage: string | null,
) {
  const message = step === row.chain_step ? outcomeMessage : null;
  const workflow = workflowOf(row.workflow);
  const hooks = ctx.syncHooks;
  await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<AssociationRow>(
      `UPDATE task_associations a SET chain_step = $3, step_seq = a.step_seq + 1, attempt = 0, deferrals = 0,
         status = 0, progress = greatest(a.progress, $4), message = coalesce($5, $6), updated_at = now()
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
export async function defer(ctx: SyncContext, row: AssociationRow, seconds: number, deferrals: number) {
  const hooks = ctx.syncHooks;
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
    await announcePeriods(ctx, hooks, tx, waiting);
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
export async function fail(ctx: SyncContext, row: AssociationRow, error: unknown) {
  const failure = classify(error);
  if (failure.kind === 'user') return finish(ctx, row, failure);
  const settings = ctx.config.sync;
  if (failure.rateLimited && row.credential_id) {
    await startCooldown(ctx.db, row.credential_id, failure.retryAfterMs);
    const seconds = (failure.retryAfterMs ?? DEFAULT_COOLDOWN_MS) / 1000;
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
  const hooks = ctx.syncHooks;
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
    await announcePeriods(ctx, hooks, tx, waiting);
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
export async function finish(
  ctx: SyncContext,
  row: AssociationRow,
  failure: Failure | null,
  message: string | null = null,
  spawn: Spawn[] = [],
) {
  const hooks = ctx.syncHooks;
  const status =
    failure === null ? TaskStatus.success : failure.kind === 'user' ? TaskStatus.userError : TaskStatus.error;
  const text = failure?.message ?? message;
  await ctx.db.transaction(async (tx) => {
    await lockCredentials(tx, [row.credential_id]);
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
    const endsWaiting = ended.credential_id !== null && failure?.kind === 'user' && failure.credentialWide;
    await lockRpus(tx, [
      ended.rpu_id,
      ...(endsWaiting ? await waitingRpusOf(tx, ended.credential_id as string) : []),
    ]);

    if (ended.rpu_id && (workflowOf(ended.workflow).ownsRpuStatus || failure?.kind === 'user')) {
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
    await announcePeriods(ctx, hooks, tx, ended);
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

const waitingOfCredential = /* sql */ `
  a.credential_id = $1 AND a.status = 0 AND NOT a.dispatched AND a.finished_at IS NULL`;

async function waitingRpusOf(tx: Queryable, credentialId: string): Promise<string[]> {
  const { rows } = await tx.query<{ rpu_id: string }>(
    `SELECT a.rpu_id FROM task_associations a WHERE ${waitingOfCredential} AND a.rpu_id IS NOT NULL`,
    [credentialId],
  );
  return rows.map((row) => row.rpu_id);
}

/**
 * Every association of the credential still waiting for a lane ends with the credential's user
 * error (their service points are locked already: finish).
 */
async function endWaitingOfCredential(
  hooks: SyncHooks,
  tx: Queryable,
  credentialId: string,
  failure: Extract<Failure, { kind: 'user' }>,
): Promise<AssociationRow[]> {
  const { rows } = await tx.query<AssociationRow>(
    `UPDATE task_associations a SET status = 3, message = $2, step_seq = a.step_seq + 1, progress = 100,
       finished_at = now(), updated_at = now()
     WHERE ${waitingOfCredential}
     RETURNING ${associationColumns}`,
    [credentialId, failure.message],
  );
  for (const row of [...rows].sort(byRpuId)) {
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
