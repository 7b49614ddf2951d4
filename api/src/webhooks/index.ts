import type { WebhookEventData, WebhookEventType } from '@luz/shared/contract';
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';

export { documentUrl } from './document-url';
export type { DeliveryQueue, WebhookEngine } from './engine';
export { createWebhookEngine } from './engine';
export { jobDeliveryQueue, registerWebhookJobs } from './jobs';
export { webhooksRoutes } from './routes';

/**
 * Publishes an event of `userId` to their webhooks (the sync engine calls it). One delivery is
 * recorded and queued per enabled endpoint subscribed to `type`; pass `via` (an open transaction)
 * to publish only if that transaction commits. `data` is checked against the documented schema
 * of the event (shared/src/contract/webhooks.ts; docs/webhooks.md). Answers the deliveries queued.
 */
export function publishWebhookEvent<T extends WebhookEventType>(
  ctx: Pick<AppContext, 'webhooks'>,
  userId: string,
  type: T,
  data: WebhookEventData[T],
  via?: Queryable,
): Promise<number> {
  return ctx.webhooks.publish(userId, type, data, via);
}
