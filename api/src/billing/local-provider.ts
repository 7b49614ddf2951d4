import { randomBytes } from 'node:crypto';
import type { LocalSubscriptionAction } from '@luz/shared/contract';
import type { Database, Queryable } from '../db/database';
import { badRequest, conflict, notFound } from '../http/errors';
import type { User } from '../users/service';
import { billingMessages } from './messages';
import type { BillingProvider, ProviderSubscription } from './provider';
import { applySubscription } from './subscriptions';

/** Under the API prefix: the local provider's hosted checkout page, `<path>/<hosted page id>`. */
export const LOCAL_CHECKOUT_PATH = '/billing/local/checkout';

/** How long a checkout link stays usable. */
const CHECKOUT_TTL_MINUTES = 60;

type LocalStatus = 'active' | 'paused' | 'cancelled';

/** Ids are the capability of the page's URL: 144 random bits. */
const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

type SubscriptionRow = {
  id: string;
  user_id: string;
  status: LocalStatus;
  version: number;
  updated_at: Date;
};

const subscriptionColumns = 'id, user_id, status, version::int AS version, updated_at';

const toProviderSubscription = (row: SubscriptionRow): ProviderSubscription => ({
  id: row.id,
  customerId: row.user_id,
  status: row.status,
  version: row.version,
  updatedAt: row.updated_at,
});

/**
 * The built-in provider: the product is its own billing system. Checkout is a page served by the
 * API that confirms at once and charges nothing; subscriptions live in
 * `billing_local_subscriptions`, and every change is applied to the user right away (what
 * Chargebee's webhooks do for the other provider).
 */
