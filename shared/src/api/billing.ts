import {
  type Checkout,
  type CheckoutRequest,
  type ConfirmSubscription,
  type UserPublic,
  zCheckout,
  zUserPublic,
} from '../contract';
import { http } from './client';

export const billingApi = {
  async generateCheckoutUrl(body: CheckoutRequest): Promise<Checkout> {
    const { data } = await http.post('/chargebee/generate-checkout-new-url/', body);
    return zCheckout.parse(data);
  },
  async confirmSubscription(body: ConfirmSubscription): Promise<UserPublic> {
    const { data } = await http.post('/chargebee/confirm-subscription/', body);
    return zUserPublic.parse(data);
  },
};
