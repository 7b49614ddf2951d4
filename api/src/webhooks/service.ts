import { randomUUID } from 'node:crypto';
import type {
  Page,
  PageQuery,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookDisabledReason,
  WebhookEventType,
  zWebhookCreate,
  zWebhookUpdate,
} from '@luz/shared/contract';
import type { z } from 'zod';
import type { SecretBox } from '../crypto/secret-box';
import { Conditions } from '../db/conditions';
import type { Queryable } from '../db/database';
import { conflict, notFound } from '../http/errors';
import { selectPage } from '../http/pagination';
import { RequestValidationError } from '../http/validation';
import { type AddressPolicy, RefusedAddressError, resolveTarget } from './address-guard';
import { webhookMessages } from './messages';
import { generateSecret } from './signing';

type WebhookRow = {
  id: string;
  user_id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  disabled_reason: WebhookDisabledReason | null;
  created_at: Date;
  updated_at: Date;
};

const webhookColumns =
  'id, user_id, url, description, events, enabled, disabled_reason, created_at, updated_at';

export function toWebhook(row: WebhookRow): Webhook {
  return {
    webhook_id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabled_reason: row.disabled_reason,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export type DeliveryRow = {
  id: string;
  webhook_id: string;
  message_id: string;
  event_type: WebhookDelivery['event_type'];
  status: WebhookDeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_duration_ms: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

export const deliveryColumns = `d.id, d.webhook_id, d.message_id, d.event_type, d.status, d.attempts,
  d.last_status_code, d.last_duration_ms, d.last_error, d.next_attempt_at, d.created_at, d.updated_at`;

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    delivery_id: row.id,
    webhook_id: row.webhook_id,
    message_id: row.message_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.last_status_code,
    last_duration_ms: row.last_duration_ms,
    last_error: row.last_error,
    next_attempt_at: row.next_attempt_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * Refuses, when it is saved, a URL whose host is already known to be off limits (a private
 * address, a name resolving to loopback…), so the owner learns it at once. A name that does not
 * resolve yet is accepted: DNS may be set up later, and every delivery checks again anyway.
 */
async function checkUrl(url: string, policy: AddressPolicy) {
  try {
    await resolveTarget(new URL(url), policy);
  } catch (error) {
    if (!(error instanceof RefusedAddressError)) throw error;
    if (error.reason === 'refused')
      throw new RequestValidationError([{ loc: ['body', 'url'], msg: error.message, type: 'value_error' }]);
  }
}

export async function listWebhooks(db: Queryable, userId: string, page: PageQuery): Promise<Page<Webhook>> {
  const where = new Conditions();
  where.add((p) => `user_id = ${p}`, userId);
  return selectPage<WebhookRow, Webhook>(
    db,
    { columns: webhookColumns, from: 'webhooks', where, orderBy: 'created_at DESC, id' },
    page,
    toWebhook,
  );
}

/** The caller's endpoint, or 404 (also for another user's: its existence is not revealed). */
export async function findWebhook(db: Queryable, userId: string, webhookId: string): Promise<WebhookRow> {
  const { rows } = await db.query<WebhookRow>(
    `SELECT ${webhookColumns} FROM webhooks WHERE id = $1 AND user_id = $2`,
    [webhookId, userId],
  );
  if (!rows[0]) throw notFound(webhookMessages.notFound);
  return rows[0];
}

export type WebhookDeps = { db: Queryable; secrets: SecretBox; policy: AddressPolicy };

/**
 * Endpoints one user may have. Every event goes to each of them: without a ceiling one account
 * would turn Luz into an amplifier (one sync, thousands of outbound posts).
 */
export const MAX_WEBHOOKS_PER_USER = 20;

/** Where an endpoint's sealed signing secret lives (its associated data). */
export const webhookSecretBinding = (id: string) => ({ table: 'webhooks', column: 'secret_encrypted', id });

/**
 * Creates an endpoint with a new secret; the answer is the only place the secret appears. 409 at
 * the ceiling (checked in the same statement as the insert).
 */
export async function createWebhook(
  { db, secrets, policy }: WebhookDeps,
  userId: string,
  input: z.output<typeof zWebhookCreate>,
): Promise<Webhook & { secret: string }> {
  await checkUrl(input.url, policy);
  const secret = generateSecret();
  // The id is chosen here: the sealed secret is bound to its row.
  const id = randomUUID();
  const { rows } = await db.query<WebhookRow>(
    `INSERT INTO webhooks (id, user_id, url, description, events, enabled, disabled_reason, secret_encrypted)
     SELECT $9, $1, $2, $3, $4, $5, $6, $7
     WHERE (SELECT count(*) FROM webhooks WHERE user_id = $1) < $8
     RETURNING ${webhookColumns}`,
    [
      userId,
      input.url,
      input.description,
      input.events,
      input.enabled,
      input.enabled ? null : 'user',
      secrets.seal(secret, webhookSecretBinding(id)),
      MAX_WEBHOOKS_PER_USER,
      id,
    ],
  );
  if (!rows[0]) throw conflict(webhookMessages.tooManyWebhooks(MAX_WEBHOOKS_PER_USER));
  return { ...toWebhook(rows[0]), secret };
}

/** Edits an endpoint; `rotate_secret` replaces the secret and answers the new one (shown once). */
export async function updateWebhook(
  { db, secrets, policy }: WebhookDeps,
  userId: string,
  webhookId: string,
  changes: z.output<typeof zWebhookUpdate>,
): Promise<Webhook & { secret?: string }> {
  await findWebhook(db, userId, webhookId);
  if (changes.url !== undefined) await checkUrl(changes.url, policy);
  const assignments: string[] = [];
  const values: unknown[] = [webhookId, userId];
  const set = (column: string, value: unknown) => {
    values.push(value);
    assignments.push(`${column} = $${values.length}`);
  };
  if (changes.url !== undefined) set('url', changes.url);
  if (changes.description !== undefined) set('description', changes.description);
  if (changes.events !== undefined) set('events', changes.events);
  if (changes.enabled !== undefined) {
    set('enabled', changes.enabled);
    set('disabled_reason', changes.enabled ? null : 'user');
  }
  const secret = changes.rotate_secret ? generateSecret() : undefined;
  if (secret) set('secret_encrypted', secrets.seal(secret, webhookSecretBinding(webhookId)));
  const { rows } = await db.query<WebhookRow>(
    `UPDATE webhooks SET ${[...assignments, 'updated_at = now()'].join(', ')}
     WHERE id = $1 AND user_id = $2 RETURNING ${webhookColumns}`,
    values,
  );
  const webhook = toWebhook(rows[0] as WebhookRow);
  return secret ? { ...webhook, secret } : webhook;
}

/** Deletes an endpoint and its delivery log; queued attempts find nothing and stop. */
export async function deleteWebhook(db: Queryable, userId: string, webhookId: string): Promise<void> {
  const { rowCount } = await db.query('DELETE FROM webhooks WHERE id = $1 AND user_id = $2', [
    webhookId,
    userId,
  ]);
  if (rowCount === 0) throw notFound(webhookMessages.notFound);
}

/** An endpoint's deliveries, newest first. */
export async function listDeliveries(
  db: Queryable,
  userId: string,
  webhookId: string,
  page: PageQuery,
): Promise<Page<WebhookDelivery>> {
  await findWebhook(db, userId, webhookId);
  const where = new Conditions();
  where.add((p) => `d.webhook_id = ${p}`, webhookId);
  return selectPage<DeliveryRow, WebhookDelivery>(
    db,
    { columns: deliveryColumns, from: 'webhook_deliveries d', where, orderBy: 'd.created_at DESC, d.id' },
    page,
    toDelivery,
  );
}