export function createLocalProvider(db: Queryable): BillingProvider {
  return {
    name: 'local',

    async createCheckout({ customer, redirectUrl, apiBaseUrl }) {
      const id = newId('hp_local');
      await db.query(
        `INSERT INTO billing_local_checkouts (id, user_id, redirect_url, expires_at)
         VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
        [id, customer.userId, redirectUrl, CHECKOUT_TTL_MINUTES],
      );
      return { id, url: `${apiBaseUrl}${LOCAL_CHECKOUT_PATH}/${id}` };
    },

    async finishedCheckout(hostedPageId, userId) {
      const { rows } = await db.query<{ state: string; subscription_id: string | null; expired: boolean }>(
        `SELECT state, subscription_id, expires_at <= now() AS expired
         FROM billing_local_checkouts WHERE id = $1 AND user_id = $2`,
        [hostedPageId, userId],
      );
      const checkout = rows[0];
      if (!checkout) throw notFound(billingMessages.checkoutNotFound);
      if (checkout.state === 'cancelled' || (checkout.state === 'created' && checkout.expired))
        throw badRequest(billingMessages.checkoutCancelled);
      if (checkout.state === 'created') throw conflict(billingMessages.checkoutNotCompleted);
      if (!checkout.subscription_id) throw notFound(billingMessages.checkoutNotFound);
      return { subscriptionId: checkout.subscription_id, acknowledged: checkout.state === 'acknowledged' };
    },

    async acknowledgeCheckout(hostedPageId) {
      await db.query(
        "UPDATE billing_local_checkouts SET state = 'acknowledged' WHERE id = $1 AND state = 'succeeded'",
        [hostedPageId],
      );
    },

    async retrieveSubscription(subscriptionId) {
      const { rows } = await db.query<SubscriptionRow>(
        `SELECT ${subscriptionColumns} FROM billing_local_subscriptions WHERE id = $1`,
        [subscriptionId],
      );
      return rows[0] ? toProviderSubscription(rows[0]) : null;
    },
  };
}

/** What the checkout page shows: `open` until paid or cancelled; `closed` when cancelled or expired. */
export type LocalCheckoutView = {
  id: string;
  state: 'open' | 'succeeded' | 'closed';
  redirectUrl: string;
  email: string;
  companyName: string;
};

type CheckoutRow = {
  id: string;
  user_id: string;
  state: string;
  redirect_url: string;
  expired: boolean;
  email: string;
  company_name: string;
};

const checkoutQuery = /* sql */ `
  SELECT c.id, c.user_id, c.state, c.redirect_url, c.expires_at <= now() AS expired, u.email, u.company_name
  FROM billing_local_checkouts c JOIN users u ON u.id = c.user_id WHERE c.id = $1`;

function toView(row: CheckoutRow): LocalCheckoutView {
  const state =
    row.state === 'succeeded' || row.state === 'acknowledged'
      ? 'succeeded'
      : row.state === 'created' && !row.expired
        ? 'open'
        : 'closed';
  return {
    id: row.id,
    state,
    redirectUrl: row.redirect_url,
    email: row.email,
    companyName: row.company_name,
  };
}

export async function findLocalCheckout(db: Queryable, id: string): Promise<LocalCheckoutView | null> {
  const { rows } = await db.query<CheckoutRow>(checkoutQuery, [id]);
  return rows[0] ? toView(rows[0]) : null;
}

/**
 * The user pays (nothing): an open checkout creates an active subscription and gives it to the
 * user at once. Paying twice, or a closed checkout, changes nothing.
 */
export async function payLocalCheckout(db: Database, id: string): Promise<LocalCheckoutView | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<CheckoutRow>(`${checkoutQuery} FOR UPDATE OF c`, [id]);
    const row = rows[0];
    if (!row) return null;
    const view = toView(row);
    if (view.state !== 'open') return view;
    const created = await tx.query<SubscriptionRow>(
      `INSERT INTO billing_local_subscriptions (id, user_id, status) VALUES ($1, $2, 'active')
       RETURNING ${subscriptionColumns}`,
      [newId('sub_local'), row.user_id],
    );
    const subscription = created.rows[0] as SubscriptionRow;
    await tx.query(
      "UPDATE billing_local_checkouts SET state = 'succeeded', subscription_id = $2 WHERE id = $1",
      [id, subscription.id],
    );
    await applySubscription(tx, row.user_id, toProviderSubscription(subscription));
    return { ...view, state: 'succeeded' };
  });
}

/** The user walks away from an open checkout; anything else is left as it is. */
export async function cancelLocalCheckout(db: Queryable, id: string): Promise<LocalCheckoutView | null> {
  await db.query(
    "UPDATE billing_local_checkouts SET state = 'cancelled' WHERE id = $1 AND state = 'created' AND expires_at > now()",
    [id],
  );
  return findLocalCheckout(db, id);
}

const transitions: Record<
  LocalSubscriptionAction,
  { from: readonly LocalStatus[]; to: LocalStatus; refused: string }
> = {
  cancel: { from: ['active', 'paused'], to: 'cancelled', refused: billingMessages.cannotCancel },
  pause: { from: ['active'], to: 'paused', refused: billingMessages.cannotPause },
  resume: { from: ['paused'], to: 'active', refused: billingMessages.cannotResume },
};

/** Cancels, pauses or resumes the user's current local subscription, and applies it to the user. */
export async function changeLocalSubscription(
  db: Database,
  user: User,
  action: LocalSubscriptionAction,
): Promise<void> {
  const { from, to, refused } = transitions[action];
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<SubscriptionRow>(
      `SELECT ${subscriptionColumns} FROM billing_local_subscriptions s
       WHERE s.user_id = $1 AND s.id = (SELECT subscription_id FROM users WHERE id = $1) FOR UPDATE`,
      [user.id],
    );
    const current = rows[0];
    if (!current) throw notFound(billingMessages.noSubscription);
    if (!from.includes(current.status)) throw conflict(refused);
    const updated = await tx.query<SubscriptionRow>(
      `UPDATE billing_local_subscriptions SET status = $2, version = version + 1, updated_at = now()
       WHERE id = $1 RETURNING ${subscriptionColumns}`,
      [current.id, to],
    );
    await applySubscription(tx, user.id, toProviderSubscription(updated.rows[0] as SubscriptionRow));
  });
}

/** Where the provider sends the browser back: the redirect URL with `id` and `state` (Chargebee's convention). */
export function checkoutReturnUrl(view: LocalCheckoutView): string {
  const url = new URL(view.redirectUrl);
  url.searchParams.set('id', view.id);
  url.searchParams.set('state', view.state === 'succeeded' ? 'succeeded' : 'cancelled');
  return url.toString();
}
