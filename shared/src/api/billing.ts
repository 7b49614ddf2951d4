import {
  type Checkout,
  type CheckoutRequest,
  type ConfirmSubscription,
  type LocalSubscriptionAction,
  type UserPublic,
  zCheckout,
  zUserPublic,
} from '../contract';
import { http } from './client';

export const billingApi = {
  /** A hosted checkout page of the plan; the provider sends the browser back to `redirect_url`. */
  async generateCheckoutUrl(body: CheckoutRequest): Promise<Checkout> {
    const { data } = await http.post('/chargebee/generate-checkout-new-url/', body);
    return zCheckout.parse(data);
  },
  /** Confirms a finished checkout; answers the user with the subscription the provider reports. */
  async confirmSubscription(body: ConfirmSubscription): Promise<UserPublic> {
    const { data } = await http.post('/chargebee/confirm-subscription/', body);
    return zUserPublic.parse(data);
  },
  /** Only with the `local` provider: cancel, pause or resume the caller's own subscription. */
  async localSubscriptionAction(action: LocalSubscriptionAction): Promise<UserPublic> {
    const { data } = await http.post(`/billing/local/subscription/${action}`);
    return zUserPublic.parse(data);
  },
};
