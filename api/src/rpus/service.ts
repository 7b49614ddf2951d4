import {
  normalizeServiceNumber,
  type Page,
  type PageQuery,
  type Rpu,
  type RpuAdmin,
  type RpuBulkUpdate,
  type RpuComplete,
  type RpuStatus,
  RpuStatus as RpuStatusValue,
  type RpuSummary,
  type RpusAdminFilters,
  type RpusFilters,
  type zRpuCreate,
} from '@luz/shared/contract';
import type { z } from 'zod';
import { Conditions } from '../db/conditions';
import type { Database, Queryable } from '../db/database';
import { isUniqueViolation } from '../db/database';
import { badRequest, conflict, notFound } from '../http/errors';
import { containsPattern, selectPage } from '../http/pagination';
import { rpuMessages } from './messages';

/** A service point as the API works with it (camelCase; `toRpuPublic` gives the wire shape). */
export type RpuRecord = {
  id: string;
  userId: string;
  credentialId: string | null;
  /** The portal user of its credential, when it has one. */
  cfeUser: string | null;
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

export type RpuAdminRecord = RpuRecord & { userEmail: string; userCompanyName: string };

type RpuRow = {
  id: string;
  user_id: string;
  credential_id: string | null;
  cfe_user: string | null;
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

type RpuAdminRow = RpuRow & { user_email: string; user_company_name: string };

/** Columns of `rpus r LEFT JOIN credentials c`; money as text so it never becomes a float. */
export const rpuColumns = /* sql */ `
  r.id, r.user_id, r.credential_id, c.cfe_user, r.service_number, r.alias, r.rpu_status,
  r.status_message, r.with_autofetch, r.send_email_notifications, r.has_uns, r.deleted, r.duplicated,
  r.last_payment::text AS last_payment, r.holder_name, r.address, r.tariff, r.last_amount::text AS last_amount,
  r.last_period_end::text AS last_period_end, r.last_synced_at, r.created_at`;

const rpuFrom = /* sql */ 'rpus r LEFT JOIN credentials c ON c.id = r.credential_id';

/** Newest first; an import's rows share their creation time, so the number breaks ties. */
export const rpuOrder = 'r.created_at DESC, r.service_number, r.id';

export function toRpuRecord(row: RpuRow): RpuRecord {
  return {
    id: row.id,
    userId: row.user_id,
    credentialId: row.credential_id,
    cfeUser: row.cfe_user,
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

const toAdminRecord = (row: RpuAdminRow): RpuAdminRecord => ({
  ...toRpuRecord(row),
  userEmail: row.user_email,
  userCompanyName: row.user_company_name,
});

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
    last_synced_at: record.lastSyncedAt?.toISOString() ?? null,
    created_at: record.createdAt.toISOString(),
  };
}

export function toRpuAdmin(record: RpuAdminRecord): RpuAdmin {
  return {
    ...toRpuPublic(record),
    user_id: record.userId,
    user_email: record.userEmail,
    user_company_name: record.userCompanyName,
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
): Promise<Page<RpuRecord>> {
  const where = ownerConditions(userId, filters);
  return selectPage(db, { columns: rpuColumns, from: rpuFrom, where, orderBy: rpuOrder }, page, toRpuRecord);
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

/**
 * Assigns a credential (or none). A new credential makes the service point "Inactivo" until the
 * sync engine links it; none makes it "Sin nombre" (5). The same credential changes nothing.
 */
const assignCredentialSql = (credentialParam: string) => /* sql */ `
  credential_id = ${credentialParam}::uuid,
  rpu_status = CASE
    WHEN ${credentialParam}::uuid IS NULL THEN ${RpuStatusValue.withoutCfeUser}
    WHEN credential_id IS DISTINCT FROM ${credentialParam}::uuid THEN ${RpuStatusValue.unverified}
    ELSE rpu_status END,
  status_message = CASE WHEN credential_id IS DISTINCT FROM ${credentialParam}::uuid THEN NULL ELSE status_message END`;

export async function linkRpu(
  db: Queryable,
  userId: string,
  rpuId: string,
  credentialId: string | null,
): Promise<RpuRecord> {
  await getRpu(db, userId, rpuId);
  await assertOwnCredential(db, userId, credentialId);
  await db.query(
    `UPDATE rpus SET ${assignCredentialSql('$3')}, updated_at = now()
     WHERE id = $1 AND user_id = $2 AND NOT deleted`,
    [rpuId, userId, credentialId],
  );
  return getRpu(db, userId, rpuId);
}

/** POST /rpus/bulk-update: one change for every selected service point, in one transaction. */
export async function bulkUpdateRpus(db: Database, userId: string, change: RpuBulkUpdate): Promise<number> {
  const { rpu_ids, alias, holder_name, credential_id, with_autofetch, send_email_notifications } = change;
  if (
    alias === undefined &&
    holder_name === undefined &&
    credential_id === undefined &&
    with_autofetch === undefined &&
    send_email_notifications === undefined
  )
    throw badRequest(rpuMessages.nothingToChange);
  return db.transaction(async (tx) => {
    const ids = await assertOwnRpus(tx, userId, rpu_ids);
    await assertOwnCredential(tx, userId, credential_id);
    const values: unknown[] = [ids, userId];
    const assignments: string[] = [];
    if (alias !== undefined) {
      values.push(alias, searchText(alias));
      assignments.push(`alias = $${values.length - 1}, alias_search = $${values.length}`);
    }
    if (holder_name !== undefined) {
      values.push(holder_name);
      assignments.push(`holder_name = $${values.length}`);
    }
    if (credential_id !== undefined) {
      values.push(credential_id);
      assignments.push(assignCredentialSql(`$${values.length}`));
    }
    if (with_autofetch !== undefined) {
      values.push(with_autofetch);
      assignments.push(autofetchSql(`$${values.length}`));
    }
    if (send_email_notifications !== undefined) {
      values.push(send_email_notifications);
      assignments.push(`send_email_notifications = $${values.length}`);
    }
    const { rowCount } = await tx.query(
      `UPDATE rpus SET ${assignments.join(', ')}, updated_at = now()
       WHERE id = ANY($1::uuid[]) AND user_id = $2 AND NOT deleted`,
      values,
    );
    return rowCount;
  });
}

/** Turning autofetch on makes the service point due at once; the scheduler takes it from there. */
const autofetchSql = (param: string) => /* sql */ `
  with_autofetch = ${param}::boolean,
  next_autofetch_at = CASE WHEN ${param}::boolean THEN coalesce(next_autofetch_at, now()) ELSE next_autofetch_at END`;

export async function setAutofetch(
  db: Database,
  userId: string,
  rpuIds: readonly string[],
  enabled: boolean,
): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = await assertOwnRpus(tx, userId, rpuIds);
    const { rowCount } = await tx.query(
      `UPDATE rpus SET ${autofetchSql('$3')}, updated_at = now()
       WHERE id = ANY($1::uuid[]) AND user_id = $2 AND NOT deleted`,
      [ids, userId, enabled],
    );
    return rowCount;
  });
}

export async function setEmailNotifications(
  db: Database,
  userId: string,
  rpuIds: readonly string[],
  enabled: boolean,
): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = await assertOwnRpus(tx, userId, rpuIds);
    const { rowCount } = await tx.query(
      `UPDATE rpus SET send_email_notifications = $3, updated_at = now()
       WHERE id = ANY($1::uuid[]) AND user_id = $2 AND NOT deleted`,
      [ids, userId, enabled],
    );
    return rowCount;
  });
}

