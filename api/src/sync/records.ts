import type { RpuStatus } from '@luz/shared/contract';
import type { SecretBox } from '../crypto/secret-box';
import type { Queryable } from '../db/database';

// The credential and service-point records the engine reads and writes. These mirror the
// functions the credentials/RPUs service exports for the sync engine (same names, same
// signatures), so that switching to it is an import change.

/** What the engine needs to log in to the portal: the password, decrypted. Never log it. */
export type CredentialForSync = {
  id: string;
  userId: string;
  cfeUser: string;
  password: string;
  status: number;
};

export async function getCredentialForSync(
  db: Queryable,
  secrets: SecretBox,
  credentialId: string,
  { userId }: { userId?: string } = {},
): Promise<CredentialForSync | null> {
  const { rows } = await db.query<{
    id: string;
    user_id: string;
    cfe_user: string;
    password_encrypted: string;
    status: number;
  }>(
    `SELECT id, user_id, cfe_user, password_encrypted, status FROM credentials
     WHERE id = $1 AND ($2::uuid IS NULL OR user_id = $2)`,
    [credentialId, userId ?? null],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    userId: row.user_id,
    cfeUser: row.cfe_user,
    password: secrets.open(row.password_encrypted),
    status: row.status,
  };
}

/** Records what the portal said about the credential (0 unverified, 1 valid, 4 wrong password). */
export async function setCredentialStatus(
  db: Queryable,
  credentialId: string,
  status: number,
  statusMessage: string | null = null,
  { synced = false }: { synced?: boolean } = {},
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE credentials SET status = $2, status_message = $3,
       last_synced_at = CASE WHEN $4::boolean THEN now() ELSE last_synced_at END, updated_at = now()
     WHERE id = $1`,
    [credentialId, status, statusMessage, synced],
  );
  return rowCount > 0;
}

/** Records a service point's status (spec §4) and message; `synced` stamps last_synced_at. */
export async function setRpuStatus(
  db: Queryable,
  rpuId: string,
  status: RpuStatus,
  statusMessage: string | null = null,
  { synced = false }: { synced?: boolean } = {},
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE rpus SET rpu_status = $2, status_message = $3,
       last_synced_at = CASE WHEN $4::boolean THEN now() ELSE last_synced_at END, updated_at = now()
     WHERE id = $1 AND NOT deleted`,
    [rpuId, status, statusMessage, synced],
  );
  return rowCount > 0;
}

/** What the portal told about a service point. Only the given fields change. */
export async function recordRpuPortalData(
  db: Queryable,
  rpuId: string,
  data: { holderName?: string | null; tariff?: string | null; hasUns?: boolean },
): Promise<void> {
  await db.query(
    `UPDATE rpus SET
       holder_name = CASE WHEN $2::boolean THEN $3 ELSE holder_name END,
       tariff = CASE WHEN $4::boolean THEN $5 ELSE tariff END,
       has_uns = coalesce($6, has_uns),
       updated_at = now()
     WHERE id = $1`,
    [
      rpuId,
      data.holderName !== undefined,
      data.holderName ?? null,
      data.tariff !== undefined,
      data.tariff ?? null,
      data.hasUns ?? null,
    ],
  );
}

/**
 * Recomputes `duplicated` for these service numbers: a service point is duplicated when another
 * user holds the same number.
 */
export async function refreshDuplicated(db: Queryable, serviceNumbers: readonly string[]): Promise<void> {
  if (serviceNumbers.length === 0) return;
  await db.query(
    `WITH wanted AS (
       SELECT r.id, (NOT r.deleted AND EXISTS (
         SELECT 1 FROM rpus o WHERE o.service_number = r.service_number AND o.user_id <> r.user_id AND NOT o.deleted
       )) AS duplicated
       FROM rpus r WHERE r.service_number = ANY($1::text[])
     )
     UPDATE rpus SET duplicated = wanted.duplicated
     FROM wanted WHERE rpus.id = wanted.id AND rpus.duplicated <> wanted.duplicated`,
    [[...new Set(serviceNumbers)]],
  );
}
