import { type SyncEvent, TaskStatus } from '@luz/shared/contract';
import type { Queryable } from '../db/database';
import type { SyncContext } from './step-input';

/** A task association as the engine reads it: one service point's (or account's) run. */
export type AssociationRow = {
  id: string;
  task_id: string;
  user_id: string;
  rpu_id: string | null;
  credential_id: string | null;
  service_number: string | null;
  /** Names for the sync panel: the account's alias (else its CFE user) and the service's alias. */
  credential_label: string | null;
  alias: string | null;
  workflow: number;
  chain_step: string | null;
  attempt: number;
  status: number;
  progress: number;
  message: string | null;
  step_seq: number;
  deferrals: number;
  /** The run asked the owner for CFE's CAPTCHA (captcha-pause.ts). */
  captcha_asked: boolean;
  last_payment: string | null;
  /** The user confirmed linking past PORTAL_SERVICE_CAP (migration 140). */
  exceed_service_cap: boolean;
  finished_at: Date | null;
  updated_at: Date;
};

export const associationColumns = /* sql */ `
  a.id, a.task_id, a.user_id, a.rpu_id, a.credential_id, a.service_number, a.workflow, a.chain_step,
  a.attempt, a.status, a.progress, a.message, a.step_seq, a.deferrals, a.last_payment::text AS last_payment,
  a.exceed_service_cap, a.captcha_asked_at IS NOT NULL AS captcha_asked,
  a.finished_at, a.updated_at,
  (SELECT coalesce(nullif(c.alias, ''), c.cfe_user) FROM credentials c WHERE c.id = a.credential_id)
    AS credential_label,
  (SELECT nullif(r.alias, '') FROM rpus r WHERE r.id = a.rpu_id) AS alias`;

/** The sync event of an association as it is now (spec §3 fields, plus where it belongs). */
export function eventOf(row: AssociationRow): SyncEvent {
  return {
    event_type:
      row.status === TaskStatus.success
        ? 'success'
        : row.status === TaskStatus.error || row.status === TaskStatus.userError
          ? 'error'
          : 'progress',
    attempt: row.attempt,
    chain_step: row.chain_step ?? '',
    chain_workflow: row.workflow,
    progress: row.progress,
    status: row.status,
    task_id: row.task_id,
    task_association_id: row.id,
    rpu_id: row.rpu_id,
    credential_id: row.credential_id,
    service_number: row.service_number,
    credential_label: row.credential_label,
    alias: row.alias,
    message: row.message,
    timestamp: row.updated_at.toISOString(),
  };
}

export async function publish(ctx: SyncContext, tx: Queryable, rows: readonly AssociationRow[]) {
  for (const row of rows) await ctx.syncEvents.publish(row.user_id, eventOf(row), tx);
}

export async function loadAssociation(db: Queryable, id: string): Promise<AssociationRow | null> {
  const { rows } = await db.query<AssociationRow>(
    `SELECT ${associationColumns} FROM task_associations a WHERE a.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}
