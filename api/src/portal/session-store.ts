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
export const portalSessionBinding = (credentialId: string) => ({
  table: 'portal_sessions',
  column: 'snapshot_encrypted',
  id: credentialId,
});

/** A challenge as stored: the connector's, with its id and the moment nobody may answer it any more. */
export type StoredChallenge = {
  id: string;
  credentialId: string;
  challenge: CaptchaChallenge;
  expiresAt: Date;
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
       challenge_issued_at, challenge_expires_at
     FROM portal_sessions WHERE id = $1`,
    [credentialId],
  );
  const row = rows[0];
  if (!row) return null;
  let snapshot: SessionSnapshot;
  try {
    snapshot = JSON.parse(secrets.open(row.snapshot_encrypted, portalSessionBinding(credentialId)));
  } catch {
    return null;
  }
  const challenge =
    row.challenge_id && row.challenge_image && row.challenge_issued_at && row.challenge_expires_at
      ? {
          id: row.challenge_id,
          credentialId,
          expiresAt: row.challenge_expires_at,
          challenge: {
            scope: row.challenge_scope ?? 'login',
            image: Buffer.from(row.challenge_image),
            contentType: row.challenge_content_type ?? 'application/octet-stream',
            issuedAt: row.challenge_issued_at.getTime(),
            session: snapshot,
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
  challenge: { id: string; challenge: CaptchaChallenge; expiresAt: Date } | null,
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
 * with; it can be answered until `answerWithinMs` has passed. Answers the stored challenge.
 */
export async function saveChallenge(
  db: Queryable,
  secrets: SecretBox,
  credentialId: string,
  challenge: CaptchaChallenge,
  answerWithinMs: number,
): Promise<StoredChallenge> {
  const stored = {
    id: randomUUID(),
    credentialId,
    challenge,
    expiresAt: new Date(challenge.issuedAt + answerWithinMs),
  };
  await upsert(db, secrets, credentialId, challenge.session, stored);
  return stored;
}

/** Forgets the credential's session (its password or portal user changed). */
export async function deletePortalSession(db: Queryable, credentialId: string): Promise<void> {
  await db.query('DELETE FROM portal_sessions WHERE id = $1', [credentialId]);
}
