import { RpuStatus, TaskStatus } from '@luz/shared/contract';
import { connectionFailure, pendingChallenge } from '../credentials/portal-connection';
import type { CredentialForSync } from '../credentials/service';
import type { CfePortalError } from '../portal/mi-espacio/portal';
import { loadPortalSession } from '../portal/session-store';
import { announcePeriods } from './announcements';
import { type AssociationRow, associationColumns, publish } from './associations';
import { captchaMail } from './captcha-mail';
import { classify, SyncUserError } from './errors';
import { sendStep } from './lanes';
import { syncMessages } from './messages';
import { finish } from './outcomes';
import type { SyncContext } from './step-input';
import { refreshTasks } from './tasks';

// CFE's CAPTCHA pauses a run instead of ending it (decision 040): the challenge goes to the owner
// (their open tabs, through the sync events socket), the association waits with its lane kept
// (the credential's other runs would meet the same CAPTCHA), and the answer endpoint wakes it.
// Nobody answering within PORTAL_CAPTCHA_TIMEOUT ends it as a user error: asked once, never in
// a loop; a retry asks again.

/** The association waits (status 0, "Resuelve el captcha de CFE") until `until`, or until woken. */
async function pause(ctx: SyncContext, row: AssociationRow, until: Date) {
  const seconds = Math.max(1, (until.getTime() - Date.now()) / 1000);
  const hooks = ctx.syncHooks;
  await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<AssociationRow>(
      `UPDATE task_associations a SET step_seq = a.step_seq + 1, status = $3, message = $4,
         captcha_asked_at = coalesce(a.captcha_asked_at, now()),
         next_attempt_at = now() + make_interval(secs => $5), updated_at = now()
       WHERE a.id = $1 AND a.step_seq = $2 AND a.finished_at IS NULL
       RETURNING ${associationColumns}`,
      [row.id, row.step_seq, TaskStatus.pending, syncMessages.captchaWaiting, seconds],
    );
    const paused = rows[0];
    if (!paused) return;
    await announcePeriods(ctx, hooks, tx, paused);
    await sendStep(ctx, tx, paused, seconds);
    await refreshTasks(hooks, tx, [row.task_id]);
    await publish(ctx, tx, [paused]);
  });
}

/**
 * Before a step of a credential: while a CAPTCHA of it waits for its owner, the association
 * waits too (no portal request); a consultation's answer waits for the run that asked, which
 * runs and posts it. One that asked before and finds its challenge expired unanswered: a user
 * error. Answers whether the step must not run.
 */
export async function heldByCaptcha(
  ctx: SyncContext,
  row: AssociationRow & { captcha_asked: boolean },
  credentialId: string,
): Promise<boolean> {
  const waiting = await pendingChallenge(ctx, credentialId);
  if (waiting) {
    await pause(ctx, row, waiting.expiresAt);
    return true;
  }
  const stored = await loadPortalSession(ctx.db, ctx.secrets, credentialId);
  const challenge = stored?.challenge ?? null;
  if (challenge?.answer != null && challenge.expiresAt.getTime() > Date.now()) {
    if (challenge.associationId === row.id) return false;
    await pause(ctx, row, challenge.expiresAt);
    return true;
  }
  if (!row.captcha_asked || !challenge) return false;
  await finish(
    ctx,
    row,
    classify(new SyncUserError(syncMessages.captcha, RpuStatus.failed, { credentialWide: true })),
  );
  return true;
}

/**
 * A step met CFE's CAPTCHA (at login, or in "Consulta tu recibo"): the challenge is kept (the
 * same one while it may be answered; a consultation's with the run that asked) and announced to
 * the owner, and the run pauses until the challenge's time is up.
 */
export async function pauseOnCaptcha(
  ctx: SyncContext,
  row: AssociationRow,
  credential: CredentialForSync,
  error: CfePortalError,
) {
  await connectionFailure(ctx, credential, error, row.id);
  const waiting = await pendingChallenge(ctx, credential.id);
  await pause(ctx, row, waiting?.expiresAt ?? new Date());
  if (!row.captcha_asked && waiting) await mailIfScheduled(ctx, row, credential, waiting.expiresAt);
}

/** A scheduled run asks by e-mail too, once (its first pause): nobody may have Luz open then. */
async function mailIfScheduled(
  ctx: SyncContext,
  row: AssociationRow,
  credential: CredentialForSync,
  until: Date,
) {
  const { rows } = await ctx.db.query<{ email: string; full_name: string }>(
    `SELECT u.email, u.full_name FROM tasks t JOIN users u ON u.id = t.user_id
     WHERE t.id = $1 AND t.scheduled AND u.is_active`,
    [row.task_id],
  );
  const owner = rows[0];
  if (!owner) return;
  await ctx.mailer.send(
    captchaMail({
      to: owner.email,
      fullName: owner.full_name,
      cfeUser: credential.cfeUser,
      until,
      link: `${ctx.config.publicUrl}/rpus/`,
    }),
  );
}
