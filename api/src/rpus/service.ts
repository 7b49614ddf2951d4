import {
  normalizeServiceNumber,
  type Page,
  type PageQuery,
  type Rpu,
  type RpuStatus,
  RpuStatus as RpuStatusValue,
  type RpuSummary,
  type RpusFilters,
  type zRpuCreate,
} from '@luz/shared/contract';
import type { z } from 'zod';
import { Conditions } from '../db/conditions';
import type { Database, Queryable } from '../db/database';
import { isUniqueViolation } from '../db/database';
import { conflict, notFound } from '../http/errors';
import type { ListCounts } from '../http/list-counts';
import { containsPattern, selectPage } from '../http/pagination';
import { rpuFailureReason } from './failure-reasons';
import { rpuMessages } from './messages';

/** A service point as the API works with it (camelCase; `toRpuPublic` gives the wire shape). */
export type RpuRecord = {
  id: string;
  userId: string;
  credentialId: string | null;
  /** The portal user of its credential, when it has one. */
  cfeUser: string | null;
  /** Its credential's status (contract `CredentialStatus`), when it has one. */
  credentialStatus: number | null;
  serviceNumber: string;
  alias: string;
  rpuStatus: RpuStatus;
  statusMessage: string | null;
  withAutofetch: boolean;
  sendEmailNotifications: boolean;
  hasUns: boolean;
  deleted: boolean;
  duplicated: boolean;
  /** MXN as exact decimal text ("1234.50"). */
  lastPayment: string | null;
  holderName: string | null;
  address: string | null;
  tariff: string | null;
  /** Fiscal total of the latest receipt (MXN, exact text) and the day its period closed. */
  lastAmount: string | null;
  lastPeriodEnd: string | null;
  lastSyncedAt: Date | null;
  createdAt: Date;
};

export type RpuRow = {
  id: string;
  user_id: string;
  credential_id: string | null;
  cfe_user: string | null;
  credential_status: number | null;
  service_number: string;
  alias: string;
  rpu_status: number;
  status_message: string | null;
  with_autofetch: boolean;
  send_email_notifications: boolean;
  has_uns: boolean;
  deleted: boolean;
  duplicated: boolean;
  last_payment: string | null;
  holder_name: string | null;
  address: string | null;
  tariff: string | null;
  last_amount: string | null;
  last_period_end: string | null;
  last_synced_at: Date | null;
  created_at: Date;
};

/** Columns of `rpus r LEFT JOIN credentials c`; money as text so it never becomes a float. */
export const rpuColumns = /* sql */ `
  r.id, r.user_id, r.credential_id, c.cfe_user, c.status AS credential_status, r.service_number, r.alias, r.rpu_status,
  r.status_message, r.with_autofetch, r.send_email_notifications, r.has_uns, r.deleted, r.duplicated,
  r.last_payment::text AS last_payment, r.holder_name, r.address, r.tariff, r.last_amount::text AS last_amount,
  r.last_period_end::text AS last_period_end, r.last_synced_at, r.created_at`;

export const rpuFrom = /* sql */ 'rpus r LEFT JOIN credentials c ON c.id = r.credential_id';

/** Newest first; an import's rows share their creation time, so the number breaks ties. */
export const rpuOrder = 'r.created_at DESC, r.service_number, r.id';

export function toRpuRecord(row: RpuRow): RpuRecord {
  return {
    id: row.id,
    userId: row.user_id,
    credentialId: row.credential_id,
    cfeUser: row.cfe_user,
    credentialStatus: row.credential_status,
    serviceNumber: row.service_number,
    alias: row.alias,
    rpuStatus: row.rpu_status as RpuStatus,
    statusMessage: row.status_message,
    withAutofetch: row.with_autofetch,
    sendEmailNotifications: row.send_email_notifications,
    hasUns: row.has_uns,
    deleted: row.deleted,
    duplicated: row.duplicated,
    lastPayment: row.last_payment,
    holderName: row.holder_name,
    address: row.address,
    tariff: row.tariff,
    lastAmount: row.last_amount,
    lastPeriodEnd: row.last_period_end,
    lastSyncedAt: row.last_synced_at,
    createdAt: row.created_at,
  };
}

/** The wire shape (contract `zRpu`). */
export function toRpuPublic(record: RpuRecord): Rpu {
  return {
    rpu_id: record.id,
    service_number: record.serviceNumber,
    alias: record.alias,
    rpu_status: record.rpuStatus,
    status_message: record.statusMessage,
    with_autofetch: record.withAutofetch,
    send_email_notifications: record.sendEmailNotifications,
    has_uns: record.hasUns,
    deleted: record.deleted,
    duplicated: record.duplicated,
    credential_id: record.credentialId,
    cfe_user: record.cfeUser,
    tariff: record.tariff,
    holder_name: record.holderName,
    address: record.address,
    last_amount: record.lastAmount,
    last_period_end: record.lastPeriodEnd,
    last_payment: record.lastPayment,
    failure_reason: rpuFailureReason(record.rpuStatus, record.statusMessage, record.credentialStatus),
    last_synced_at: record.lastSyncedAt?.toISOString() ?? null,
    created_at: record.createdAt.toISOString(),
  };
}

