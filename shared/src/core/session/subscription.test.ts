import { type SubscriptionStatus, subscriptionStatuses } from '../../contract/users';
import { inactiveSubscriptionStatuses, isSubscriptionActive } from './subscription';

const user = (status: string, is_superuser = false) => ({ is_superuser, subscription: { status } });

describe('isSubscriptionActive (spec §4)', () => {
  it.each(['cancelled', 'future', 'no_subscription', 'paused'])('status %s is inactive', (status) => {
    expect(isSubscriptionActive(user(status))).toBe(false);
  });

  it.each(['active', 'in_trial', 'non_renewing', 'transferred'])('status %s is active', (status) => {
    expect(isSubscriptionActive(user(status))).toBe(true);
  });

  it('counts a status it does not know as active ("any other status")', () => {
    expect(isSubscriptionActive(user('some_future_status'))).toBe(true);
  });

  it.each([...subscriptionStatuses])('a superuser with status %s always counts as active', (status) => {
    expect(isSubscriptionActive(user(status, true))).toBe(true);
  });

  it('a superuser without any subscription counts as active', () => {
    expect(isSubscriptionActive({ is_superuser: true, subscription: null })).toBe(true);
  });

  it('a regular user without a subscription is inactive', () => {
    expect(isSubscriptionActive({ is_superuser: false, subscription: null })).toBe(false);
    expect(isSubscriptionActive({ is_superuser: false })).toBe(false);
  });

  it('no user is inactive', () => {
    expect(isSubscriptionActive(null)).toBe(false);
    expect(isSubscriptionActive(undefined)).toBe(false);
  });

  it('lists exactly the four inactive statuses of the spec', () => {
    expect([...inactiveSubscriptionStatuses].sort()).toEqual([
      'cancelled',
      'future',
      'no_subscription',
      'paused',
    ]);
    const known: readonly SubscriptionStatus[] = subscriptionStatuses;
    for (const status of inactiveSubscriptionStatuses) expect(known).toContain(status);
  });
});
