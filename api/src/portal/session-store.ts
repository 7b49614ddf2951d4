import { randomUUID } from 'node:crypto';
import type { SecretBox } from '../crypto/secret-box';
import type { Queryable } from '../db/database';
import type { CaptchaChallenge, SessionSnapshot } from './mi-espacio/portal';

/**
 * The portal session of each credential, kept in the database so that every worker and process
 * reuses one login (decision 040): the connector's `SessionSnapshot`, sealed (its cookies are a
 * logged-in session), and the CAPTCHA challenge that waits for its owner's answer.
 */

/** Where a credential's sealed session lives (its associated data). */
export const portalSessionBinding = (credentialId: string, column = 'snapshot_encrypted') => ({
  table: 'portal_sessions',
  column,
  id: credentialId,
});

/** A consultation challenge's own session (the consultation is public, not the account's). */
const challengeSessionColumn = 'challenge_snapshot_encrypted';

/** A challenge as stored: the connector's, with its id and the moment nobody may answer it any more. */
export type StoredChallenge = {
  id: string;
  credentialId: string;
  challenge: CaptchaChallenge;
  expiresAt: Date;
  /** A consultation's: the paused run that asked (only it can post the answer, for its service). */
  associationId: string | null;
  /** A consultation's answer, kept until that run resumes and posts it. */
  answer: string | null;
};

export type StoredSession = { snapshot: SessionSnapshot; challenge: StoredChallenge | null };

type Row = {
  snapshot_encrypted: string;
  challenge_id: string | null;
  challenge_scope: CaptchaChallenge['scope'] | null;
  challenge_image: Uint8Array | null;
  challenge_content_type: string | null;
  challenge_issued_at: Date | null;
  challenge_expires_at: Date | null;
  challenge_snapshot_encrypted: string | null;
  challenge_association_id: string | null;
  challenge_answer: string | null;
};

/**
 * The credential's stored session, or null. A value this key cannot open (another key, a row
 * moved by hand) counts as none: the next login replaces it.
 */
export async function loadPortalSession(
  db: Queryable,
  secrets: SecretBox,
  credentialId: string,
): Promise<StoredSession | null> {
  const { rows } = await db.query<Row>(
    `SELECT snapshot_encrypted, challenge_id, challenge_scope, challenge_image, challenge_content_type,
       challenge_issued_at, challenge_expires_at, challenge_snapshot_encrypted, challenge_association_id,
       challenge_answer
     FROM portal_sessions WHERE id = $1`,
    [credentialId],
  );
  const row = rows[0];
  if (!row) return null;
  let snapshot: SessionSnapshot;
  let challengeSession: SessionSnapshot;
  try {
    snapshot = JSON.parse(secrets.open(row.snapshot_encrypted, portalSessionBinding(credentialId)));
    challengeSession = row.challenge_snapshot_encrypted
      ? JSON.parse(
          secrets.open(
            row.challenge_snapshot_encrypted,
            portalSessionBinding(credentialId, challengeSessionColumn),
          ),
        )
      : snapshot;
  } catch {
    return null;
  }
  const challenge =
    row.challenge_id && row.challenge_image && row.challenge_issued_at && row.challenge_expires_at
      ? {
          id: row.challenge_id,
          credentialId,
          expiresAt: row.challenge_expires_at,
          associationId: row.challenge_association_id,
          answer: row.challenge_answer,
          challenge: {
            scope: row.challenge_scope ?? 'login',
            image: Buffer.from(row.challenge_image),
            contentType: row.challenge_content_type ?? 'application/octet-stream',
            issuedAt: row.challenge_issued_at.getTime(),
            session: challengeSession,
          },
        }
      : null;
  return { snapshot, challenge };
}

async function upsert(
  db: Queryable,
  secrets: SecretBox,
  credentialId: string,
  snapshot: SessionSnapshot,
  challenge: Pick<StoredChallenge, 'id' | 'challenge' | 'expiresAt'> | null,
) {
  await db.query(
    `INSERT INTO portal_sessions AS s (id, snapshot_encrypted, logged_in, challenge_id, challenge_scope,
       challenge_image, challenge_content_type, challenge_issued_at, challenge_expires_at, updated_at)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, now()
     WHERE EXISTS (SELECT 1 FROM credentials WHERE id = $1)
     ON CONFLICT (id) DO UPDATE SET
       snapshot_encrypted = excluded.snapshot_encrypted, logged_in = excluded.logged_in,
       challenge_id = excluded.challenge_id, challenge_scope = excluded.challenge_scope,
       challenge_image = excluded.challenge_image, challenge_content_type = excluded.challenge_content_type,
       challenge_issued_at = excluded.challenge_issued_at, challenge_expires_at = excluded.challenge_expires_at,
       challenge_snapshot_encrypted = NULL, challenge_association_id = NULL, challenge_answer = NULL,
       updated_at = now()`,
    [
      credentialId,
      secrets.seal(JSON.stringify(snapshot), portalSessionBinding(credentialId)),
      snapshot.loggedIn,
      challenge?.id ?? null,
      challenge?.challenge.scope ?? null,
      challenge?.challenge.image ?? null,
      challenge?.challenge.contentType ?? null,
      challenge ? new Date(challenge.challenge.issuedAt) : null,
      challenge?.expiresAt ?? null,
    ],
  );
}

