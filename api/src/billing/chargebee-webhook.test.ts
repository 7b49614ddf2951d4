import { zUserPublic } from '@luz/shared/contract';
import { bearer, seedUser, type TestUser, tokenFor } from '../testing/fixtures';
import { createTestApp } from '../testing/test-app';
import {
  basicAuth,
  type ChargebeeTestApp,
  createChargebeeTestApp,
  webhookCredentials,
} from './testing/chargebee-app';
import type { ChargebeeEvent } from './testing/fake-chargebee';

// The Chargebee webhook keeps each user's status in step with their subscription, whatever the
// order and number of deliveries: every event makes the API fetch the subscription again.

let t: ChargebeeTestApp;
beforeAll(async () => {
  t = await createChargebeeTestApp();
});
afterAll(() => t.close());

const auth = basicAuth(webhookCredentials.username, webhookCredentials.password);
const deliver = (event: ChargebeeEvent | object, headers?: Record<string, string>) =>
  t.deliver(event, headers);

async function delivered(event: ChargebeeEvent | object) {
  const response = await deliver(event);
  expect(response.statusCode).toBe(200);
  return response.json<{ outcome: string }>().outcome;
}

type Subscriber = TestUser & { token: string };

async function newUser(): Promise<Subscriber> {
  const user = await seedUser(t.db, { subscriptionStatus: 'no_subscription' });
  return { ...user, token: await tokenFor(t.config, t.db, user.id) };
}

const statusOf = async (user: Subscriber) =>
  zUserPublic.parse(
    (await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(user.token) })).json(),
  ).subscription;

/** The user checks out and pays at Chargebee; answers the subscription and its `subscription_created` event. */
async function paidCheckout(user: Subscriber) {
  const { subscription, event } = await t.paidCheckout(user.token);
  return { subscriptionId: subscription.id, created: event };
}

const retrievals = (subscriptionId: string) =>
  t.chargebee.requests.filter((request) => request.path === `/api/v2/subscriptions/${subscriptionId}`).length;

describe('authentication', () => {
  test('without the configured basic-auth pair: 401, before the body is even read', async () => {
    const user = await newUser();
    const { created } = await paidCheckout(user);
    for (const headers of [
      {},
      basicAuth(webhookCredentials.username, 'otra-contraseña-cualquiera'),
      basicAuth('alguien', webhookCredentials.password),
      { authorization: `Bearer ${user.token}` },
      { authorization: 'Basic no-es-base64' },
    ]) {
      const response = await deliver(created, headers);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Basic realm="chargebee-webhook"/);
      expect(response.json()).toEqual({
        detail: 'Credenciales del webhook incorrectas',
        code: 'unauthenticated',
      });
    }
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chargebee/webhook/',
      headers: { 'content-type': 'application/json' },
      payload: '{no es json',
    });
    expect(garbage.statusCode).toBe(401);
    expect((await statusOf(user)).status).toBe('no_subscription');
    expect(await delivered(created)).toBe('processed');
    expect((await statusOf(user)).status).toBe('active');
  });

  test('off when no basic-auth pair is configured; absent with the local provider', async () => {
    for (const billing of [
      { ...t.config.billing, chargebeeWebhookAuth: null },
      { ...t.config.billing, provider: 'local' as const },
    ]) {
      const other = await createTestApp({ database: t.database, config: { billing } });
      try {
        const response = await other.app.inject({
          method: 'POST',
          url: '/api/v1/chargebee/webhook/',
          headers: auth,
          payload: { id: 'ev_1', event_type: 'subscription_created', occurred_at: 1, content: {} },
        });
        expect(response.statusCode).toBe(404);
      } finally {
        await other.close();
      }
    }
  });

  test('a malformed event is 422', async () => {
    const response = await deliver({ id: 'ev_roto', content: {} });
    expect(response.statusCode).toBe(422);
  });
});

