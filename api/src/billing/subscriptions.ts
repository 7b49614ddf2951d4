import { inactiveSubscriptionStatuses, isSubscriptionActive } from '@luz/shared/subscription';
import type { Queryable } from '../db/database';
import type { ProviderSubscription } from './provider';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Stores what the provider says about a subscription on its user, in one conditional UPDATE so
 * that concurrent deliveries cannot interleave. It lands when
 * - the user has no subscription yet, or
 * - it is the user's subscription and not older than what is stored (`version`), or
 * - it is another subscription that gives access while the stored one does not (the user
 *   subscribed again after a cancellation).
 * A late event about a replaced subscription, or an old snapshot, changes nothing. Answers whether
 * the user changed.
 */
export async function applySubscription(
  db: Queryable,
  userId: string,
  subscription: ProviderSubscription,
): Promise<boolean> {
  const grantsAccess = isSubscriptionActive({ is_superuser: false, subscription });
  const { rowCount } = await db.query(
    `UPDATE users SET
       subscription_status = $2, subscription_id = $3, billing_customer_id = $4, subscription_version = $5,
       subscription_updated_at = $6, updated_at = now()
     WHERE id = $1 AND (
       subscription_id IS NULL
       OR (subscription_id = $3 AND coalesce(subscription_version, 0) <= $5)
       OR (subscription_id <> $3 AND $7 AND subscription_status = ANY($8::text[]))
     )`,
    [
      userId,
      subscription.status,
      subscription.id,
      subscription.customerId,
      subscription.version,
      subscription.updatedAt,
      grantsAccess,
      inactiveSubscriptionStatuses,
    ],
  );
  return rowCount > 0;
}

/** The provider deleted the subscription: its user has none any more. */
export async function forgetSubscription(db: Queryable, userId: string, subscriptionId: string) {
  const { rowCount } = await db.query(
    `UPDATE users SET subscription_status = 'no_subscription', subscription_id = NULL, subscription_version = NULL,
       subscription_updated_at = now(), updated_at = now()
     WHERE id = $1 AND subscription_id = $2`,
    [userId, subscriptionId],
  );
  return rowCount > 0;
}

/**
 * Whose subscription an event is about: the user who holds it, else the user of the customer
 * (stored at a previous confirmation, or the user's own id, which checkout gives new customers).
 */
export async function findSubscriber(
  db: Queryable,
  subscriptionId: string,
  customerId: string | null,
): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM users
     WHERE subscription_id = $1 OR ($2::text IS NOT NULL AND billing_customer_id = $2) OR id = $3
     ORDER BY subscription_id = $1 DESC NULLS LAST, billing_customer_id = $2 DESC NULLS LAST
     LIMIT 1`,
    [subscriptionId, customerId, customerId && uuid.test(customerId) ? customerId : null],
  );
  return rows[0]?.id ?? null;
}

/** True once a provider event has been processed (webhooks are delivered at least once). */
export async function isEventRecorded(db: Queryable, eventId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM billing_events WHERE id = $1', [eventId]);
  return rows.length > 0;
}

/** Records a processed event; false when another delivery of it got there first. */
export async function recordEvent(db: Queryable, eventId: string, occurredAt: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    'INSERT INTO billing_events (id, occurred_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING',
    [eventId, occurredAt],
  );
  return rowCount > 0;
}
