import { z } from 'zod';
import { zId, zIsoDate, zMoney } from './common';
import { zRpuStatus, zTaskStatus, zTaskType } from './enums';
import { lazySchema } from './zod-in-browser';

/**
 * Outbound webhooks (Standard Webhooks). Every delivery's body is a `WebhookMessage`:
 * `{type, timestamp, data}`; `data` depends on `type` and is described by the schemas below.
 * docs/webhooks.md documents each event with an example.
 */

/** Events a user can subscribe an endpoint to. */
export const webhookEventTypes = ['period.created', 'rpu.status_changed', 'task.finished'] as const;
export const zWebhookEventType = lazySchema(() => z.enum(webhookEventTypes));
export type WebhookEventType = z.infer<typeof zWebhookEventType>;

/** Sent only by the test endpoints, to any enabled endpoint whatever its events. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export const zDeliveredEventType = lazySchema(() => z.enum([...webhookEventTypes, WEBHOOK_TEST_EVENT]));
export type DeliveredEventType = z.infer<typeof zDeliveredEventType>;

// ---------------------------------------------------------------------------------------------
// Event data

/** The service point an event is about. */
export const zWebhookRpu = lazySchema(() =>
  z.object({
    rpu_id: zId,
    service_number: z.string(),
    alias: z.string(),
    rpu_status: zRpuStatus,
    credential_id: zId.nullable(),
  }),
);
export type WebhookRpu = z.infer<typeof zWebhookRpu>;

export const zWebhookDocument = lazySchema(() =>
  z.object({
    kind: z.enum(['pdf', 'xml']),
    /** `receipt`: the period's own receipt; `complementary`: another CFDI CFE issued for it. */
    role: z.enum(['receipt', 'complementary']),
    file_name: z.string(),
    /** GET it with the user's bearer token (`GET /media/get-file`). */
    url: z.string(),
  }),
);
export type WebhookDocument = z.infer<typeof zWebhookDocument>;

/** `period.created`: a billing period was found for the first time, with its receipts. */
export const zPeriodCreatedData = lazySchema(() =>
  z.object({
    rpu: zWebhookRpu,
    period: z.object({
      period_id: zId,
      initial_date: zIsoDate,
      final_date: zIsoDate,
      amount: zMoney,
      consumption_kwh: zMoney,
      tariff: z.string(),
      cfdi_uuid: z.string().nullable(),
      cfdi_series: z.string().nullable(),
      cfdi_folio: z.string().nullable(),
      due_date: zIsoDate.nullable(),
      /** CFE's whole-peso total to pay (the fiscal total with cents is `amount`). */
      total_to_pay: zMoney.nullable(),
    }),
    documents: z.array(zWebhookDocument),
    task_id: zId.nullable(),
  }),
);
export type PeriodCreatedData = z.infer<typeof zPeriodCreatedData>;

/**
 * `rpu.status_changed`: a sync settled a service point on a status of spec §4 other than the one
 * last announced (e.g. 1 Activo → 4 bad credentials). The passing "syncing" (-1) is not announced.
 */
export const zRpuStatusChangedData = lazySchema(() =>
  z.object({
    rpu: zWebhookRpu,
    /** The status announced before; null the first time this service point's status is announced. */
    previous_status: zRpuStatus.nullable(),
    status: zRpuStatus,
    status_label: z.string(),
    message: z.string().nullable(),
    task_id: zId.nullable(),
  }),
);
export type RpuStatusChangedData = z.infer<typeof zRpuStatusChangedData>;

/** `task.finished`: a task reached a final status (success, error or user error). */
export const zTaskFinishedData = lazySchema(() =>
  z.object({
    task_id: zId,
    type: zTaskType,
    type_label: z.string(),
    status: zTaskStatus,
    status_label: z.string(),
    workflow: z.number().int(),
    credential_id: zId.nullable(),
    message: z.string().nullable(),
    associations: z.object({
      total: z.number().int(),
      succeeded: z.number().int(),
      failed: z.number().int(),
    }),
    created_at: z.string(),
    finished_at: z.string(),
  }),
);
export type TaskFinishedData = z.infer<typeof zTaskFinishedData>;

/** `webhook.test`: sent on demand; `rpu` is present when a superuser tests with a service point. */
export const zWebhookTestData = lazySchema(() =>
  z.object({
    webhook_id: zId,
    message: z.string(),
    rpu: zWebhookRpu.nullable(),
  }),
);
export type WebhookTestData = z.infer<typeof zWebhookTestData>;

