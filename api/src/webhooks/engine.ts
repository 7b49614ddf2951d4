import {
  type DeliveredEventType,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEventData,
  type WebhookEventType,
  type WebhookMessage,
  webhookEventDataSchemas,
} from '@luz/shared/contract';
import type { WebhookSettings } from '../config';
import type { SecretBox } from '../crypto/secret-box';
import type { Queryable } from '../db/database';
import type { Resolver } from './address-guard';
import { type AttemptOutcome, postSigned } from './http-sender';
import { webhookMessages } from './messages';
import { type DeliveryRow, deliveryColumns, toDelivery, webhookSecretBinding } from './service';
import { generateMessageId, signedHeaders } from './signing';

/** Where the engine puts the next attempt of a delivery: the job queue, in production. */
export type DeliveryQueue = {
  /**
   * Runs `engine.attempt(deliveryId)` after `delayMs` (0: as soon as a worker is free). With
   * `via` (an open transaction) the job exists only if that transaction commits, so a worker
   * never looks for a delivery row that is not there yet.
   */
  enqueue(deliveryId: string, delayMs: number, via?: Queryable): Promise<void>;
};

export type WebhookEngine = {
  /**
   * Records one delivery per enabled endpoint of `userId` subscribed to `type`, and queues their
   * first attempts. With `via`, both happen in that transaction. Answers how many were queued.
   */
  publish<T extends WebhookEventType>(
    userId: string,
    type: T,
    data: WebhookEventData[T],
    via?: Queryable,
  ): Promise<number>;
  /** One attempt of a queued delivery (the job handler); a retry is queued when it fails. */
  attempt(deliveryId: string): Promise<void>;
  /**
   * Sends a `webhook.test` message to one endpoint now, once (tests are not retried), and
   * answers the delivery with its outcome.
   */
  sendTest(webhookId: string, data: WebhookEventData['webhook.test']): Promise<WebhookDelivery>;
  /**
   * Queues again deliveries whose job was lost (the queue was unreachable when a retry was
   * scheduled) or whose attempt died with its worker; answers their number.
   */
  requeueOverdue(): Promise<number>;
  /** Forgets finished deliveries older than DELIVERY_RETENTION_DAYS; answers how many. */
  pruneFinished(): Promise<number>;
};

/** How long the delivery log keeps a finished delivery (the settings screen shows recent ones). */
export const DELIVERY_RETENTION_DAYS = 30;

export type WebhookEngineDeps = {
  db: Queryable;
  secrets: SecretBox;
  settings: WebhookSettings;
  queue: DeliveryQueue;
  /** Default: the system resolver. Tests make names resolve where they need. */
  resolve?: Resolver;
  now?: () => number;
  random?: () => number;
};

/** A delay with ±20 % jitter, so endpoints that failed together do not retry in lockstep. */
export function withJitter(delayMs: number, random: () => number = Math.random): number {
  return Math.round(delayMs * (0.8 + 0.4 * random()));
}

type ClaimedRow = {
  id: string;
  message_id: string;
  payload: unknown;
  attempts: number;
  is_test: boolean;
  webhook_id: string;
  url: string;
  secret_encrypted: string;
};

