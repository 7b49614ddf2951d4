import { z } from 'zod';

/** POST /chargebee/generate-checkout-new-url/: where the user pays; back to `redirect_url`. */
export const zCheckoutRequest = z.object({ redirect_url: z.url().max(2000).optional() });
export type CheckoutRequest = z.infer<typeof zCheckoutRequest>;

export const zCheckout = z.object({ url: z.string(), hosted_page_id: z.string() });
export type Checkout = z.infer<typeof zCheckout>;

/** POST /chargebee/confirm-subscription/ after the provider sends the user back. */
export const zConfirmSubscription = z.object({ hosted_page_id: z.string().min(1).max(200) });
export type ConfirmSubscription = z.infer<typeof zConfirmSubscription>;
