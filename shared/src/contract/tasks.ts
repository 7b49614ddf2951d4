import { z } from 'zod';
import { dateOrder, dateOrderIssue, zId, zIsoDate, zMoney, zPageQuery, zQueryBoolean } from './common';
import { SyncWorkflow, zTaskStatus, zTaskType } from './enums';
import { lazySchema } from './zod-in-browser';

/**
 * A list of numbers in a query string: repeated keys (`?task_types=0&task_types=2`, FastAPI's
 * style) or one comma-separated value (`?task_types=0,2`).
 */
const zNumberList = <T extends z.ZodType<number>>(item: T) =>
  z.preprocess((value) => {
    if (value === undefined || value === '') return undefined;
    const parts = (Array.isArray(value) ? value : [value]).flatMap((part) => String(part).split(','));
    return parts.filter((part) => part.trim() !== '').map((part) => Number(part));
  }, z.array(item).max(20).optional());

/** How far the service points of a task have got. */
export const zTaskCounts = lazySchema(() =>
  z.object({
    total: z.number().int(),
    pending: z.number().int(),
    success: z.number().int(),
    error: z.number().int(),
    user_error: z.number().int(),
    retrying: z.number().int(),
  }),
);
export type TaskCounts = z.infer<typeof zTaskCounts>;

/** One sync run (spec §3, §4): its type, status, workflow and how its service points went. */
export const zTask = lazySchema(() =>
  z.object({
    task_id: zId,
    type: zTaskType,
    status: zTaskStatus,
    workflow: z.number().int(),
    credential_id: zId.nullable(),
    /** The CFE account that names the task: its alias, else its CFE user; null without one. */
    credential_label: z.string().nullable(),
    /** The service of a task that touched exactly one: its number and alias (null otherwise). */
    service_number: z.string().nullable(),
    alias: z.string().nullable(),
    message: z.string().nullable(),
    reviewed: z.boolean(),
    counts: zTaskCounts,
    /** Periods the run found, over all its service points. */
    periods_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
    finished_at: z.string().nullable(),
  }),
);
export type Task = z.infer<typeof zTask>;

/** A task as the logs show it: with its owner (spec §3 "Logs can be filtered by user …"). */
export const zTaskLog = lazySchema(() =>
  zTask.extend({
    user_id: zId,
    user_email: z.string(),
    user_company_name: z.string(),
  }),
);
export type TaskLog = z.infer<typeof zTaskLog>;

/** One service point (or, for a whole portal account, none) inside a task, at its current step. */
export const zTaskAssociation = lazySchema(() =>
  z.object({
    task_association_id: zId,
    task_id: zId,
    rpu_id: zId.nullable(),
    credential_id: zId.nullable(),
    /** The CFE account's alias, else its CFE user; null without one. */
    credential_label: z.string().nullable(),
    service_number: z.string().nullable(),
    alias: z.string().nullable(),
    chain_workflow: z.number().int(),
    chain_step: z.string().nullable(),
    attempt: z.number().int(),
    status: zTaskStatus,
    progress: z.number().int(),
    message: z.string().nullable(),
    periods_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
    finished_at: z.string().nullable(),
  }),
);
export type TaskAssociation = z.infer<typeof zTaskAssociation>;

/** GET /tasks/admin/logs/{task_id}: the task and every service point it touched. */
export const zTaskLogDetail = lazySchema(() =>
  z.object({
    task: zTaskLog,
    associations: z.array(zTaskAssociation),
  }),
);
export type TaskLogDetail = z.infer<typeof zTaskLogDetail>;

/** GET /tasks/: the caller's tasks, newest first, optionally of some types only. */
export const zTasksQuery = lazySchema(() =>
  z.object({ task_types: zNumberList(zTaskType) }).extend(zPageQuery.shape),
);
export type TasksQuery = z.input<typeof zTasksQuery>;

/** IANA time zone (e.g. America/Mexico_City) in which dates of a filter are read. */
export const zTimeZone = lazySchema(() =>
  z
    .string()
    .max(64)
    .refine(
      (value) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: value });
          return true;
        } catch {
          return false;
        }
      },
      // Typed like a format, so a client words it as any invalid value (see zValidationErrorContext).
      { message: 'must be a valid time zone', params: { type: 'value_error', ctx: { format: 'time_zone' } } },
    ),
);

export const DEFAULT_TIME_ZONE = 'America/Mexico_City';

const dateRange = () => ({
  /** First day included, in `time_zone`. */
  initial_date: zIsoDate.optional(),
  /** Last day included, in `time_zone`. */
  final_date: zIsoDate.optional(),
  time_zone: zTimeZone.default(DEFAULT_TIME_ZONE),
});

/**
 * GET /tasks/stats: counts of the caller's tasks created in a date range; for a superuser, of
 * everyone's (the admin console), or of one owner's with `user_id`.
 */
