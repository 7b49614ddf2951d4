import { seedSuperuser, seedUser } from '../testing/fixtures';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { findUserById } from '../users/service';
import type { ProviderSubscription } from './provider';
import { applySubscription, findSubscriber, forgetSubscription, recordEvent } from './subscriptions';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

const snapshot = (overrides: Partial<ProviderSubscription> = {}): ProviderSubscription => ({
  id: 'sub_1',
  customerId: 'cus_1',
  status: 'active',
  version: 100,
  updatedAt: new Date('2025-03-01T12:00:00Z'),
  ...overrides,
});

/** A user as signup leaves them: no subscription yet. */
const newcomer = () => seedUser(t.db, { subscriptionStatus: 'no_subscription' });

const subscriptionOf = async (userId: string) => (await findUserById(t.db, userId))?.subscription;

test('stores the provider’s subscription on a user who has none', async () => {
  const user = await newcomer();
  expect(await applySubscription(t.db, user.id, snapshot({ id: 'sub_a' }))).toBe(true);
  expect(await subscriptionOf(user.id)).toEqual({
    status: 'active',
    subscriptionId: 'sub_a',
    updatedAt: new Date('2025-03-01T12:00:00Z'),
  });
});

test('an older snapshot of the same subscription never overwrites a newer one', async () => {
  const user = await newcomer();
  await applySubscription(t.db, user.id, snapshot({ id: 'sub_b', status: 'cancelled', version: 200 }));
  // A fetch that started earlier finishes later: its answer is older.
  expect(
    await applySubscription(t.db, user.id, snapshot({ id: 'sub_b', status: 'active', version: 150 })),
  ).toBe(false);
  expect((await subscriptionOf(user.id))?.status).toBe('cancelled');
  // The same version again is harmless; a newer one lands.
  expect(
    await applySubscription(t.db, user.id, snapshot({ id: 'sub_b', status: 'cancelled', version: 200 })),
  ).toBe(true);
  expect(
    await applySubscription(t.db, user.id, snapshot({ id: 'sub_b', status: 'active', version: 201 })),
  ).toBe(true);
  expect((await subscriptionOf(user.id))?.status).toBe('active');
});

test('another subscription replaces the stored one only when it gives access and the stored one does not', async () => {
  const user = await newcomer();
  await applySubscription(t.db, user.id, snapshot({ id: 'sub_c1', status: 'active', version: 5 }));
  expect(
    await applySubscription(t.db, user.id, snapshot({ id: 'sub_c2', status: 'active', version: 1 })),
  ).toBe(false);
  await applySubscription(t.db, user.id, snapshot({ id: 'sub_c1', status: 'cancelled', version: 6 }));
  expect(
    await applySubscription(t.db, user.id, snapshot({ id: 'sub_c2', status: 'future', version: 1 })),
  ).toBe(false);
  expect(
    await applySubscription(t.db, user.id, snapshot({ id: 'sub_c2', status: 'in_trial', version: 1 })),
  ).toBe(true);
  expect(await subscriptionOf(user.id)).toMatchObject({ status: 'in_trial', subscriptionId: 'sub_c2' });
  expect(
    await applySubscription(t.db, user.id, snapshot({ id: 'sub_c1', status: 'active', version: 9 })),
  ).toBe(false);
});

test('a deleted subscription is forgotten only by its own user', async () => {
  const user = await newcomer();
  await applySubscription(t.db, user.id, snapshot({ id: 'sub_d' }));
  expect(await forgetSubscription(t.db, user.id, 'sub_otra')).toBe(false);
  expect(await forgetSubscription(t.db, user.id, 'sub_d')).toBe(true);
  expect(await subscriptionOf(user.id)).toMatchObject({ status: 'no_subscription', subscriptionId: null });
});

test('the subscriber is found by subscription, then by stored customer, then by user id as customer id', async () => {
  const holder = await newcomer();
  const customer = await newcomer();
  const fresh = await seedSuperuser(t.db, { subscriptionStatus: 'no_subscription' });
  await applySubscription(t.db, holder.id, snapshot({ id: 'sub_e', customerId: 'cus_holder' }));
  await applySubscription(t.db, customer.id, snapshot({ id: 'sub_f', customerId: 'cus_customer' }));
  expect(await findSubscriber(t.db, 'sub_e', 'cus_customer')).toBe(holder.id);
  expect(await findSubscriber(t.db, 'sub_nueva', 'cus_customer')).toBe(customer.id);
  expect(await findSubscriber(t.db, 'sub_nueva', fresh.id)).toBe(fresh.id);
  expect(await findSubscriber(t.db, 'sub_nueva', 'cus_desconocido')).toBeNull();
  expect(await findSubscriber(t.db, 'sub_nueva', null)).toBeNull();
});

test('an event is recorded once', async () => {
  expect(await recordEvent(t.db, 'ev_1', new Date())).toBe(true);
  expect(await recordEvent(t.db, 'ev_1', new Date())).toBe(false);
});