export const toRpuSummary = (record: RpuRecord): RpuSummary => ({
  rpu_id: record.id,
  service_number: record.serviceNumber,
  alias: record.alias,
  credential_id: record.credentialId,
  rpu_status: record.rpuStatus,
});

/**
 * The alias as it is searched: lower case, without accents ("Almacén Norte" → "almacen norte"),
 * kept in `alias_search` so "contains, accent- and case-insensitive" is a plain LIKE on both
 * PGlite and PostgreSQL (no unaccent extension needed).
 */
export function searchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** The status a service point gets with this credential: none is "Sin nombre" (5), a new one "Inactivo" (0). */
export const statusForCredential = (credentialId: string | null): RpuStatus =>
  credentialId === null ? RpuStatusValue.withoutCfeUser : RpuStatusValue.unverified;

// ---------------------------------------------------------------------------------------------
// Reading

/** The user's service point (not deleted), or null (also when it is someone else's). */
export async function findRpu(db: Queryable, userId: string, rpuId: string): Promise<RpuRecord | null> {
  const { rows } = await db.query<RpuRow>(
    `SELECT ${rpuColumns} FROM ${rpuFrom} WHERE r.id = $1 AND r.user_id = $2 AND NOT r.deleted`,
    [rpuId, userId],
  );
  return rows[0] ? toRpuRecord(rows[0]) : null;
}

/** The user's service point; 404 when it does not exist, was deleted or is another user's. */
export async function getRpu(db: Queryable, userId: string, rpuId: string): Promise<RpuRecord> {
  const rpu = await findRpu(db, userId, rpuId);
  if (!rpu) throw notFound(rpuMessages.notFound);
  return rpu;
}

/** For workers: a service point by id whoever owns it (not deleted), or null. */
export async function findRpuById(db: Queryable, rpuId: string): Promise<RpuRecord | null> {
  const { rows } = await db.query<RpuRow>(
    `SELECT ${rpuColumns} FROM ${rpuFrom} WHERE r.id = $1 AND NOT r.deleted`,
    [rpuId],
  );
  return rows[0] ? toRpuRecord(rows[0]) : null;
}

/** The service points (not deleted) assigned to a credential, e.g. to sync them all. */
export async function rpusOfCredential(db: Queryable, credentialId: string): Promise<RpuRecord[]> {
  const { rows } = await db.query<RpuRow>(
    `SELECT ${rpuColumns} FROM ${rpuFrom} WHERE r.credential_id = $1 AND NOT r.deleted ORDER BY ${rpuOrder}`,
    [credentialId],
  );
  return rows.map(toRpuRecord);
}

export async function getRpuByServiceNumber(
  db: Queryable,
  userId: string,
  serviceNumber: string,
): Promise<RpuRecord> {
  const { rows } = await db.query<RpuRow>(
    `SELECT ${rpuColumns} FROM ${rpuFrom} WHERE r.user_id = $1 AND r.service_number = $2 AND NOT r.deleted`,
    [userId, normalizeServiceNumber(serviceNumber)],
  );
  if (!rows[0]) throw notFound(rpuMessages.notFound);
  return toRpuRecord(rows[0]);
}

/** The filters the owner's list and the superuser's list share (spec §7 GET /rpus/). */
export function addRpuFilters(conditions: Conditions, filters: RpusFilters) {
  if (filters.credential_id) conditions.add((p) => `r.credential_id = ${p}`, filters.credential_id);
  if (filters.alias)
    conditions.add((p) => `r.alias_search LIKE ${p}`, containsPattern(searchText(filters.alias)));
  if (filters.service_number) {
    const prefix = normalizeServiceNumber(filters.service_number).replace(/[\\%_]/g, '\\$&');
    if (prefix) conditions.add((p) => `r.service_number LIKE ${p}`, `${prefix}%`);
  }
  if (filters.cfe_user) conditions.add((p) => `c.cfe_user ILIKE ${p}`, containsPattern(filters.cfe_user));
  if (filters.with_credential !== undefined)
    conditions.addRaw(filters.with_credential ? 'r.credential_id IS NOT NULL' : 'r.credential_id IS NULL');
  if (filters.rpu_status !== undefined) conditions.add((p) => `r.rpu_status = ${p}`, filters.rpu_status);
  if (filters.with_autofetch !== undefined)
    conditions.add((p) => `r.with_autofetch = ${p}`, filters.with_autofetch);
  if (filters.send_email_notifications !== undefined)
    conditions.add((p) => `r.send_email_notifications = ${p}`, filters.send_email_notifications);
}

/** The owner's filtered list, without deleted service points. */
export function ownerConditions(userId: string, filters: RpusFilters): Conditions {
  const conditions = new Conditions([userId]);
  conditions.addRaw('r.user_id = $1');
  conditions.addRaw('NOT r.deleted');
  addRpuFilters(conditions, filters);
  return conditions;
}

