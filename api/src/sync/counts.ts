/**
 * A task's counts, of service points: the association that reads a whole CFE account (no RPU)
 * counts only while it has not succeeded, so "6 de 6" is six services, not five and the account,
 * and a refused login is still the one failure. Columns over `task_associations a`.
 */
export const servicePointCounts = /* sql */ `
  count(*) FILTER (WHERE a.rpu_id IS NOT NULL OR a.status <> 1)::int AS total,
  count(*) FILTER (WHERE a.status = 1 AND a.rpu_id IS NOT NULL)::int AS success,
  count(*) FILTER (WHERE a.status = 2)::int AS error,
  count(*) FILTER (WHERE a.status = 3)::int AS user_error,
  count(*) FILTER (WHERE a.status = 4)::int AS retrying`;
