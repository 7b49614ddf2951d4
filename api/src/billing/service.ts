import { isSubscriptionActive } from '@luz/shared/subscription';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { badRequest, conflict, notFound } from '../http/errors';
import { findUserById, type User } from '../users/service';
import { billingMessages } from './messages';
import type { BillingCustomer, BillingProvider, HostedCheckout } from './provider';
import {
  applySubscription,
  findSubscriber,
  forgetSubscription,
  isEventRecorded,
  recordEvent,
} from './subscriptions';

export type BillingDeps = { db: Database; billing: BillingProvider; log: FastifyBaseLogger };

/** The user's own subscription (the superuser rule aside): what a new checkout must not duplicate. */
const hasActiveSubscription = (user: User) =>
  isSubscriptionActive({ is_superuser: false, subscription: user.subscription });

/** localhost, 127.0.0.0/8 or [::1]: only ever the user's own machine (development, tests). */
const isLoopback = ({ hostname }: URL) =>
  hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);

/**
 * Where the provider may send the browser back: the requested URL when it is on PUBLIC_URL's
 * origin (or on loopback, for development), else `<PUBLIC_URL>/subscription`. Never an open
 * redirect: the request's own Host and Origin headers do not count, since anyone outside a
 * browser can set them and then hand a victim a checkout link of ours that ends on their site.
 * `id` and `state` are the provider's to add.
 */
export function checkoutRedirectUrl(
  requested: string | undefined,
  { publicUrl }: { publicUrl: string },
): string {
  if (!requested) return `${publicUrl}/subscription`;
  const url = new URL(requested);
  const web = url.protocol === 'http:' || url.protocol === 'https:';
  if (!web || (url.origin !== new URL(publicUrl).origin && !isLoopback(url)))
    throw badRequest(billingMessages.invalidRedirect);
  url.searchParams.delete('id');
  url.searchParams.delete('state');
  url.hash = '';
  return url.toString();
}

async function customerOf(db: Database, user: User): Promise<BillingCustomer> {
  const { rows } = await db.query<{ billing_customer_id: string | null }>(
    'SELECT billing_customer_id FROM users WHERE id = $1',
    [user.id],
  );
  return {
    userId: user.id,
    customerId: rows[0]?.billing_customer_id ?? user.id,
    email: user.email,
    fullName: user.fullName,
    companyName: user.companyName,
  };
}

/** A hosted checkout of the plan for `user`; 409 when they already have a subscription that gives access. */
export async function startCheckout(
  { db, billing }: BillingDeps,
  user: User,
  { redirectUrl, apiBaseUrl }: { redirectUrl: string; apiBaseUrl: string },
): Promise<HostedCheckout> {
  if (hasActiveSubscription(user)) throw conflict(billingMessages.alreadySubscribed);
  return billing.createCheckout({ customer: await customerOf(db, user), redirectUrl, apiBaseUrl });
}

/**
 * The user is back from a checkout: the provider must confirm that it is theirs and paid; the
 * subscription it created is fetched from the provider and stored, then the checkout is
 * acknowledged. Repeating it is harmless. Answers the user as the next request will see them.
 */
export async function confirmCheckout(
  { db, billing, log }: BillingDeps,
  user: User,
  hostedPageId: string,
): Promise<User> {
  const checkout = await billing.finishedCheckout(hostedPageId, user.id);
  const subscription = await billing.retrieveSubscription(checkout.subscriptionId);
  if (!subscription) throw notFound(billingMessages.checkoutNotFound);
  await applySubscription(db, user.id, subscription);
  if (!checkout.acknowledged) {
    // The subscription is stored already; an acknowledgement that fails only leaves the page
    // "succeeded" at the provider, and the next confirmation tries again.
    await billing.acknowledgeCheckout(hostedPageId).catch((error: unknown) => {
      log.warn({ err: error, hostedPageId }, 'Checkout not acknowledged');
    });
  }
  return (await findUserById(db, user.id)) as User;
}

/** A provider event, as far as the gate cares: which subscription it is about. */
export type BillingEvent = {
  id: string;
  type: string;
  occurredAt: Date;
  subscriptionId: string | null;
  customerId: string | null;
};

export type EventOutcome = 'processed' | 'duplicate' | 'ignored';

/**
 * Keeps a user's status in step with the provider's subscription events. Webhooks arrive at
 * least once and in any order, so the event itself is only a hint: the subscription is fetched
 * again by id and its current state stored (older snapshots never overwrite newer ones, see
 * `applySubscription`). Each event id is processed once. A provider failure throws (the caller
 * answers 503 and the provider delivers the event again later).
 */
export async function handleBillingEvent(
  { db, billing, log }: BillingDeps,
  event: BillingEvent,
): Promise<EventOutcome> {
  if (await isEventRecorded(db, event.id)) return 'duplicate';
  if (!event.type.startsWith('subscription_') || !event.subscriptionId) {
    await recordEvent(db, event.id, event.occurredAt);
    return 'ignored';
  }
  const subscriptionId = event.subscriptionId;
  const current = await billing.retrieveSubscription(subscriptionId);
  const userId = await findSubscriber(db, subscriptionId, current?.customerId ?? event.customerId);
  if (!userId) {
    log.info({ eventId: event.id, subscriptionId }, 'Billing event for a subscription of no user');
    await recordEvent(db, event.id, event.occurredAt);
    return 'ignored';
  }
  return db.transaction(async (tx) => {
    if (!(await recordEvent(tx, event.id, event.occurredAt))) return 'duplicate';
    const changed = current
      ? await applySubscription(tx, userId, current)
      : await forgetSubscription(tx, userId, subscriptionId);
    if (changed) {
      log.info(
        { eventId: event.id, eventType: event.type, userId, status: current?.status ?? 'no_subscription' },
        'Subscription updated',
      );
    }
    return 'processed';
  });
}