describe('status changes', () => {
  test('each subscription event brings the user to the status Chargebee has, on the next request', async () => {
    const user = await newUser();
    const { subscriptionId, created } = await paidCheckout(user);
    // The webhook may beat the browser back: the user is found through the customer id.
    expect(await delivered(created)).toBe('processed');
    expect(await statusOf(user)).toMatchObject({ status: 'active', subscription_id: subscriptionId });

    const steps: [string, Parameters<typeof t.chargebee.changeSubscription>[1]][] = [
      ['subscription_renewed', 'active'],
      ['subscription_paused', 'paused'],
      ['subscription_resumed', 'active'],
      ['subscription_cancellation_scheduled', 'non_renewing'],
      ['subscription_cancelled', 'cancelled'],
      ['subscription_reactivated', 'active'],
    ];
    for (const [eventType, status] of steps) {
      expect(await delivered(t.chargebee.changeSubscription(subscriptionId, status, eventType))).toBe(
        'processed',
      );
      expect((await statusOf(user)).status).toBe(status);
    }
  });

  test('a trial that becomes paid: in_trial, then activated', async () => {
    const user = await newUser();
    const { subscription, event } = await t.paidCheckout(user.token, 'in_trial');
    await delivered(event);
    expect((await statusOf(user)).status).toBe('in_trial');
    await delivered(t.chargebee.changeSubscription(subscription.id, 'active', 'subscription_activated'));
    expect((await statusOf(user)).status).toBe('active');
  });

  test('a deleted subscription leaves the user without one', async () => {
    const user = await newUser();
    const { subscriptionId, created } = await paidCheckout(user);
    await delivered(created);
    expect(await delivered(t.chargebee.deleteSubscription(subscriptionId))).toBe('processed');
    expect(await statusOf(user)).toMatchObject({ status: 'no_subscription', subscription_id: null });
  });
});

describe('duplicates and reordering', () => {
  test('an event delivered twice is processed once', async () => {
    const user = await newUser();
    const { subscriptionId, created } = await paidCheckout(user);
    expect(await delivered(created)).toBe('processed');
    const fetched = retrievals(subscriptionId);
    expect(await delivered(created)).toBe('duplicate');
    expect(retrievals(subscriptionId)).toBe(fetched);
    const { rows } = await t.db.query('SELECT count(*)::int AS count FROM billing_events WHERE id = $1', [
      created.id,
    ]);
    expect(rows[0]).toEqual({ count: 1 });
  });

  test('events arriving out of order leave the latest state', async () => {
    const user = await newUser();
    const { subscriptionId, created } = await paidCheckout(user);
    const paused = t.chargebee.changeSubscription(subscriptionId, 'paused', 'subscription_paused');
    const cancelled = t.chargebee.changeSubscription(subscriptionId, 'cancelled', 'subscription_cancelled');
    // Delivered newest first: each one re-fetches the subscription, which is cancelled by now.
    for (const event of [cancelled, paused, created]) expect(await delivered(event)).toBe('processed');
    expect((await statusOf(user)).status).toBe('cancelled');
  });

  test('concurrent deliveries of different events converge on Chargebee’s state', async () => {
    const user = await newUser();
    const { subscriptionId, created } = await paidCheckout(user);
    const renewed = t.chargebee.changeSubscription(subscriptionId, 'active', 'subscription_renewed');
    const paused = t.chargebee.changeSubscription(subscriptionId, 'paused', 'subscription_paused');
    const outcomes = await Promise.all(
      [created, renewed, paused, created, paused].map((event) => deliver(event)),
    );
    expect(outcomes.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await statusOf(user)).status).toBe('paused');
  });

  test('a late event about a replaced subscription does not undo the new one', async () => {
    const user = await newUser();
    const first = await paidCheckout(user);
    await delivered(first.created);
    const firstCancelled = t.chargebee.changeSubscription(
      first.subscriptionId,
      'cancelled',
      'subscription_cancelled',
    );
    await delivered(firstCancelled);
    expect((await statusOf(user)).status).toBe('cancelled');

    const second = await paidCheckout(user);
    await delivered(second.created);
    expect(await statusOf(user)).toMatchObject({ status: 'active', subscription_id: second.subscriptionId });
    // The first subscription's events keep coming (a retry, an admin note): they change nothing.
    await delivered(t.chargebee.event('subscription_changed', first.subscriptionId));
    expect(await statusOf(user)).toMatchObject({ status: 'active', subscription_id: second.subscriptionId });
  });
});

describe('failures and strangers', () => {
  test('Chargebee unreachable: 503 and the event is not recorded, so its redelivery counts', async () => {
    const user = await newUser();
    const { created } = await paidCheckout(user);
    t.chargebee.failNext(503, 3);
    const failed = await deliver(created);
    expect(failed.statusCode).toBe(503);
    expect((await statusOf(user)).status).toBe('no_subscription');
    expect(await delivered(created)).toBe('processed');
    expect((await statusOf(user)).status).toBe('active');
  });

  test('events of customers that are not users, and other events, are acknowledged and ignored', async () => {
    const user = await newUser();
    const { subscriptionId, created } = await paidCheckout(user);
    await t.db.query('DELETE FROM users WHERE id = $1', [user.id]);
    expect(await delivered(created)).toBe('ignored');
    expect(
      await delivered({
        ...t.chargebee.event('subscription_renewed', subscriptionId),
        event_type: 'invoice_generated',
      }),
    ).toBe('ignored');
    expect(
      await delivered({
        id: 'ev_sin_suscripcion',
        event_type: 'customer_changed',
        occurred_at: 1,
        content: {},
      }),
    ).toBe('ignored');
  });
});