export const webhookEventDataSchemas = {
  'period.created': zPeriodCreatedData,
  'rpu.status_changed': zRpuStatusChangedData,
  'task.finished': zTaskFinishedData,
  'webhook.test': zWebhookTestData,
} as const satisfies Record<DeliveredEventType, z.ZodType>;

export type WebhookEventData = {
  [K in DeliveredEventType]: z.infer<(typeof webhookEventDataSchemas)[K]>;
};

/** The body of every delivery. `timestamp` is when the event happened (ISO 8601). */
export type WebhookMessage<T extends DeliveredEventType = DeliveredEventType> = {
  type: T;
  timestamp: string;
  data: WebhookEventData[T];
};

// ---------------------------------------------------------------------------------------------
// Endpoints

/**
 * Receivers are reached over HTTP(S) only, without credentials in the URL (they would end up in
 * logs and screens); the address checks (no private networks) happen on the server.
 */
export const zWebhookUrl = lazySchema(() =>
  z
    .string()
    .trim()
    .max(2048)
    .pipe(z.url({ protocol: /^https?$/ }))
    .refine((url) => {
      if (!URL.canParse(url)) return true;
      const parsed = new URL(url);
      return parsed.username === '' && parsed.password === '';
    }, 'La URL no debe incluir usuario ni contraseña'),
);

export const webhookDisabledReasons = ['user', 'gone'] as const;
export const zWebhookDisabledReason = lazySchema(() => z.enum(webhookDisabledReasons));
export type WebhookDisabledReason = z.infer<typeof zWebhookDisabledReason>;

/** An endpoint as its owner sees it. The signing secret is never part of it. */
export const zWebhook = lazySchema(() =>
  z.object({
    webhook_id: zId,
    url: z.string(),
    description: z.string(),
    events: z.array(zWebhookEventType),
    enabled: z.boolean(),
    /** Why it is disabled: by its owner, or by the receiver answering 410 Gone. */
    disabled_reason: zWebhookDisabledReason.nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type Webhook = z.infer<typeof zWebhook>;

/** Answer of creation and of a secret rotation: the only time the secret is shown. */
export const zWebhookWithSecret = lazySchema(() =>
  zWebhook.extend({ secret: z.string().startsWith('whsec_') }),
);
export type WebhookWithSecret = z.infer<typeof zWebhookWithSecret>;

const zEvents = lazySchema(() =>
  z
    .array(zWebhookEventType)
    .min(1)
    .max(webhookEventTypes.length)
    .transform((events) => [...new Set(events)]),
);

export const zWebhookCreate = lazySchema(() =>
  z.object({
    url: zWebhookUrl,
    description: z.string().trim().max(200).default(''),
    events: zEvents,
    enabled: z.boolean().default(true),
  }),
);
export type WebhookCreate = z.input<typeof zWebhookCreate>;

export const zWebhookUpdate = lazySchema(() =>
  z
    .object({
      url: zWebhookUrl,
      description: z.string().trim().max(200),
      events: zEvents,
      enabled: z.boolean(),
      /** A new secret replaces the old one at once; the answer carries it (shown once). */
      rotate_secret: z.boolean(),
    })
    .partial(),
);
export type WebhookUpdate = z.input<typeof zWebhookUpdate>;

/** PATCH answers the secret only when it was rotated. */
export const zWebhookUpdated = lazySchema(() => zWebhook.extend({ secret: z.string().optional() }));
export type WebhookUpdated = z.infer<typeof zWebhookUpdated>;

// ---------------------------------------------------------------------------------------------
// Deliveries

/**
 * pending: waiting for its first attempt or a retry; sending: an attempt is under way;
 * delivered: a 2xx answer; failed: out of attempts, endpoint disabled or deleted meanwhile.
 */
export const webhookDeliveryStatuses = ['pending', 'sending', 'delivered', 'failed'] as const;
export const zWebhookDeliveryStatus = lazySchema(() => z.enum(webhookDeliveryStatuses));
export type WebhookDeliveryStatus = z.infer<typeof zWebhookDeliveryStatus>;

export const zWebhookDelivery = lazySchema(() =>
  z.object({
    delivery_id: zId,
    webhook_id: zId,
    /** The `webhook-id` header: the same on every attempt of this delivery. */
    message_id: z.string(),
    event_type: zDeliveredEventType,
    status: zWebhookDeliveryStatus,
    attempts: z.number().int(),
    /** HTTP status of the last attempt; null when no answer came (timeout, refused address…). */
    last_status_code: z.number().int().nullable(),
    last_duration_ms: z.number().int().nullable(),
    last_error: z.string().nullable(),
    next_attempt_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type WebhookDelivery = z.infer<typeof zWebhookDelivery>;

export const zWebhookParams = lazySchema(() => z.object({ webhook_id: zId }));
