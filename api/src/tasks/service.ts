import type {
  Page,
  PageQuery,
  Task,
  TaskAssociation,
  TaskLog,
  TaskStats,
  TaskStatus,
  TaskType,
  zTaskLogsQuery,
  zTaskStatsQuery,
} from '@luz/shared/contract';
import type { z } from 'zod';
import { Conditions } from '../db/conditions';
import type { Queryable } from '../db/database';
import { notFound } from '../http/errors';
import { containsPattern, countPage, pageWindow } from '../http/pagination';
import { searchText } from '../rpus/service';
import { servicePointCounts } from '../sync/counts';
import { syncMessages } from '../sync/messages';

type TaskRow = {
  id: string;
  type: TaskType;
  status: TaskStatus;
  workflow: number;
  credential_id: string | null;
  credential_label: string | null;
  service_number: string | null;
  alias: string | null;
  message: string | null;
  reviewed: boolean;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
  total: number;
  pending: number;
  success: number;
  error: number;
  user_error: number;
  retrying: number;
  periods_count: number;
};

type TaskLogRow = TaskRow & { user_id: string; user_email: string; user_company_name: string };

/** A task with its counts, from `tasks t` (and `users u` for logs). */
const taskColumns = /* sql */ `
  t.id, t.type, t.status, t.workflow, t.credential_id, t.message, t.reviewed, t.created_at, t.updated_at,
  t.finished_at, counts.total, counts.pending, counts.success, counts.error, counts.user_error, counts.retrying,
  counts.periods_count, names.credential_label, names.service_number, names.alias`;

/** The CFE account's alias, else its CFE user, from `credentials c`. */
const credentialLabel = /* sql */ `coalesce(nullif(c.alias, ''), c.cfe_user)`;

const countsJoin = /* sql */ `
  LEFT JOIN LATERAL (
    SELECT ${servicePointCounts},
      count(*) FILTER (WHERE a.status = 0)::int AS pending,
      (SELECT count(DISTINCT tap.period_id)::int FROM task_association_periods tap
         JOIN task_associations pa ON pa.id = tap.task_association_id WHERE pa.task_id = t.id) AS periods_count
    FROM task_associations a WHERE a.task_id = t.id
  ) counts ON true
  LEFT JOIN LATERAL (
    SELECT (SELECT ${credentialLabel} FROM credentials c WHERE c.id = t.credential_id) AS credential_label,
      one.service_number, one.alias
    FROM (SELECT 1) always
    LEFT JOIN (
      SELECT max(a.service_number) AS service_number, max(nullif(r.alias, '')) AS alias
      FROM task_associations a LEFT JOIN rpus r ON r.id = a.rpu_id
      WHERE a.task_id = t.id AND a.service_number IS NOT NULL
      HAVING count(*) = 1
    ) one ON true
  ) names ON true`;

/**
 * Newest first. The lists pick the page's tasks first and count their steps after (`countsJoin`
 * per task of the page only): counted before the LIMIT, every matching task's steps were read.
 */
const taskOrder = 'ORDER BY t.created_at DESC, t.id DESC';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toTask(row: TaskRow): Task {
  return {
    task_id: row.id,
    type: row.type,
    status: row.status,
    workflow: row.workflow,
    credential_id: row.credential_id,
    credential_label: row.credential_label,
    service_number: row.service_number,
    alias: row.alias,
    message: row.message,
    reviewed: row.reviewed,
    counts: {
      total: row.total,
      pending: row.pending,
      success: row.success,
      error: row.error,
      user_error: row.user_error,
      retrying: row.retrying,
    },
    periods_count: row.periods_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    finished_at: iso(row.finished_at),
  };
}

const toTaskLog = (row: TaskLogRow): TaskLog => ({
  ...toTask(row),
  user_id: row.user_id,
  user_email: row.user_email,
  user_company_name: row.user_company_name,
});

