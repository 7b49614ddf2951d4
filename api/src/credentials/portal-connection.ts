import {
  type CaptchaChallenge,
  type CaptchaEvent,
  CredentialStatus,
  type PortalConnection,
} from '@luz/shared/contract';
import type { AppContext } from '../context';
import { CfePortalError, type PortalCredential } from '../portal/mi-espacio/portal';
import {
  deletePortalSession,
  loadPortalSession,
  recordChallengeAnswer,
  type StoredChallenge,
  saveChallenge,
  savePortalSession,
} from '../portal/session-store';
import { wakeCaptchaWaiters } from '../sync/lanes';
import { credentialMessages } from './messages';
import { type CredentialForSync, setCredentialStatus } from './service';

export type ConnectionContext = Pick<
  AppContext,
  'db' | 'secrets' | 'cfePortal' | 'syncEvents' | 'config' | 'jobs'
>;

/** What a person sees of a stored challenge: the image as a data: URL. */
export function toChallengePublic(stored: StoredChallenge, cfeUser: string): CaptchaChallenge {
  const { challenge } = stored;
  return {
    challenge_id: stored.id,
    credential_id: stored.credentialId,
    cfe_user: cfeUser,
    image: `data:${challenge.contentType};base64,${challenge.image.toString('base64')}`,
    issued_at: new Date(challenge.issuedAt).toISOString(),
    expires_at: stored.expiresAt.toISOString(),
  };
}

export const portalCredentialOf = (credential: CredentialForSync): PortalCredential => ({
  key: credential.id,
  cfeUser: credential.cfeUser,
  password: credential.password,
});

/** Tells the owner's open tabs that a CAPTCHA waits for them, or that none does any more. */
export async function announceChallenge(
  ctx: Pick<AppContext, 'syncEvents'>,
  credential: Pick<CredentialForSync, 'id' | 'userId' | 'cfeUser'>,
  stored: StoredChallenge | null,
  message: string | null,
) {
  const event: CaptchaEvent = {
    event_type: 'captcha',
    credential_id: credential.id,
    cfe_user: credential.cfeUser,
    challenge_id: stored?.id ?? null,
    expires_at: stored?.expiresAt.toISOString() ?? null,
    message,
    timestamp: new Date().toISOString(),
  };
  await ctx.syncEvents.publish(credential.userId, event);
}

/** The challenge waiting for an answer, when there is one and it may still be answered. */
export async function pendingChallenge(
  ctx: Pick<AppContext, 'db' | 'secrets'>,
  credentialId: string,
): Promise<StoredChallenge | null> {
  const stored = await loadPortalSession(ctx.db, ctx.secrets, credentialId);
  const challenge = stored?.challenge ?? null;
  return challenge && challenge.answer === null && challenge.expiresAt.getTime() > Date.now()
    ? challenge
    : null;
}

/**
 * The stored session, resumed in this process's connector when it has none of its own, so that a
 * session opened by another process (or before a restart) is used instead of a new login.
 */
export async function resumeStoredSession(
  ctx: Pick<AppContext, 'db' | 'secrets' | 'cfePortal'>,
  credential: PortalCredential,
) {
  if (ctx.cfePortal.exportSession(credential.key)?.loggedIn) return;
  const stored = await loadPortalSession(ctx.db, ctx.secrets, credential.key);
  if (stored?.snapshot.loggedIn) ctx.cfePortal.importSession(credential, stored.snapshot);
}

/** Keeps the connector's session of the credential for every worker and process. */
export async function storeSession(
  ctx: Pick<AppContext, 'db' | 'secrets' | 'cfePortal'>,
  credentialId: string,
) {
  const snapshot = ctx.cfePortal.exportSession(credentialId);
  if (snapshot) await savePortalSession(ctx.db, ctx.secrets, credentialId, snapshot);
}

/**
 * Where a portal call that failed leaves the credential: a CAPTCHA becomes a stored challenge
 * announced to the owner; a refused login marks the password wrong and drops the session; anything
 * else is CFE being unreachable for now (its message says what Luz does about it).
 */