/**
 * Soft delete: the rows stay (with their periods and documents) for the superuser's view, but
 * leave every list, stop syncing and free their numbers for a new service point.
 */
async function softDelete(tx: Queryable, ids: readonly string[]): Promise<number> {
  const { rows } = await tx.query<{ service_number: string }>(
    `UPDATE rpus SET deleted = true, deleted_at = now(), with_autofetch = false, duplicated = false, updated_at = now()
     WHERE id = ANY($1::uuid[]) AND NOT deleted RETURNING service_number`,
    [ids],
  );
  await refreshDuplicated(
    tx,
    rows.map((row) => row.service_number),
  );
  return rows.length;
}

export async function deleteRpus(db: Database, userId: string, rpuIds: readonly string[]): Promise<number> {
  return db.transaction(async (tx) => softDelete(tx, await assertOwnRpus(tx, userId, rpuIds)));
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

// ---------------------------------------------------------------------------------------------
// Superuser

const adminFrom = /* sql */ `${rpuFrom} JOIN users u ON u.id = r.user_id`;
const adminColumns = `${rpuColumns}, u.email AS user_email, u.company_name AS user_company_name`;

export function adminConditions(filters: RpusAdminFilters): Conditions {
  const conditions = new Conditions();
  addRpuFilters(conditions, filters);
  if (filters.user_id) conditions.add((p) => `r.user_id = ${p}`, filters.user_id);
  if (filters.email) conditions.add((p) => `u.email ILIKE ${p}`, containsPattern(filters.email));
  if (filters.company_name)
    conditions.add((p) => `u.company_name ILIKE ${p}`, containsPattern(filters.company_name));
  if (filters.deleted !== undefined) conditions.add((p) => `r.deleted = ${p}`, filters.deleted);
  if (filters.duplicated !== undefined) conditions.add((p) => `r.duplicated = ${p}`, filters.duplicated);
  if (filters.has_uns !== undefined) conditions.add((p) => `r.has_uns = ${p}`, filters.has_uns);
  return conditions;
}

/** Every user's service points, deleted ones included unless filtered out. */
export async function listRpusAdmin(
  db: Queryable,
  filters: RpusAdminFilters,
  page: PageQuery,
): Promise<Page<RpuAdminRecord>> {
  const where = adminConditions(filters);
  return selectPage(
    db,
    { columns: adminColumns, from: adminFrom, where, orderBy: rpuOrder },
    page,
    toAdminRecord,
  );
}

/** A superuser deletes (softly) any user's service points; 404 when an id does not exist. */
export async function adminDeleteRpus(db: Database, rpuIds: readonly string[]): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = [...new Set(rpuIds)];
    const { rows } = await tx.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM rpus WHERE id = ANY($1::uuid[])',
      [ids],
    );
    if ((rows[0]?.count ?? 0) !== ids.length)
      throw notFound(ids.length === 1 ? rpuMessages.notFound : rpuMessages.someNotFound);
    return softDelete(tx, ids);
  });
}

