import type { Queryable } from '../db/database';

/** When the portal says 429 without saying for how long. */
export const DEFAULT_COOLDOWN_MS = 30_000;

/**
 * The portal asked this credential to wait (429): until then no request of it goes out, from any
 * lane or process. A later, longer wait wins; a shorter one never cuts it short.
 */
export async function startCooldown(db: Queryable, credentialId: string, waitMs: number | null | undefined) {
  await db.query(
    `INSERT INTO portal_cooldowns (credential_id, until) VALUES ($1, now() + make_interval(secs => $2))
     ON CONFLICT (credential_id) DO UPDATE SET until = greatest(portal_cooldowns.until, EXCLUDED.until)`,
    [credentialId, (waitMs ?? DEFAULT_COOLDOWN_MS) / 1000],
  );
}

/** Milliseconds the credential must still wait; 0 when it may ask the portal now. */
export async function cooldownLeftMs(db: Queryable, credentialId: string): Promise<number> {
  const { rows } = await db.query<{ ms: number }>(
    `SELECT extract(epoch FROM until - now())::float8 * 1000 AS ms FROM portal_cooldowns
     WHERE credential_id = $1 AND until > now()`,
    [credentialId],
  );
  return Math.max(0, Math.ceil(rows[0]?.ms ?? 0));
}