export async function connectionFailure(
  ctx: ConnectionContext,
  credential: CredentialForSync,
  error: unknown,
  /** The paused run a consultation's challenge belongs to. */
  associationId: string | null = null,
): Promise<PortalConnection> {
  if (!(error instanceof CfePortalError)) throw error;
  if (error.challenge) {
    const existing = await pendingChallenge(ctx, credential.id);
    // The connector shows the same challenge again while it may be answered: keep its id.
    const stored =
      existing && existing.challenge.issuedAt === error.challenge.issuedAt
        ? existing
        : await saveChallenge(
            ctx.db,
            ctx.secrets,
            credential.id,
            error.challenge,
            ctx.config.portal.captchaTimeoutMs,
            associationId,
          );
    if (stored !== existing) await announceChallenge(ctx, credential, stored, error.message);
    return {
      state: 'captcha',
      message: error.message,
      challenge: toChallengePublic(stored, credential.cfeUser),
    };
  }
  if (error.failure === 'login_refused') {
    await setCredentialStatus(ctx.db, credential.id, CredentialStatus.invalidPassword, error.message);
    await deletePortalSession(ctx.db, credential.id);
    await announceChallenge(ctx, credential, null, error.message);
    return { state: 'refused', message: error.message, challenge: null };
  }
  return { state: 'unavailable', message: error.message, challenge: null };
}

async function connected(ctx: ConnectionContext, credential: CredentialForSync, hadChallenge: boolean) {
  await storeSession(ctx, credential.id);
  await setCredentialStatus(ctx.db, credential.id, CredentialStatus.valid, null);
  if (hadChallenge) await announceChallenge(ctx, credential, null, null);
  // Syncs paused on the CAPTCHA continue with the open session.
  await wakeCaptchaWaiters(ctx, credential.id);
}

/**
 * "Conectar con CFE": checks the password by opening (or reusing, when it is still alive) the
 * credential's portal session now. A CAPTCHA already waiting is answered by its owner first, not
 * redrawn; `fresh` asks for a new image (a new login form).
 */
export async function connectCredential(
  ctx: ConnectionContext,
  credential: CredentialForSync,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<PortalConnection> {
  const portalCredential = portalCredentialOf(credential);
  const waiting = await pendingChallenge(ctx, credential.id);
  // Another image of the consultation: the paused run consults again (no answer to post).
  if (waiting?.challenge.scope === 'consultation' && fresh)
    return answerConsultation(ctx, credential, waiting, '', credentialMessages.consultationRedrawn);
  if (waiting && !fresh)
    return {
      state: 'captcha',
      message: credentialMessages.captchaWaiting,
      challenge: toChallengePublic(waiting, credential.cfeUser),
    };
  if (fresh) ctx.cfePortal.forget(credential.id);
  else await resumeStoredSession(ctx, portalCredential);
  try {
    // Listing the account's services proves the session alive (an ended one is logged in again).
    await ctx.cfePortal.listServices(portalCredential);
  } catch (error) {
    return connectionFailure(ctx, credential, error);
  }
  await connected(ctx, credential, waiting !== null);
  return { state: 'connected', message: credentialMessages.connected, challenge: null };
}

export class ChallengeGone extends Error {
  override name = 'ChallengeGone';
}

/**
 * The owner's answer to the waiting challenge, posted with the half-open session the challenge
 * carries (any process can). Right: the session is stored for everyone. Wrong: a new challenge.
 * Throws `ChallengeGone` when `challengeId` is not the one waiting (answered, expired, replaced).
 */
export async function answerChallenge(
  ctx: ConnectionContext,
  credential: CredentialForSync,
  challengeId: string,
  answer: string,
): Promise<PortalConnection> {
  const waiting = await pendingChallenge(ctx, credential.id);
  if (!waiting || waiting.id !== challengeId) throw new ChallengeGone();
  if (waiting.challenge.scope === 'consultation')
    return answerConsultation(ctx, credential, waiting, answer, credentialMessages.consultationAnswered);
  try {
    await ctx.cfePortal.openSession(portalCredentialOf(credential), { challenge: waiting.challenge, answer });
  } catch (error) {
    return connectionFailure(ctx, credential, error);
  }
  await connected(ctx, credential, true);
  return { state: 'connected', message: credentialMessages.connected, challenge: null };
}

/**
 * A consultation's CAPTCHA is answered by the run that asked: its form is for that run's service,
 * and its answer is the receipts. The answer is kept for it and the paused runs are woken; a
 * wrong one brings a new challenge when that run posts it.
 */
async function answerConsultation(
  ctx: ConnectionContext,
  credential: CredentialForSync,
  waiting: StoredChallenge,
  answer: string,
  message: string,
): Promise<PortalConnection> {
  if (!(await recordChallengeAnswer(ctx.db, credential.id, waiting.id, answer))) throw new ChallengeGone();
  await announceChallenge(ctx, credential, null, null);
  await wakeCaptchaWaiters(ctx, credential.id);
  return { state: 'answered', message, challenge: null };
}
