import {
  isSubscriptionActive,
  type LocalSubscriptionAction,
  type RuntimeConfig,
  type StatusTone,
  type SubscriptionStatus,
  type UserPublic,
} from '@luz/shared';

/** Badge tone of a subscription status: access is success, a pause or a start date is waiting, the rest danger. */
export function subscriptionStatusTone(status: SubscriptionStatus): StatusTone {
  if (isSubscriptionActive({ is_superuser: false, subscription: { status } })) return 'success';
  return status === 'paused' || status === 'future' ? 'warning' : 'danger';
}

/** What /subscription offers the user, from their own subscription (the superuser rule aside). */
export type SubscriptionOptions = {
  /** The gate lets them in (spec §4, superusers always). */
  canEnter: boolean;
  /** Their own subscription gives access (a superuser may be let in without one). */
  ownActive: boolean;
  /** No subscription of their own gives access, so they may buy one. */
  canCheckout: boolean;
  /** The local provider's self-service changes; Chargebee subscriptions are managed at Chargebee. */
  localActions: LocalSubscriptionAction[];
};

const localActionsByStatus: Partial<Record<SubscriptionStatus, LocalSubscriptionAction[]>> = {
  active: ['pause', 'cancel'],
  paused: ['resume', 'cancel'],
};

export function subscriptionOptions(
  user: Pick<UserPublic, 'is_superuser' | 'subscription'>,
  provider: RuntimeConfig['billing_provider'],
): SubscriptionOptions {
  const ownActive = isSubscriptionActive({ is_superuser: false, subscription: user.subscription });
  const localActions = provider === 'local' ? (localActionsByStatus[user.subscription.status] ?? []) : [];
  return {
    canEnter: isSubscriptionActive(user),
    ownActive,
    // A paused subscription that can be resumed here is resumed, not bought a second time.
    canCheckout: !ownActive && !user.is_superuser && !localActions.includes('resume'),
    localActions,
  };
}
