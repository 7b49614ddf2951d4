import { CredentialStatus, RpuStatus } from '@luz/shared/contract';
import type { FastifyBaseLogger } from 'fastify';
import { resumeStoredSession, storeSession } from '../credentials/portal-connection';
import { getCredentialForSync } from '../credentials/service';
import { CfePortalError } from '../portal/mi-espacio/portal';
import { type AssociationRow, associationColumns, loadAssociation } from './associations';
import { heldByCaptcha, pauseOnCaptcha } from './captcha-pause';
import { cooldownLeftMs } from './cooldown';
import { classify, isUnexpected, SyncUserError } from './errors';
import { dispatch, STEP_QUEUE, type StepJob, sendStep } from './lanes';
import { syncMessages } from './messages';
import { advance, defer, fail, finish, markRunning, progressReporter } from './outcomes';
import { PortalRequestPolicy } from './portal-policy';
import type { StepRpu, SyncContext } from './step-input';
import { progressAt, type StepOutcome, workflowOf } from './workflows';

// The engine runs one step of one task association at a time (a job of STEP_QUEUE) and moves the
// run on: lanes.ts gives a credential's lanes out, outcomes.ts records what a step ended in,
// tasks.ts keeps tasks and their associations, announcements.ts tells of stored periods.

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
  const cooldown = await cooldownLeftMs(ctx.db, row.credential_id);
  if (cooldown > 0) return defer(ctx, row, cooldown / 1000, row.deferrals);

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
  if (await heldByCaptcha(ctx, row, credential.id)) return;

  const running = await markRunning(ctx, row, progressAt(workflow, row.chain_step));
  if (!running) return;

  // A third of the job's expiry: the job ends well before it would be taken for dead.
  const deadline = Date.now() + (ctx.config.sync.stepTimeoutSeconds * 1000) / 3;
  const portal = new PortalRequestPolicy(ctx.cfePortal, {
    db: ctx.db,
    credentialId: row.credential_id,
    retries: ctx.config.sync.portalRetries,
    retryDelayMs: ctx.config.sync.portalRetryDelayMs,
    deadline,
    signal,
  });
  const portalCredential = { key: credential.id, cfeUser: credential.cfeUser, password: credential.password };
  // The credential's session as any process last left it: one login serves every worker.
  await resumeStoredSession(ctx, portalCredential);
  let outcome: StepOutcome;
  try {
    outcome = await step({
      // Steps reach the portal through the request policy only.
      ctx: { ...ctx, cfePortal: portal },
      taskId: row.task_id,
      taskAssociationId: row.id,
      userId: row.user_id,
      credentialId: row.credential_id,
      credential: portalCredential,
      rpu,
      lastPayment: row.last_payment ?? rpu?.lastPayment ?? null,
      exceedServiceCap: row.exceed_service_cap,
      signal,
      deadline,
      progress: progressReporter(ctx, { ...running, chain_step: row.chain_step }),
    });
  } catch (error) {
    if (signal.aborted) throw error;
    // CFE's CAPTCHA (the login's, or the consultation's): the owner answers it in Luz, and the
    // run waits for them.
    if (error instanceof CfePortalError && error.challenge)
      return pauseOnCaptcha(ctx, running, credential, error);
    await storeSession(ctx, credential.id);
    // The user sees a generic message; the cause goes to the operators' log.
    if (isUnexpected(error))
      log.error(
        { err: error, taskAssociationId: row.id, step: row.chain_step },
        'Sync step failed unexpectedly',
      );
    return fail(ctx, running, error);
  }
  await storeSession(ctx, credential.id);
  if ('next' in outcome) return advance(ctx, running, outcome.next, outcome.message ?? null);
  return finish(ctx, running, null, outcome.message, outcome.spawn);
}

async function loadRpu(ctx: SyncContext, rpuId: string, userId: string): Promise<StepRpu | null> {
  const { rows } = await ctx.db.query<{
    id: string;
    service_number: string;
    alias: string;
    holder_name: string | null;
    last_payment: string | null;
  }>(
    `SELECT id, service_number, alias, holder_name, last_payment::text AS last_payment
     FROM rpus WHERE id = $1 AND user_id = $2 AND NOT deleted`,
    [rpuId, userId],
  );
  const row = rows[0];
  return row
    ? {
        id: row.id,
        serviceNumber: row.service_number,
        alias: row.alias,
        holderName: row.holder_name,
        lastPayment: row.last_payment,
      }
    : null;
}

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
