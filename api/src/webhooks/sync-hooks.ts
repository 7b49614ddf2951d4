import {
  RpuStatus,
  rpuStatusValues,
  type TaskStatus,
  type TaskType,
  type WebhookRpu,
} from '@luz/shared/contract';
// The labels the interface shows (spec §4), so payloads read the same as the screens.
import { rpuStatusLabel, taskStatusLabel, taskTypeLabel } from '@luz/shared/enums';
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import type { SyncHooks } from '../sync/hooks';
import { documentUrl } from './document-url';

type RpuRow = WebhookRpu;

async function loadRpu(tx: Queryable, rpuId: string): Promise<RpuRow | null> {
  const { rows } = await tx.query<RpuRow>(
    `SELECT id AS rpu_id, service_number, alias, rpu_status, credential_id FROM rpus WHERE id = $1`,
    [rpuId],
  );
  return rows[0] ?? null;
}

/**
 * The sync engine's announcements (api/src/sync/hooks.ts) as webhook events, published in the
 * engine's transaction: a delivery exists only if what it announces was committed.
 */
export function webhookSyncHooks(ctx: Pick<AppContext, 'webhooks' | 'config'>): SyncHooks {
  return {
    async periodCreated(tx, event) {
      const rpu = await loadRpu(tx, event.rpuId);
      const { rows } = await tx.query<{
        period_id: string;
        initial_date: string;
        final_date: string;
        amount: string;
        consumption_kwh: string;
        tariff: string;
        cfdi_uuid: string | null;
        cfdi_series: string | null;
        cfdi_folio: string | null;
        due_date: string | null;
        total_to_pay: string | null;
      }>(
        `SELECT id AS period_id, to_char(initial_date, 'YYYY-MM-DD') AS initial_date,
           to_char(final_date, 'YYYY-MM-DD') AS final_date, amount::text AS amount,
           consumption_kwh::text AS consumption_kwh, tariff, cfdi_uuid, cfdi_series, cfdi_folio,
           to_char(due_date, 'YYYY-MM-DD') AS due_date, total_to_pay::text AS total_to_pay
         FROM periods WHERE id = $1`,
        [event.periodId],
      );
      const period = rows[0];
      if (!rpu || !period) return;
      const documents = await tx.query<{
        kind: 'pdf' | 'xml';
        file_name: string;
        role: 'receipt' | 'complementary';
      }>(
        `SELECT kind, file_name, role FROM documents WHERE period_id = $1 ORDER BY role <> 'receipt', kind, file_name`,
        [event.periodId],
      );
      await ctx.webhooks.publish(
        event.userId,
        'period.created',
        {
          rpu,
          period,
          documents: documents.rows.map((document) => ({
            ...document,
            url: documentUrl(ctx.config.publicUrl, document.file_name),
          })),
          task_id: event.taskId,
        },
        tx,
      );
    },

    async rpuStatusChanged(tx, event) {
      // Passing through "syncing" is not news; a settled status is, when it differs from the last one announced.
      if (event.status === RpuStatus.syncing) return;
      // Locked first, so concurrent announcements of one service point take turns; as the sync
      // engine locks it (FOR NO KEY UPDATE, sync/locks.ts), so the lock is never strengthened.
      const { rows } = await tx.query<{ previous: number | null }>(
        'SELECT webhook_status AS previous FROM rpus WHERE id = $1 FOR NO KEY UPDATE',
        [event.rpuId],
      );
      if (!rows[0]) return;
      const previous = rows[0].previous;
      if (previous === event.status) return;
      await tx.query('UPDATE rpus SET webhook_status = $2 WHERE id = $1', [event.rpuId, event.status]);
      const rpu = await loadRpu(tx, event.rpuId);
      if (!rpu) return;
      await ctx.webhooks.publish(
        event.userId,
        'rpu.status_changed',
        {
          rpu,
          previous_status: rpuStatusValues.find((value) => value === previous) ?? null,
          status: event.status,
          status_label: rpuStatusLabel(event.status),
          message: event.message,
          task_id: event.taskId,
        },
        tx,
      );
    },

    async taskFinished(tx, event) {
      const { rows } = await tx.query<{
        workflow: number;
        credential_id: string | null;
        created_at: Date;
        finished_at: Date | null;
        total: number;
        succeeded: number;
        failed: number;
      }>(
        `SELECT t.workflow, t.credential_id, t.created_at, t.finished_at,
           count(a.id)::int AS total,
           count(a.id) FILTER (WHERE a.status = 1)::int AS succeeded,
           count(a.id) FILTER (WHERE a.status IN (2, 3))::int AS failed
         FROM tasks t LEFT JOIN task_associations a ON a.task_id = t.id
         WHERE t.id = $1 GROUP BY t.id`,
        [event.taskId],
      );
      const task = rows[0];
      if (!task) return;
      await ctx.webhooks.publish(
        event.userId,
        'task.finished',
        {
          task_id: event.taskId,
          type: event.type as TaskType,
          type_label: taskTypeLabel(event.type),
          status: event.status as TaskStatus,
          status_label: taskStatusLabel(event.status),
          workflow: task.workflow,
          credential_id: task.credential_id,
          message: event.message,
          associations: { total: task.total, succeeded: task.succeeded, failed: task.failed },
          created_at: task.created_at.toISOString(),
          finished_at: (task.finished_at ?? new Date()).toISOString(),
        },
        tx,
      );
    },
  };
}