export async function listRpus(
  db: Queryable,
  userId: string,
  filters: RpusFilters,
  page: PageQuery,
  counts?: ListCounts,
): Promise<Page<RpuRecord>> {
  const where = ownerConditions(userId, filters);
  return selectPage(
    db,
    { columns: rpuColumns, from: rpuFrom, where, orderBy: rpuOrder, id: 'r.id' },
    page,
    toRpuRecord,
    counts && { counts, scope: userId },
  );
}

/** Every service point of the user (not deleted), for pickers. */
export async function allRpus(db: Queryable, userId: string): Promise<RpuRecord[]> {
  const { rows } = await db.query<RpuRow>(
    `SELECT ${rpuColumns} FROM ${rpuFrom} WHERE r.user_id = $1 AND NOT r.deleted ORDER BY ${rpuOrder}`,
    [userId],
  );
  return rows.map(toRpuRecord);
}

// ---------------------------------------------------------------------------------------------
// Writing

/**
 * Recomputes `duplicated` for these service numbers: a service point (not deleted) is duplicated
 * when another user holds the same number. Run after every insert or delete of service points,
 * and again after commit (`refreshDuplicatedAfterCommit`) so that two users importing the same
 * number at the same moment still see each other.
 */
export async function refreshDuplicated(db: Queryable, serviceNumbers: readonly string[]): Promise<void> {
  if (serviceNumbers.length === 0) return;
  await db.query(
    // Rows of several users: locked in id order, as the sync engine locks them (sync/locks.ts).
    `WITH locked AS (
       SELECT id FROM rpus WHERE service_number = ANY($1::text[]) ORDER BY id FOR NO KEY UPDATE
     ), wanted AS (
       SELECT r.id, (NOT r.deleted AND EXISTS (
         SELECT 1 FROM rpus o WHERE o.service_number = r.service_number AND o.user_id <> r.user_id AND NOT o.deleted
       )) AS duplicated
       FROM rpus r WHERE r.id IN (SELECT id FROM locked)
     )
     UPDATE rpus SET duplicated = wanted.duplicated
     FROM wanted WHERE rpus.id = wanted.id AND rpus.duplicated <> wanted.duplicated`,
    [[...new Set(serviceNumbers)]],
  );
}

/** The credential must be the user's: 404 otherwise (never reveal another user's). */
export async function assertOwnCredential(
  db: Queryable,
  userId: string,
  credentialId: string | null | undefined,
) {
  if (!credentialId) return;
  const { rows } = await db.query('SELECT 1 FROM credentials WHERE id = $1 AND user_id = $2', [
    credentialId,
    userId,
  ]);
  if (rows.length === 0) throw notFound(rpuMessages.credentialNotFound);
}

/**
 * Every id must be a service point of the user (not deleted); otherwise 404 and nothing changes,
 * so a request cannot touch, nor learn about, another user's service points.
 */
export async function assertOwnRpus(
  db: Queryable,
  userId: string,
  rpuIds: readonly string[],
): Promise<string[]> {
  const ids = [...new Set(rpuIds)];
  const { rows } = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM rpus WHERE id = ANY($1::uuid[]) AND user_id = $2 AND NOT deleted',
    [ids, userId],
  );
  if ((rows[0]?.count ?? 0) !== ids.length)
    throw notFound(ids.length === 1 ? rpuMessages.notFound : rpuMessages.someNotFound);
  return ids;
}

type RpuCreateInput = z.output<typeof zRpuCreate>;

export async function createRpu(db: Database, userId: string, input: RpuCreateInput): Promise<RpuRecord> {
  await assertOwnCredential(db, userId, input.credential_id);
  const credentialId = input.credential_id ?? null;
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO rpus (user_id, credential_id, service_number, alias, alias_search, rpu_status,
           last_payment, with_autofetch, send_email_notifications, next_autofetch_at, holder_name)
         VALUES ($1, $2, $3, $4, $5, $6, $7::numeric, $8, $9, CASE WHEN $8 THEN now() END, $10) RETURNING id`,
        [
          userId,
          credentialId,
          input.service_number,
          input.alias,
          searchText(input.alias),
          statusForCredential(credentialId),
          input.last_payment ?? null,
          input.with_autofetch,
          input.send_email_notifications,
          input.holder_name ?? null,
        ],
      );
      await refreshDuplicated(tx, [input.service_number]);
      return (rows[0] as { id: string }).id;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'rpus_user_service_number_key'))
      throw conflict(rpuMessages.serviceNumberTaken);
    throw error;
  }
  await refreshDuplicated(db, [input.service_number]);
  return getRpu(db, userId, id);
}

// ---------------------------------------------------------------------------------------------
// For the sync engine

/**
 * Records a service point's status (spec §4: -1 while syncing, then 1, 2, 3, 4 or 5) and its
 * message. `synced` stamps last_synced_at. Answers false when it no longer exists.
 */
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

/** What the portal told about a service point (holder, tariff, UNS). Only the given fields change. */
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
