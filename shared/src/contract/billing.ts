import { z } from 'zod';
import { lazySchema } from './zod-in-browser';

/** POST /chargebee/generate-checkout-new-url/: where the user pays; back to `redirect_url`. */
export const zCheckoutRequest = lazySchema(() => z.object({ redirect_url: z.url().max(2000).optional() }));
export type CheckoutRequest = z.infer<typeof zCheckoutRequest>;

/** The provider's hosted checkout page: send the browser to `url`. */
export const zCheckout = lazySchema(() => z.object({ url: z.url(), hosted_page_id: z.string() }));
export type Checkout = z.infer<typeof zCheckout>;

/**
 * POST /chargebee/confirm-subscription/ after the provider sends the user back. Only the hosted
 * page's id: the status always comes from the provider, never from the browser.
 */
export const zConfirmSubscription = lazySchema(() =>
  z.object({ hosted_page_id: z.string().min(1).max(200) }),
);
export type ConfirmSubscription = z.infer<typeof zConfirmSubscription>;

/**
 * POST /billing/local/subscription/{action}: what the built-in `local` provider lets a user do
 * with their own subscription (with Chargebee, subscriptions are managed at Chargebee).
 */
export const localSubscriptionActions = ['cancel', 'pause', 'resume'] as const;
export const zLocalSubscriptionAction = lazySchema(() => z.enum(localSubscriptionActions));
export type LocalSubscriptionAction = z.infer<typeof zLocalSubscriptionAction>;

/** The fields of a Chargebee event the API reads; the rest of the payload is ignored. */
export const zChargebeeEvent = lazySchema(() =>
  z.object({
    id: z.string().min(1).max(100),
    event_type: z.string().min(1).max(100),
    occurred_at: z.number().int().nonnegative(),
    content: z.object({
      subscription: z
        .object({ id: z.string().min(1).max(100), customer_id: z.string().max(100).optional() })
        .optional(),
      customer: z.object({ id: z.string().min(1).max(100) }).optional(),
    }),
  }),
);
export const zEventOutcome = lazySchema(() =>
  z.object({ outcome: z.enum(['processed', 'duplicate', 'ignored']) }),
);
