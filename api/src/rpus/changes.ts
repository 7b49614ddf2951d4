import { type RpuBulkUpdate, RpuStatus as RpuStatusValue, type zRpuUpdate } from '@luz/shared/contract';
import type { z } from 'zod';
import type { Database, Queryable } from '../db/database';
import { badRequest } from '../http/errors';
import { rpuMessages } from './messages';
import {
  assertOwnCredential,
  assertOwnRpus,
  getRpu,
  type RpuRecord,
  refreshDuplicated,
  searchText,
} from './service';

/** Changes the owner makes to service points: one (PATCH, link) or many at once (bulk endpoints). */

type RpuUpdateChange = z.output<typeof zRpuUpdate>;

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

/** Sets columns (`set`, with `$3` as the value) on the caller's own service points; how many changed. */
function updateOwnRpus(db: Database, userId: string, rpuIds: readonly string[], set: string, value: boolean) {
  return db.transaction(async (tx) => {
    const ids = await assertOwnRpus(tx, userId, rpuIds);
    const { rowCount } = await tx.query(
      `UPDATE rpus SET ${set}, updated_at = now()
       WHERE id = ANY($1::uuid[]) AND user_id = $2 AND NOT deleted`,
      [ids, userId, value],
    );
    return rowCount;
  });
}

export const setAutofetch = (db: Database, userId: string, rpuIds: readonly string[], enabled: boolean) =>
  updateOwnRpus(db, userId, rpuIds, autofetchSql('$3'), enabled);

export const setEmailNotifications = (
  db: Database,
  userId: string,
  rpuIds: readonly string[],
  enabled: boolean,
) => updateOwnRpus(db, userId, rpuIds, 'send_email_notifications = $3', enabled);

/**
 * Soft delete: the rows stay (with their periods and documents) for the superuser's view, but
 * leave every list, stop syncing and free their numbers for a new service point.
 */
export async function softDelete(tx: Queryable, ids: readonly string[]): Promise<number> {
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

/**
 * PATCH /rpus/{rpu_id}: the owner's edit of one service point. Only the given fields change; the
 * total to pay (`last_payment`) is what the next link attempt with additional information sends.
 */
export async function updateRpu(
  db: Queryable,
  userId: string,
  rpuId: string,
  change: RpuUpdateChange,
): Promise<RpuRecord> {
  await getRpu(db, userId, rpuId);
  const { alias, holder_name, last_payment } = change;
  if (alias === undefined && holder_name === undefined && last_payment === undefined)
    throw badRequest(rpuMessages.nothingToChange);
  await db.query(
    `UPDATE rpus SET
       alias = coalesce($3, alias), alias_search = coalesce($4, alias_search),
       holder_name = CASE WHEN $5::boolean THEN $6 ELSE holder_name END,
       last_payment = CASE WHEN $7::boolean THEN $8::numeric ELSE last_payment END,
       updated_at = now()
     WHERE id = $1 AND user_id = $2 AND NOT deleted`,
    [
      rpuId,
      userId,
      alias ?? null,
      alias === undefined ? null : searchText(alias),
      holder_name !== undefined,
      holder_name ?? null,
      last_payment !== undefined,
      last_payment ?? null,
    ],
  );
  return getRpu(db, userId, rpuId);
}
