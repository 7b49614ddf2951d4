import { zUserPublic } from '@luz/shared/contract';
import { isSubscriptionActive } from '@luz/shared/subscription';
import { bearer, login, seedUser } from '../testing/fixtures';
import type { ProviderStatus } from './provider';
import { type ChargebeeTestApp, createChargebeeTestApp } from './testing/chargebee-app';

// The subscription gate (spec §4) as the API reports it: GET /users/me carries the status
// Chargebee has, the front end applies the rule, and a change shows on the user's next request
// with the token they already hold.

let t: ChargebeeTestApp;
beforeAll(async () => {
  t = await createChargebeeTestApp();
});
afterAll(() => t.close());

const gate: [ProviderStatus, boolean][] = [
  ['active', true],
  ['in_trial', true],
  ['non_renewing', true],
  ['transferred', true],
  ['future', false],
  ['paused', false],
  ['cancelled', false],
];

async function subscriber(isSuperuser: boolean) {
  const user = await seedUser(t.db, { isSuperuser, subscriptionStatus: 'no_subscription' });
  const token = await login(t.app, user.email, user.password);
  const { subscription } = await t.paidCheckout(token);
  const me = async () =>
    zUserPublic.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) })).json(),
    );
  return { subscriptionId: subscription.id, me };
}

async function changeAtChargebee(subscriptionId: string, status: ProviderStatus) {
  const response = await t.deliver(
    t.chargebee.changeSubscription(subscriptionId, status, 'subscription_changed'),
  );
  expect(response.statusCode).toBe(200);
}

test('a new account has no subscription and is kept out', async () => {
  const user = await seedUser(t.db, { subscriptionStatus: 'no_subscription' });
  const token = await login(t.app, user.email, user.password);
  const me = zUserPublic.parse(
    (await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) })).json(),
  );
  expect(me.subscription).toEqual({ status: 'no_subscription', subscription_id: null, updated_at: null });
  expect(isSubscriptionActive(me)).toBe(false);
});

test.each(gate)('status %s: reported as is, gives access: %s', async (status, active) => {
  const { subscriptionId, me } = await subscriber(false);
  await changeAtChargebee(subscriptionId, status);
  const user = await me();
  expect(user.subscription.status).toBe(status);
  expect(isSubscriptionActive(user)).toBe(active);
});

test.each(gate.map(([status]) => status))(
  'a superuser with status %s always counts as active',
  async (status) => {
    const { subscriptionId, me } = await subscriber(true);
    await changeAtChargebee(subscriptionId, status);
    const user = await me();
    expect(user.subscription.status).toBe(status);
    expect(isSubscriptionActive(user)).toBe(true);
  },
);

test('a change takes effect on the next request, with the same token', async () => {
  const { subscriptionId, me } = await subscriber(false);
  await changeAtChargebee(subscriptionId, 'active');
  expect(isSubscriptionActive(await me())).toBe(true);
  await changeAtChargebee(subscriptionId, 'cancelled');
  expect(isSubscriptionActive(await me())).toBe(false);
  await changeAtChargebee(subscriptionId, 'active');
  expect(isSubscriptionActive(await me())).toBe(true);
});