export function createWebhookEngine({
  db,
  secrets,
  settings,
  queue,
  resolve,
  now = Date.now,
  random = Math.random,
}: WebhookEngineDeps): WebhookEngine {
  const policy = { allowedHosts: settings.allowedHosts, resolve };
  // An attempt left in `sending` longer than this died with its worker: it may be taken again.
  const staleSeconds = Math.ceil((2 * settings.attemptTimeoutMs) / 1000) + 60;

  async function claim(deliveryId: string): Promise<ClaimedRow | null> {
    const { rows } = await db.query<ClaimedRow>(
      `UPDATE webhook_deliveries d
       SET status = 'sending', attempts = d.attempts + 1, next_attempt_at = NULL, updated_at = now()
       FROM webhooks w
       WHERE d.id = $1 AND w.id = d.webhook_id AND (w.enabled OR d.is_test)
         AND ((d.status = 'pending' AND (d.next_attempt_at IS NULL OR d.next_attempt_at <= now() + interval '5 seconds'))
           OR (d.status = 'sending' AND d.updated_at < now() - make_interval(secs => $2)))
       RETURNING d.id, d.message_id, d.payload, d.attempts, d.is_test, w.id AS webhook_id, w.url, w.secret_encrypted`,
      [deliveryId, staleSeconds],
    );
    if (rows[0]) return rows[0];
    // Not claimable: already done, deleted with its endpoint, or its endpoint was disabled meanwhile.
    await db.query(
      `UPDATE webhook_deliveries d SET status = 'failed', last_error = $2, next_attempt_at = NULL, updated_at = now()
       FROM webhooks w
       WHERE d.id = $1 AND w.id = d.webhook_id AND d.status = 'pending' AND NOT w.enabled AND NOT d.is_test`,
      [deliveryId, webhookMessages.webhookDisabled],
    );
    return null;
  }

  async function record(row: ClaimedRow, outcome: AttemptOutcome) {
    const last = [row.id, outcome.statusCode, outcome.durationMs, outcome.error];
    if (outcome.kind === 'delivered') {
      await db.query(
        `UPDATE webhook_deliveries SET status = 'delivered', delivered_at = now(), last_status_code = $2,
           last_duration_ms = $3, last_error = $4, updated_at = now() WHERE id = $1`,
        last,
      );
      return;
    }
    if (outcome.kind === 'gone') {
      await db.query(
        "UPDATE webhooks SET enabled = false, disabled_reason = 'gone', updated_at = now() WHERE id = $1",
        [row.webhook_id],
      );
    }
    const delay = settings.retryDelaysMs[row.attempts - 1];
    if (outcome.kind === 'failed' && !row.is_test && delay !== undefined) {
      const wait = withJitter(delay, random);
      await db.query(
        `UPDATE webhook_deliveries SET status = 'pending', last_status_code = $2, last_duration_ms = $3,
           last_error = $4, next_attempt_at = now() + make_interval(secs => $5), updated_at = now() WHERE id = $1`,
        [...last, wait / 1000],
      );
      await queue.enqueue(row.id, wait);
      return;
    }
    await db.query(
      `UPDATE webhook_deliveries SET status = 'failed', last_status_code = $2, last_duration_ms = $3,
         last_error = $4, updated_at = now() WHERE id = $1`,
      last,
    );
  }

  async function attempt(deliveryId: string) {
    const row = await claim(deliveryId);
    if (!row) return;
    const body = JSON.stringify(row.payload);
    const outcome = await postSigned({
      url: row.url,
      body,
      headers: signedHeaders(
        secrets.open(row.secret_encrypted, webhookSecretBinding(row.webhook_id)),
        row.message_id,
        body,
        now(),
      ),
      timeoutMs: settings.attemptTimeoutMs,
      policy,
    });
    await record(row, outcome);
  }

  function message<T extends DeliveredEventType>(type: T, data: WebhookEventData[T]): WebhookMessage<T> {
    // A payload that does not match its documented shape is a bug of the caller: fail loudly.
    const parsed = webhookEventDataSchemas[type].parse(data) as WebhookEventData[T];
    return { type, timestamp: new Date(now()).toISOString(), data: parsed };
  }

  return {
    async publish(userId, type, data, via) {
      const target = via ?? db;
      const { rows } = await target.query<{ id: string }>(
        `INSERT INTO webhook_deliveries (webhook_id, message_id, event_type, payload, next_attempt_at)
         SELECT w.id, $2, $3, $4::jsonb, now() FROM webhooks w
         WHERE w.user_id = $1 AND w.enabled AND $3 = ANY (w.events)
         RETURNING id`,
        [userId, generateMessageId(), type, JSON.stringify(message(type, data))],
      );
      for (const { id } of rows) await queue.enqueue(id, 0, via);
      return rows.length;
    },

    attempt,

    async sendTest(webhookId, data) {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO webhook_deliveries (webhook_id, message_id, event_type, payload, is_test, next_attempt_at)
         VALUES ($1, $2, $3, $4::jsonb, true, now()) RETURNING id`,
        [
          webhookId,
          generateMessageId(),
          WEBHOOK_TEST_EVENT,
          JSON.stringify(message(WEBHOOK_TEST_EVENT, data)),
        ],
      );
      const id = (rows[0] as { id: string }).id;
      await attempt(id);
      const result = await db.query<DeliveryRow>(
        `SELECT ${deliveryColumns} FROM webhook_deliveries d WHERE d.id = $1`,
        [id],
      );
      return toDelivery(result.rows[0] as DeliveryRow);
    },

    async requeueOverdue() {
      const { rows } = await db.query<{ id: string }>(
        `SELECT d.id FROM webhook_deliveries d
         WHERE NOT d.is_test
           AND ((d.status = 'pending' AND d.next_attempt_at < now() - interval '5 minutes')
             OR (d.status = 'sending' AND d.updated_at < now() - make_interval(secs => $1)))
         ORDER BY d.next_attempt_at NULLS FIRST LIMIT 1000`,
        [staleSeconds],
      );
      for (const { id } of rows) await queue.enqueue(id, 0);
      return rows.length;
    },

    async pruneFinished() {
      const { rowCount } = await db.query(
        `DELETE FROM webhook_deliveries
         WHERE status IN ('delivered', 'failed') AND updated_at < now() - make_interval(days => $1)`,
        [DELIVERY_RETENTION_DAYS],
      );
      return rowCount;
    },
  };
}
