import { randomUUID } from 'node:crypto';
import {
  type Credential,
  type CredentialCreate,
  CredentialStatus,
  type CredentialUpdate,
  type Page,
  type PageQuery,
  RpuStatus,
} from '@luz/shared/contract';
import type { SecretBox } from '../crypto/secret-box';
import { Conditions } from '../db/conditions';
import { type Database, isUniqueViolation, type Queryable } from '../db/database';
import { conflict, notFound } from '../http/errors';
import { selectPage } from '../http/pagination';
import { credentialMessages } from './messages';

/**
 * A CFE portal account of a user, as the API works with it. It never holds the password, not even
 * encrypted: only `getCredentialForSync` opens it, for the sync engine.
 */
export type CredentialRecord = {
  id: string;
  userId: string;
  alias: string;
  cfeUser: string;
  status: number;
  statusMessage: string | null;
  lastSyncedAt: Date | null;
  /** Service points (not deleted) assigned to it. */
  rpusCount: number;
  /** CFE's CAPTCHA waits for the owner's answer. */
  captchaPending: boolean;
  createdAt: Date;
};

/** What the sync engine needs to log in to the portal: the password, decrypted. Never log it. */
export type CredentialForSync = {
  id: string;
  userId: string;
  cfeUser: string;
  password: string;
  status: number;
};

type CredentialRow = {
  id: string;
  user_id: string;
  alias: string;
  cfe_user: string;
  status: number;
  status_message: string | null;
  last_synced_at: Date | null;
  rpus_count: number;
  captcha_pending: boolean;
  created_at: Date;
};

const credentialColumns = /* sql */ `
  c.id, c.user_id, c.alias, c.cfe_user, c.status, c.status_message, c.last_synced_at, c.created_at,
  (SELECT count(*)::int FROM rpus r WHERE r.credential_id = c.id AND NOT r.deleted) AS rpus_count,
  EXISTS (SELECT 1 FROM portal_sessions s WHERE s.id = c.id AND s.challenge_expires_at > now()) AS captcha_pending`;

function toRecord(row: CredentialRow): CredentialRecord {
  return {
    id: row.id,
    userId: row.user_id,
    alias: row.alias,
    cfeUser: row.cfe_user,
    status: row.status,
    statusMessage: row.status_message,
    lastSyncedAt: row.last_synced_at,
    rpusCount: row.rpus_count,
    captchaPending: row.captcha_pending,
    createdAt: row.created_at,
  };
}

/** The wire shape (contract `zCredential`): no password in any form. */
export function toCredentialPublic(record: CredentialRecord): Credential {
  return {
    credential_id: record.id,
    alias: record.alias,
    cfe_user: record.cfeUser,
    status: record.status,
    status_message: record.statusMessage,
    last_synced_at: record.lastSyncedAt?.toISOString() ?? null,
    rpus_count: record.rpusCount,
    captcha_pending: record.captchaPending,
    created_at: record.createdAt.toISOString(),
  };
}

const cfeUserConflict = (error: unknown) =>
  isUniqueViolation(error, 'credentials_user_cfe_user_key')
    ? conflict(credentialMessages.cfeUserTaken)
    : error;