/** A task of `userId` (any owner's when `userId` is null); 404 otherwise. */
export async function getTask(db: Queryable, taskId: string, userId: string | null): Promise<Task> {
  const { rows } = await db.query<TaskRow>(
    `SELECT ${taskColumns} FROM tasks t ${countsJoin} WHERE t.id = $1 AND ($2::uuid IS NULL OR t.user_id = $2)`,
    [taskId, userId],
  );
  if (!rows[0]) throw notFound(syncMessages.taskNotFound);
  return toTask(rows[0]);
}

/** GET /tasks/: the user's tasks, newest first, of some types or all. */
export async function listTasks(
  db: Queryable,
  userId: string,
  taskTypes: readonly number[] | undefined,
  page: PageQuery,
): Promise<Page<Task>> {
  const { limit, offset } = pageWindow(page);
  const types = taskTypes && taskTypes.length > 0 ? [...taskTypes] : null;
  const where = 'WHERE t.user_id = $1 AND ($2::smallint[] IS NULL OR t.type = ANY($2::smallint[]))';
  const { rows } = await db.query<TaskRow>(
    `SELECT ${taskColumns}
     FROM (SELECT t.* FROM tasks t ${where} ${taskOrder} LIMIT $3 OFFSET $4) t ${countsJoin} ${taskOrder}`,
    [userId, types, limit, offset],
  );
  const counted = await countPage(db, { from: 'tasks t', where, values: [userId, types] }, page, rows.length);
  return { data: rows.map(toTask), ...counted };
}

type AssociationRow = {
  id: string;
  task_id: string;
  rpu_id: string | null;
  credential_id: string | null;
  credential_label: string | null;
  service_number: string | null;
  alias: string | null;
  workflow: number;
  chain_step: string | null;
  attempt: number;
  status: TaskStatus;
  progress: number;
  message: string | null;
  periods_count: number;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
};

const associationSelect = /* sql */ `
  SELECT a.id, a.task_id, a.rpu_id, a.credential_id, ${credentialLabel} AS credential_label, a.service_number,
    r.alias, a.workflow, a.chain_step,
    a.attempt, a.status, a.progress, a.message, a.created_at, a.updated_at, a.finished_at,
    (SELECT count(*)::int FROM task_association_periods tap WHERE tap.task_association_id = a.id) AS periods_count
  FROM task_associations a LEFT JOIN rpus r ON r.id = a.rpu_id LEFT JOIN credentials c ON c.id = a.credential_id`;

/** The account's own step first, then the service points in the order they were added. */
const associationOrder = 'ORDER BY (a.rpu_id IS NOT NULL), a.created_at, a.service_number, a.id';

export function toTaskAssociation(row: AssociationRow): TaskAssociation {
  return {
    task_association_id: row.id,
    task_id: row.task_id,
    rpu_id: row.rpu_id,
    credential_id: row.credential_id,
    credential_label: row.credential_label,
    service_number: row.service_number,
    alias: row.alias,
    chain_workflow: row.workflow,
    chain_step: row.chain_step,
    attempt: row.attempt,
    status: row.status,
    progress: row.progress,
    message: row.message,
    periods_count: row.periods_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    finished_at: iso(row.finished_at),
  };
}

/** GET /tasks/task-associations/{task_id}: the service points of one of the user's tasks. */
export async function listTaskAssociations(
  db: Queryable,
  userId: string,
  taskId: string,
  page: PageQuery,
): Promise<Page<TaskAssociation>> {
  await getTask(db, taskId, userId);
  const { limit, offset } = pageWindow(page);
  const { rows } = await db.query<AssociationRow>(
    `${associationSelect} WHERE a.task_id = $1 ${associationOrder} LIMIT $2 OFFSET $3`,
    [taskId, limit, offset],
  );
  const counted = await countPage(
    db,
    { from: 'task_associations a', where: 'WHERE a.task_id = $1', values: [taskId] },
    page,
    rows.length,
  );
  return { data: rows.map(toTaskAssociation), ...counted };
}