export const zTaskStatsQuery = lazySchema(() =>
  z.object({ ...dateRange(), user_id: zId.optional() }).refine(dateOrder, dateOrderIssue),
);
export type TaskStatsQuery = z.input<typeof zTaskStatsQuery>;

export const zTaskStats = lazySchema(() =>
  z.object({
    total: z.number().int(),
    /** One entry per type and status that occurs. */
    counts: z.array(z.object({ type: zTaskType, status: zTaskStatus, count: z.number().int() })),
  }),
);
export type TaskStats = z.infer<typeof zTaskStats>;

/** GET /tasks/logs: every filter of spec §7. The user filters narrow a superuser's view to some owners. */
export const zTaskLogsQuery = lazySchema(() =>
  z
    .object({
      user_id: zId.optional(),
      user_email: z.string().trim().max(255).optional(),
      user_company_name: z.string().trim().max(255).optional(),
      /** Tasks with at least one service point in this status. */
      contains_task_status: z.coerce.number<number | string>().pipe(zTaskStatus).optional(),
      task_type: z.coerce.number<number | string>().pipe(zTaskType).optional(),
      service_number: z.string().trim().max(20).optional(),
      alias: z.string().trim().max(120).optional(),
      reviewed: zQueryBoolean.optional(),
      ...dateRange(),
    })
    .extend(zPageQuery.shape)
    .refine(dateOrder, dateOrderIssue),
);
export type TaskLogsQuery = z.input<typeof zTaskLogsQuery>;

export const MAX_TASK_IDS = 1_000;

/** PATCH /tasks/logs/bulk: mark logs as reviewed (or not). */
export const zTaskLogsBulkUpdate = lazySchema(() =>
  z.object({
    task_ids: z.array(zId).min(1).max(MAX_TASK_IDS),
    reviewed: z.boolean(),
  }),
);
export type TaskLogsBulkUpdate = z.infer<typeof zTaskLogsBulkUpdate>;

/**
 * POST /tasks/user-retry and POST /tasks/retry: run again the failed service points of some
 * tasks (all failed ones of `task_ids`, plus the listed associations). Each task retried makes
 * a new task of the same type; the failed run stays in the logs as it was.
 */
export const zTaskRetry = lazySchema(() =>
  z
    .object({
      task_ids: z.array(zId).max(MAX_TASK_IDS).default([]),
      task_association_ids: z.array(zId).max(10_000).default([]),
    })
    .refine((value) => value.task_ids.length + value.task_association_ids.length > 0, {
      message: 'task_ids or task_association_ids is a required field',
      path: ['task_ids'],
      params: { type: 'missing' },
    }),
);
export type TaskRetry = z.input<typeof zTaskRetry>;

/** The tasks a retry started. */
export const zTaskList = lazySchema(() => z.object({ data: z.array(zTask) }));
export type TaskList = z.infer<typeof zTaskList>;

/** Workflows a portal account's sync may run (POST /credentials/sync/{credential_id}). */
export const credentialSyncWorkflows = [
  SyncWorkflow.portalSpaceSync,
  SyncWorkflow.bulkSync,
  SyncWorkflow.bulkLink,
] as const;

/**
 * The user's explicit confirmation that linking may leave the CFE account with more services
 * than PORTAL_SERVICE_CAP (CFE reportedly blocks accounts with more than 10). Without it, a
 * request that would pass the cap is refused with 422 on this field, and a run that meets the
 * cap in CFE's own list ends as a user error (`failure_reason` "service_cap").
 */
const zExceedServiceCap = lazySchema(() => z.boolean().default(false));

/**
 * POST /credentials/sync/{credential_id}. Without a body: the portal-space sync (every service
 * of the account, spec §4 workflow 2). With `workflow` 3 or 4: bulk sync or bulk link of the
 * account's service points, or of `rpu_ids` only.
 */
export const zCredentialSyncRequest = lazySchema(() =>
  z
    .object({
      workflow: z
        .union(credentialSyncWorkflows.map((value) => z.literal(value)))
        .default(SyncWorkflow.portalSpaceSync),
      rpu_ids: z.array(zId).min(1).max(10_000).optional(),
      exceed_service_cap: zExceedServiceCap,
    })
    .default({ workflow: SyncWorkflow.portalSpaceSync, exceed_service_cap: false }),
);
export type CredentialSyncRequest = z.input<typeof zCredentialSyncRequest>;

/**
 * POST /rpus/sync/{credential_id}/{rpu_id}: link and sync one service point (workflow 1).
 * `last_payment` is the additional information for the second link attempt; when given it is
 * also kept on the service point.
 */
export const zRpuSyncRequest = lazySchema(() =>
  z
    .object({ last_payment: zMoney.nullable().optional(), exceed_service_cap: zExceedServiceCap })
    .default({ exceed_service_cap: false }),
);
export type RpuSyncRequest = z.input<typeof zRpuSyncRequest>;