/** The user's credential, or null (also when it belongs to someone else). */
export async function findCredential(
  db: Queryable,
  userId: string,
  credentialId: string,
): Promise<CredentialRecord | null> {
  const { rows } = await db.query<CredentialRow>(
    `SELECT ${credentialColumns} FROM credentials c WHERE c.id = $1 AND c.user_id = $2`,
    [credentialId, userId],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/** The user's credential; 404 when it does not exist or is another user's (never reveal which). */
export async function getCredential(
  db: Queryable,
  userId: string,
  credentialId: string,
): Promise<CredentialRecord> {
  const credential = await findCredential(db, userId, credentialId);
  if (!credential) throw notFound(credentialMessages.notFound);
  return credential;
}

export async function listCredentials(
  db: Queryable,
  userId: string,
  page: PageQuery,
): Promise<Page<CredentialRecord>> {
  const where = new Conditions();
  where.add((p) => `c.user_id = ${p}`, userId);
  return selectPage<CredentialRow, CredentialRecord>(
    db,
    { columns: credentialColumns, from: 'credentials c', where, orderBy: 'c.created_at, c.id' },
    page,
    toRecord,
  );
}

export async function allCredentials(db: Queryable, userId: string): Promise<CredentialRecord[]> {
  const { rows } = await db.query<CredentialRow>(
    `SELECT ${credentialColumns} FROM credentials c WHERE c.user_id = $1 ORDER BY c.created_at, c.id`,
    [userId],
  );
  return rows.map(toRecord);
}

/** Where a credential's sealed portal password lives (its associated data). */
export const credentialPasswordBinding = (id: string) => ({
  table: 'credentials',
  column: 'password_encrypted',
  id,
});

/**
 * Stores a new portal account, password encrypted (AES-256-GCM). The user's `has_credentials`
 * is derived from the existence of a credential (users/service.ts), so the first one flips it.
 */
export async function createCredential(
  db: Queryable,
  secrets: SecretBox,
  userId: string,
  input: CredentialCreate,
): Promise<CredentialRecord> {
  try {
    // The id is chosen here: the sealed password is bound to its row.
    const id = randomUUID();
    await db.query(
      `INSERT INTO credentials (id, user_id, alias, cfe_user, password_encrypted)
       VALUES ($1, $2, $3, $4, $5)`,
      [
        id,
        userId,
        input.alias ?? '',
        input.cfe_user,
        secrets.seal(input.password, credentialPasswordBinding(id)),
      ],
    );
    return getCredential(db, userId, id);
  } catch (error) {
    throw cfeUserConflict(error);
  }
}

/**
 * Edits alias, portal user or password. A new user or password has not been tried on the portal
 * yet, so the credential goes back to "unverified".
 */
export async function updateCredential(
  db: Queryable,
  secrets: SecretBox,
  userId: string,
  credentialId: string,
  changes: CredentialUpdate,
): Promise<CredentialRecord> {
  const current = await getCredential(db, userId, credentialId);
  const loginChanged =
    (changes.cfe_user !== undefined && changes.cfe_user !== current.cfeUser) ||
    changes.password !== undefined;
  try {
    await db.query(
      `UPDATE credentials SET
         alias = coalesce($3, alias),
         cfe_user = coalesce($4, cfe_user),
         password_encrypted = coalesce($5, password_encrypted),
         status = CASE WHEN $6::boolean THEN $7 ELSE status END,
         status_message = CASE WHEN $6::boolean THEN NULL ELSE status_message END,
         updated_at = now()
       WHERE id = $1 AND user_id = $2`,
      [
        credentialId,
        userId,
        changes.alias ?? null,
        changes.cfe_user ?? null,
        changes.password === undefined
          ? null
          : secrets.seal(changes.password, credentialPasswordBinding(credentialId)),
        loginChanged,
        CredentialStatus.unverified,
      ],
    );
  } catch (error) {
    throw cfeUserConflict(error);
  }
  return getCredential(db, userId, credentialId);
}

/**
 * Deletes the credential. Its service points stay, without a portal account: status 5 "Sin
 * nombre" (nothing can link them until another credential is assigned).
 */
export async function deleteCredential(db: Database, userId: string, credentialId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      'SELECT id FROM credentials WHERE id = $1 AND user_id = $2 FOR UPDATE',
      [credentialId, userId],
    );
    if (rows.length === 0) throw notFound(credentialMessages.notFound);
    await tx.query(
      `UPDATE rpus SET credential_id = NULL, rpu_status = $2, status_message = NULL, updated_at = now()
       WHERE credential_id = $1`,
      [credentialId, RpuStatus.withoutCfeUser],
    );
    await tx.query('DELETE FROM credentials WHERE id = $1', [credentialId]);
  });
}

/**
 * For the sync engine: the credential with its password decrypted, or null when it does not
 * exist (or, with `userId`, is not that user's). The password must never be logged or returned.
 */
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
    password: secrets.open(row.password_encrypted, credentialPasswordBinding(row.id)),
    status: row.status,
  };
}

/**
 * For the sync engine: records what the portal said about the credential (contract
 * `CredentialStatus`: 0 unverified, 1 valid, 4 wrong password). `synced` stamps last_synced_at.
 * Answers false when the credential no longer exists.
 */
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

/** The user's credentials by portal user, lower-cased (portal users are case-insensitive). */
export async function credentialIdsByCfeUser(db: Queryable, userId: string): Promise<Map<string, string>> {
  const { rows } = await db.query<{ id: string; cfe_user: string }>(
    'SELECT id, cfe_user FROM credentials WHERE user_id = $1',
    [userId],
  );
  return new Map(rows.map((row) => [row.cfe_user.toLowerCase(), row.id]));
}