/** Every association of a task (the superuser's log detail). */
export async function allTaskAssociations(db: Queryable, taskId: string): Promise<TaskAssociation[]> {
  const { rows } = await db.query<AssociationRow>(
    `${associationSelect} WHERE a.task_id = $1 ${associationOrder}`,
    [taskId],
  );
  return rows.map(toTaskAssociation);
}

/** The association, if it belongs to `userId`; 404 otherwise. */
export async function assertOwnAssociation(db: Queryable, userId: string, associationId: string) {
  const { rows } = await db.query('SELECT 1 FROM task_associations WHERE id = $1 AND user_id = $2', [
    associationId,
    userId,
  ]);
  if (rows.length === 0) throw notFound(syncMessages.taskAssociationNotFound);
}

type DateRange = z.output<typeof zTaskStatsQuery>;

/** Tasks created from the start of `initial_date` to the end of `final_date`, in `time_zone`. */
function addDateRange(conditions: Conditions, range: DateRange) {
  if (range.initial_date) {
    const zone = conditions.param(range.time_zone);
    conditions.add(
      (param) => `t.created_at >= (${param}::date::timestamp AT TIME ZONE ${zone})`,
      range.initial_date,
    );
  }
  if (range.final_date) {
    const zone = conditions.param(range.time_zone);
    conditions.add(
      (param) => `t.created_at < ((${param}::date + 1)::timestamp AT TIME ZONE ${zone})`,
      range.final_date,
    );
  }
}

/**
 * GET /tasks/stats: how many tasks of each type ended in each status. A regular user counts their
 * own; a superuser counts everyone's, or one owner's with `user_id`.
 */
export async function taskStats(
  db: Queryable,
  viewer: { id: string; isSuperuser: boolean },
  range: DateRange & { user_id?: string | undefined },
): Promise<TaskStats> {
  const conditions = new Conditions();
  const owner = viewer.isSuperuser ? range.user_id : viewer.id;
  if (owner) conditions.add((param) => `t.user_id = ${param}`, owner);
  addDateRange(conditions, range);
  const { rows } = await db.query<{ type: TaskType; status: TaskStatus; count: number }>(
    `SELECT t.type, t.status, count(*)::int AS count FROM tasks t ${conditions.where()}
     GROUP BY t.type, t.status ORDER BY t.type, t.status`,
    conditions.values,
  );
  return { total: rows.reduce((sum, row) => sum + row.count, 0), counts: rows };
}

type LogsFilters = Omit<z.output<typeof zTaskLogsQuery>, 'page' | 'page_size'>;

/**
 * GET /tasks/logs: tasks with their owner, newest first, filtered as spec §7 lists. A regular
 * user sees only their own; a superuser sees everyone's and may narrow to some owners.
 */
