import type { Queryable } from '../db/database';
import { notifyVia } from '../db/database';
import type { AccessClaims } from './tokens';

/**
 * Told with a user's id whenever a token of that user may have stopped working: a logout, a new
 * password (own change, reset, temporary), a deactivation. Every API process listens and checks
 * again the WebSockets that user has open, so none outlives its session (LISTEN/NOTIFY reaches
 * every process; through a transaction it is delivered on commit).
 */
export const SESSIONS_CHANNEL = 'luz_sessions';

export function announceSessionChange(via: Queryable, userId: string): Promise<void> {
  return notifyVia(via, SESSIONS_CHANNEL, userId);
}

/**
 * Logs one token out: it is refused from now on, by every process (the auth guard reads this
 * table; the insert's trigger drops the user from every auth cache), until it would have expired
 * anyway; expired entries are swept on the way.
 */
export async function revokeToken(db: Queryable, claims: AccessClaims): Promise<void> {
  await db.query('DELETE FROM revoked_tokens WHERE expires_at < now()');
  await db.query(
    `INSERT INTO revoked_tokens (jti, user_id, expires_at) VALUES ($1, $2, to_timestamp($3))
     ON CONFLICT (jti) DO NOTHING`,
    [claims.jti, claims.sub, claims.exp],
  );
  await announceSessionChange(db, claims.sub);
}
