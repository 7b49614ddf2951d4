import type { Page, PageQuery, RpuAdmin, RpuComplete, RpusAdminFilters } from '@luz/shared/contract';
import { Conditions } from '../db/conditions';
import type { Database, Queryable } from '../db/database';
import { notFound } from '../http/errors';
import { EVERY_USER, type ListCounts } from '../http/list-counts';
import { containsPattern, selectPage } from '../http/pagination';
import { softDelete } from './changes';
import { rpuMessages } from './messages';
import {
  addRpuFilters,
  type RpuRecord,
  type RpuRow,
  rpuColumns,
  rpuFrom,
  rpuOrder,
  toRpuPublic,
  toRpuRecord,
} from './service';

/** The superuser's view of every user's service points (spec §7 GET /rpus/admin and friends). */

export type RpuAdminRecord = RpuRecord & { userEmail: string; userCompanyName: string };

type RpuAdminRow = RpuRow & { user_email: string; user_company_name: string };

const toAdminRecord = (row: RpuAdminRow): RpuAdminRecord => ({
  ...toRpuRecord(row),
  userEmail: row.user_email,
  userCompanyName: row.user_company_name,
});

export function toRpuAdmin(record: RpuAdminRecord): RpuAdmin {
  return {
    ...toRpuPublic(record),
    user_id: record.userId,
    user_email: record.userEmail,
    user_company_name: record.userCompanyName,
  };
}

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
  counts?: ListCounts,
): Promise<Page<RpuAdminRecord>> {
  const where = adminConditions(filters);
  return selectPage(
    db,
    { columns: adminColumns, from: adminFrom, where, orderBy: rpuOrder, id: 'r.id' },
    page,
    toAdminRecord,
    counts && { counts, scope: EVERY_USER },
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