/** Keeps the credential's session (after a login, after work); any challenge is over. */
export function savePortalSession(
  db: Queryable,
  secrets: SecretBox,
  credentialId: string,
  snapshot: SessionSnapshot,
): Promise<void> {
  return upsert(db, secrets, credentialId, snapshot, null);
}

/**
 * Keeps the challenge the portal asked for, with the half-open session its answer must be posted
 * with; it can be answered until `answerWithinMs` has passed. Answers the stored challenge. A
 * login's half-open session becomes the credential's; a consultation's is kept beside it, with
 * the run that asked (`associationId`), and the credential's session stays as it was.
 */
export async function saveChallenge(
  db: Queryable,
  secrets: SecretBox,
  credentialId: string,
  challenge: CaptchaChallenge,
  answerWithinMs: number,
  associationId: string | null = null,
): Promise<StoredChallenge> {
  const stored: StoredChallenge = {
    id: randomUUID(),
    credentialId,
    challenge,
    expiresAt: new Date(challenge.issuedAt + answerWithinMs),
    associationId: challenge.scope === 'consultation' ? associationId : null,
    answer: null,
  };
  if (challenge.scope === 'login') {
    await upsert(db, secrets, credentialId, challenge.session, stored);
    return stored;
  }
  const sealed = JSON.stringify(challenge.session);
  await db.query(
    `INSERT INTO portal_sessions AS s (id, snapshot_encrypted, logged_in, challenge_id, challenge_scope,
       challenge_image, challenge_content_type, challenge_issued_at, challenge_expires_at,
       challenge_snapshot_encrypted, challenge_association_id, challenge_answer, updated_at)
     SELECT $1, $2, false, $3, $4, $5, $6, $7, $8, $9, $10, NULL, now()
     WHERE EXISTS (SELECT 1 FROM credentials WHERE id = $1)
     ON CONFLICT (id) DO UPDATE SET
       challenge_id = excluded.challenge_id, challenge_scope = excluded.challenge_scope,
       challenge_image = excluded.challenge_image, challenge_content_type = excluded.challenge_content_type,
       challenge_issued_at = excluded.challenge_issued_at, challenge_expires_at = excluded.challenge_expires_at,
       challenge_snapshot_encrypted = excluded.challenge_snapshot_encrypted,
       challenge_association_id = excluded.challenge_association_id, challenge_answer = NULL, updated_at = now()`,
    [
      credentialId,
      // A credential without a session yet gets the consultation's, never logged in, as its own.
      secrets.seal(sealed, portalSessionBinding(credentialId)),
      stored.id,
      challenge.scope,
      challenge.image,
      challenge.contentType,
      new Date(challenge.issuedAt),
      stored.expiresAt,
      secrets.seal(sealed, portalSessionBinding(credentialId, challengeSessionColumn)),
      stored.associationId,
    ],
  );
  return stored;
}

/**
 * The owner's answer to a consultation challenge, kept for the run that asked. False when that
 * challenge is no longer waiting (answered, expired, replaced).
 */
export async function recordChallengeAnswer(
  db: Queryable,
  credentialId: string,
  challengeId: string,
  answer: string,
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE portal_sessions SET challenge_answer = $3, updated_at = now()
     WHERE id = $1 AND challenge_id = $2 AND challenge_answer IS NULL AND challenge_expires_at > now()
     RETURNING 1`,
    [credentialId, challengeId, answer],
  );
  return rows.length > 0;
}

/** The challenge is over (its answer was posted): the credential's session stays. */
export async function clearChallenge(db: Queryable, credentialId: string, challengeId: string) {
  await db.query(
    `UPDATE portal_sessions SET challenge_id = NULL, challenge_scope = NULL, challenge_image = NULL,
       challenge_content_type = NULL, challenge_issued_at = NULL, challenge_expires_at = NULL,
       challenge_snapshot_encrypted = NULL, challenge_association_id = NULL, challenge_answer = NULL,
       updated_at = now()
     WHERE id = $1 AND challenge_id = $2`,
    [credentialId, challengeId],
  );
}

/** Forgets the credential's session (its password or portal user changed). */
export async function deletePortalSession(db: Queryable, credentialId: string): Promise<void> {
  await db.query('DELETE FROM portal_sessions WHERE id = $1', [credentialId]);
}
