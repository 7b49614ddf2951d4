import type { SubscriptionStatus } from '../../contract/users';

/** Statuses that do not give access (spec §4); any other status does. */
export const inactiveSubscriptionStatuses: readonly SubscriptionStatus[] = [
  'cancelled',
  'future',
  'no_subscription',
  'paused',
];

/** The part of a user the subscription rule reads. */
export type SubscriptionHolder = {
  is_superuser: boolean;
  subscription?: { status: string } | null;
};

/**
 * The subscription rule of spec §4 and §6: a superuser always counts as active; for anyone else
 * the statuses cancelled, future, no_subscription and paused are inactive and any other status
 * (including one this version does not know yet) is active. No user, or a user without a
 * subscription, is inactive.
 */
export function isSubscriptionActive(user: SubscriptionHolder | null | undefined): boolean {
  if (!user) return false;
  if (user.is_superuser) return true;
  const status = user.subscription?.status;
  if (!status) return false;
  return !(inactiveSubscriptionStatuses as readonly string[]).includes(status);
}
