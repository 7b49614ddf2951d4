import type {
  Checkout,
  CheckoutRequest,
  ConfirmSubscription,
  LocalSubscriptionAction,
  UserPublic,
} from '../contract';
import { call } from './call';

export const billingApi = {
  /** A hosted checkout page of the plan; the provider sends the browser back to `redirect_url`. */
  async generateCheckoutUrl(body: CheckoutRequest): Promise<Checkout> {
    return call('startCheckout', { body });
  },
  /** Confirms a finished checkout; answers the user with the subscription the provider reports. */
  async confirmSubscription(body: ConfirmSubscription): Promise<UserPublic> {
    return call('confirmSubscription', { body });
  },
  /** Only with the `local` provider: cancel, pause or resume the caller's own subscription. */
  async localSubscriptionAction(action: LocalSubscriptionAction): Promise<UserPublic> {
    return call('changeLocalSubscription', { params: { action } });
  },
};