/** GET /rpus/admin/{rpu_id}/complete: the service point (even deleted) with owner, credential, periods and last task. */
export async function getRpuComplete(db: Queryable, rpuId: string): Promise<RpuComplete> {
  const { rows } = await db.query<
    RpuAdminRow & {
      user_full_name: string;
      credential_alias: string | null;
      credential_status: number | null;
      periods_count: number;
    }
  >(
    `SELECT ${adminColumns}, u.full_name AS user_full_name, c.alias AS credential_alias,
       c.status AS credential_status,
       (SELECT count(*)::int FROM periods p WHERE p.rpu_id = r.id) AS periods_count
     FROM ${adminFrom} WHERE r.id = $1`,
    [rpuId],
  );
  const row = rows[0];
  if (!row) throw notFound(rpuMessages.notFound);
  const tasks = await db.query<{
    id: string;
    type: number;
    status: number;
    message: string | null;
    created_at: Date;
    finished_at: Date | null;
  }>(
    `SELECT t.id, t.type, t.status, t.message, t.created_at, t.finished_at
     FROM tasks t WHERE t.id IN (SELECT ta.task_id FROM task_associations ta WHERE ta.rpu_id = $1)
     ORDER BY t.created_at DESC, t.id LIMIT 1`,
    [rpuId],
  );
  const task = tasks.rows[0];
  return {
    ...toRpuAdmin(toAdminRecord(row)),
    user: {
      id: row.user_id,
      email: row.user_email,
      full_name: row.user_full_name,
      company_name: row.user_company_name,
    },
    credential:
      row.credential_id && row.cfe_user !== null
        ? {
            credential_id: row.credential_id,
            alias: row.credential_alias ?? '',
            cfe_user: row.cfe_user,
            status: row.credential_status ?? 0,
          }
        : null,
    periods_count: row.periods_count,
    last_task: task
      ? {
          task_id: task.id,
          type: task.type,
          status: task.status,
          message: task.message,
          created_at: task.created_at.toISOString(),
          finished_at: task.finished_at?.toISOString() ?? null,
        }
      : null,
  };
}
