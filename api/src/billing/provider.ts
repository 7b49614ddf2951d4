import type { SubscriptionStatus } from '@luz/shared/contract';

/** Statuses a provider reports: Chargebee's values. `no_subscription` is ours, for "none at all". */
export type ProviderStatus = Exclude<SubscriptionStatus, 'no_subscription'>;

/** One subscription as the provider has it right now: the only source of a user's status. */
export type ProviderSubscription = {
  id: string;
  customerId: string;
  status: ProviderStatus;
  /** Grows with every change of this subscription (Chargebee's `resource_version`). */
  version: number;
  updatedAt: Date;
};

/** The user as the provider's customer. */
export type BillingCustomer = {
  userId: string;
  /** The provider's customer id: the one stored for the user, else the user's id. */
  customerId: string;
  email: string;
  fullName: string;
  companyName: string;
};

export type CheckoutInput = {
  customer: BillingCustomer;
  /** Where the provider sends the browser back, adding `?id=<hosted page>&state=succeeded|cancelled`. */
  redirectUrl: string;
  /** This API as the browser reaches it (origin and `/api/v1`): the local provider serves its page there. */
  apiBaseUrl: string;
};

export type HostedCheckout = { id: string; url: string };

/** A paid checkout, ready to be confirmed. */
export type FinishedCheckout = { subscriptionId: string; acknowledged: boolean };

/**
 * A billing provider, chosen by BILLING_PROVIDER: `chargebee` (hosted pages and webhooks of
 * Chargebee) or `local` (the product's own checkout page, for self-hosting and development).
 * Failures are `AppError`s ready for the user: 404 for a checkout that is unknown or someone
 * else's, 409 while unpaid, 400 when cancelled or expired, 503/502 when the provider fails.
 */
export interface BillingProvider {
  readonly name: 'local' | 'chargebee';
  /** A hosted checkout page of the plan for `customer`. */
  createCheckout(input: CheckoutInput): Promise<HostedCheckout>;
  /** The checkout `hostedPageId`, once `userId` is proven to own it and it is paid. */
  finishedCheckout(hostedPageId: string, userId: string): Promise<FinishedCheckout>;
  /** Tells the provider the checkout was processed (Chargebee's acknowledge). */
  acknowledgeCheckout(hostedPageId: string): Promise<void>;
  /** The subscription now; null when the provider no longer has it. */
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription | null>;
}