export async function listTaskLogs(
  db: Queryable,
  viewer: { id: string; isSuperuser: boolean },
  filters: LogsFilters,
  page: PageQuery,
): Promise<Page<TaskLog>> {
  const conditions = new Conditions();
  if (!viewer.isSuperuser) conditions.add((param) => `t.user_id = ${param}`, viewer.id);
  if (filters.user_id) conditions.add((param) => `t.user_id = ${param}`, filters.user_id);
  if (filters.user_email)
    conditions.add((param) => `u.email ILIKE ${param}`, containsPattern(filters.user_email));
  if (filters.user_company_name)
    conditions.add((param) => `u.company_name ILIKE ${param}`, containsPattern(filters.user_company_name));
  if (filters.task_type !== undefined) conditions.add((param) => `t.type = ${param}`, filters.task_type);
  if (filters.reviewed !== undefined) conditions.add((param) => `t.reviewed = ${param}`, filters.reviewed);
  if (filters.contains_task_status !== undefined)
    conditions.add(
      (param) => `EXISTS (SELECT 1 FROM task_associations a WHERE a.task_id = t.id AND a.status = ${param})`,
      filters.contains_task_status,
    );
  // The matching steps first, through the service number's trigram index, and only then their
  // tasks. As a correlated EXISTS, PostgreSQL sometimes chose (depending on ANALYZE's sample) to
  // walk the newest tasks and read every step of each: 100,000 rows for one big task. `OFFSET 0`
  // keeps the subquery from being merged back into that plan.
  if (filters.service_number)
    conditions.add(
      (param) =>
        `t.id IN (SELECT a.task_id FROM task_associations a WHERE a.service_number LIKE ${param} OFFSET 0)`,
      containsPattern(filters.service_number.replace(/\s+/g, '')),
    );
  if (filters.alias)
    conditions.add(
      (param) =>
        `EXISTS (SELECT 1 FROM task_associations a JOIN rpus r ON r.id = a.rpu_id
                 WHERE a.task_id = t.id AND r.alias_search LIKE ${param})`,
      containsPattern(searchText(filters.alias)),
    );
  addDateRange(conditions, filters);
  const { limit, offset } = pageWindow(page);
  const where = conditions.where();
  const params = [...conditions.values];
  const { rows } = await db.query<TaskLogRow>(
    `SELECT ${taskColumns}, t.user_id, t.user_email, t.user_company_name
     FROM (SELECT t.*, u.email AS user_email, u.company_name AS user_company_name
           FROM tasks t JOIN users u ON u.id = t.user_id ${where} ${taskOrder} LIMIT ${limit} OFFSET ${offset}) t
     ${countsJoin} ${taskOrder}`,
    params,
  );
  const counted = await countPage(
    db,
    { from: 'tasks t JOIN users u ON u.id = t.user_id', where, values: params },
    page,
    rows.length,
  );
  return { data: rows.map(toTaskLog), ...counted };
}

/** One task log, whoever owns it (superusers). */
export async function getTaskLog(db: Queryable, taskId: string): Promise<TaskLog> {
  const { rows } = await db.query<TaskLogRow>(
    `SELECT ${taskColumns}, t.user_id, u.email AS user_email, u.company_name AS user_company_name
     FROM tasks t JOIN users u ON u.id = t.user_id ${countsJoin} WHERE t.id = $1`,
    [taskId],
  );
  if (!rows[0]) throw notFound(syncMessages.taskNotFound);
  return toTaskLog(rows[0]);
}

/**
 * Every id must be a task the viewer may see (their own; any, for a superuser); otherwise 404
 * and nothing changes, so a request cannot touch, nor learn about, another user's tasks.
 */
export async function assertVisibleTasks(
  db: Queryable,
  ownerId: string | null,
  taskIds: readonly string[],
  associationIds: readonly string[] = [],
) {
  const tasks = [...new Set(taskIds)];
  const associations = [...new Set(associationIds)];
  const { rows } = await db.query<{ tasks: number; associations: number }>(
    `SELECT
       (SELECT count(*)::int FROM tasks WHERE id = ANY($1::uuid[]) AND ($3::uuid IS NULL OR user_id = $3)) AS tasks,
       (SELECT count(*)::int FROM task_associations WHERE id = ANY($2::uuid[]) AND ($3::uuid IS NULL OR user_id = $3))
         AS associations`,
    [tasks, associations, ownerId],
  );
  if (rows[0]?.tasks !== tasks.length) throw notFound(syncMessages.taskNotFound);
  if (rows[0]?.associations !== associations.length) throw notFound(syncMessages.taskAssociationNotFound);
}

/** PATCH /tasks/logs/bulk: reviewed or not, for the viewer's tasks (any, for a superuser). */
export async function setTasksReviewed(
  db: Queryable,
  viewer: { id: string; isSuperuser: boolean },
  taskIds: readonly string[],
  reviewed: boolean,
): Promise<number> {
  const ownerId = viewer.isSuperuser ? null : viewer.id;
  await assertVisibleTasks(db, ownerId, taskIds);
  const { rowCount } = await db.query(
    `UPDATE tasks SET reviewed = $2, updated_at = now()
     WHERE id = ANY($1::uuid[]) AND ($3::uuid IS NULL OR user_id = $3)`,
    [[...new Set(taskIds)], reviewed, ownerId],
  );
  return rowCount;
}
