/** @jest-environment node */
// Pure rules; the node environment (react-router, pulled in by @luz/shared, needs its TextEncoder).
import { type SubscriptionStatus, subscriptionStatuses } from '@luz/shared';
import { subscriptionOptions, subscriptionStatusTone } from './subscription-status';

const user = (status: SubscriptionStatus, is_superuser = false) => ({
  is_superuser,
  subscription: { status, subscription_id: null, updated_at: null },
});

describe('subscriptionOptions', () => {
  it.each(['cancelled', 'future', 'no_subscription', 'paused'] as const)(
    'status %s keeps a user out and offers checkout',
    (status) => {
      expect(subscriptionOptions(user(status), 'chargebee')).toMatchObject({
        canEnter: false,
        ownActive: false,
        canCheckout: true,
      });
    },
  );

  it.each(['active', 'in_trial', 'non_renewing', 'transferred'] as const)(
    'status %s lets the user in and offers no second checkout',
    (status) => {
      expect(subscriptionOptions(user(status), 'chargebee')).toMatchObject({
        canEnter: true,
        ownActive: true,
        canCheckout: false,
      });
    },
  );

  it.each([...subscriptionStatuses])(
    'a superuser with status %s enters and is never sold a plan',
    (status) => {
      const options = subscriptionOptions(user(status, true), 'chargebee');
      expect(options.canEnter).toBe(true);
      expect(options.canCheckout).toBe(false);
    },
  );

  it('offers the local provider’s changes that make sense for the status, and none with Chargebee', () => {
    expect(subscriptionOptions(user('active'), 'local').localActions).toEqual(['pause', 'cancel']);
    expect(subscriptionOptions(user('paused'), 'local').localActions).toEqual(['resume', 'cancel']);
    for (const status of ['cancelled', 'no_subscription'] as const)
      expect(subscriptionOptions(user(status), 'local').localActions).toEqual([]);
    for (const status of subscriptionStatuses)
      expect(subscriptionOptions(user(status), 'chargebee').localActions).toEqual([]);
  });

  it('a pause the local provider can resume offers "resume", not a second checkout', () => {
    expect(subscriptionOptions(user('paused'), 'local').canCheckout).toBe(false);
    for (const status of ['cancelled', 'no_subscription'] as const)
      expect(subscriptionOptions(user(status), 'local').canCheckout).toBe(true);
  });
});

describe('subscriptionStatusTone', () => {
  it('is success with access, warning while paused or not started, danger otherwise', () => {
    expect(subscriptionStatusTone('active')).toBe('success');
    expect(subscriptionStatusTone('non_renewing')).toBe('success');
    expect(subscriptionStatusTone('paused')).toBe('warning');
    expect(subscriptionStatusTone('future')).toBe('warning');
    expect(subscriptionStatusTone('cancelled')).toBe('danger');
    expect(subscriptionStatusTone('no_subscription')).toBe('danger');
  });
});
