import type { SubscriptionStatus } from '@luz/shared/contract';
import { addRpu } from '../rpus/test-helpers';
import { bearer, seedSuperuser, seedUser, tokenFor, type UserSeed } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

// The subscription gate on the server (spec §4, §6): every route but the account and billing
// ones answers 402 to a user whose subscription does not give access, whatever the front end does.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const inactive: SubscriptionStatus[] = ['no_subscription', 'cancelled', 'paused', 'future'];
const active: SubscriptionStatus[] = ['active', 'in_trial', 'non_renewing', 'transferred'];
const gateDetail = 'Tu suscripción no está activa. Suscríbete para seguir usando Luz.';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const api = (method: Method, url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: token ? bearer(token) : {}, payload });

async function caller(seed: UserSeed) {
  const user = await seedUser(t.db, seed);
  return { ...user, token: await tokenFor(t.config, t.db, user.id) };
}

/** One read of each gated domain. */
const domainReads = [
  '/credentials/',
  '/credentials/all',
  '/rpus/',
  '/rpus/all',
  '/tasks/',
  '/periods/all',
  '/webhooks/',
];

describe('gated domains', () => {
  test.each(inactive)('status %s: every domain answers 402 with a Spanish detail', async (status) => {
    const { token } = await caller({ subscriptionStatus: status });
    for (const url of domainReads) {
      const response = await api('GET', url, token);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 402 });
      expect(response.json()).toEqual({ detail: gateDetail, code: 'subscription_required' });
      expect(response.headers['www-authenticate']).toBeUndefined();
    }
  });

  test.each(active)('status %s: every domain answers', async (status) => {
    const { token } = await caller({ subscriptionStatus: status });
    for (const url of domainReads) {
      expect({ url, status: (await api('GET', url, token)).statusCode }).toEqual({ url, status: 200 });
    }
  });

  test.each(inactive)('a superuser with status %s always passes', async (status) => {
    const superuser = await seedSuperuser(t.db, { subscriptionStatus: status });
    const token = await tokenFor(t.config, t.db, superuser.id);
    for (const url of [...domainReads, '/rpus/admin', '/users/']) {
      expect({ url, status: (await api('GET', url, token)).statusCode }).toEqual({ url, status: 200 });
    }
  });

  test("payment history: one's own service point, until the subscription pauses (same token)", async () => {
    const user = await caller({ subscriptionStatus: 'active' });
    const rpu = await addRpu(t, user.token);
    const history = `/payment-history/rpu/${rpu.rpu_id}`;
    expect((await api('GET', history, user.token)).statusCode).toBe(200);
    await t.db.query("UPDATE users SET subscription_status = 'paused' WHERE id = $1", [user.id]);
    const refused = await api('GET', history, user.token);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({ detail: gateDetail, code: 'subscription_required' });
    expect((await api('POST', `${history}/sync`, user.token, {})).statusCode).toBe(402);
    expect((await api('POST', '/payment-history/csv', user.token, {})).statusCode).toBe(402);
  });

  test('a refused write changes nothing, and the gate comes before validation', async () => {
    const user = await caller({ subscriptionStatus: 'cancelled' });
    const created = await api('POST', '/credentials/', user.token, {
      alias: 'Planta',
      cfe_user: 'planta-norte',
      password: 'portal-Password-1',
    });
    expect(created.statusCode).toBe(402);
    const invalid = await api('POST', '/webhooks/', user.token, { url: 'no es url' });
    expect(invalid.statusCode).toBe(402);
    const { rows } = await t.db.query('SELECT 1 FROM credentials WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(0);
  });

  test('a bad token is still 401 and an inactive account still 403, before the subscription', async () => {
    expect((await api('GET', '/rpus/', 'no.es.token')).statusCode).toBe(401);
    const disabled = await caller({ subscriptionStatus: 'no_subscription', isActive: false });
    expect((await api('GET', '/rpus/', disabled.token)).statusCode).toBe(403);
  });
});

describe('what a user without a subscription still reaches', () => {
  test('their account: GET and PATCH /users/me, PATCH /users/me/password', async () => {
    const user = await caller({ subscriptionStatus: 'no_subscription' });
    const me = await api('GET', '/users/me', user.token);
    expect(me.statusCode).toBe(200);
    expect(me.json().subscription.status).toBe('no_subscription');
    const edited = await api('PATCH', '/users/me', user.token, { full_name: 'Nombre Nuevo' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().full_name).toBe('Nombre Nuevo');
    const changed = await api('PATCH', '/users/me/password', user.token, {
      current_password: user.password,
      new_password: 'Otra-Contraseña-9',
    });
    expect(changed.statusCode).toBe(200);
  });

  test('billing: checkout, and pause, resume and cancel with the local provider', async () => {
    const user = await caller({ subscriptionStatus: 'no_subscription' });
    const checkout = await api('POST', '/chargebee/generate-checkout-new-url/', user.token, {});
    expect(checkout.statusCode).toBe(200);
    const path = new URL(checkout.json().url).pathname;
    const paid = await t.app.inject({
      method: 'POST',
      url: `${path}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    const confirmed = await api('POST', '/chargebee/confirm-subscription/', user.token, {
      hosted_page_id: checkout.json().hosted_page_id,
    });
    expect(confirmed.statusCode).toBe(200);
    // The same token opens the product as soon as the subscription is active…
    expect((await api('GET', '/rpus/', user.token)).statusCode).toBe(200);
    // …and closes it again on the next request after a pause, while the user can still resume.
    expect((await api('POST', '/billing/local/subscription/pause', user.token)).statusCode).toBe(200);
    expect((await api('GET', '/rpus/', user.token)).statusCode).toBe(402);
    expect((await api('POST', '/billing/local/subscription/resume', user.token)).statusCode).toBe(200);
    expect((await api('GET', '/rpus/', user.token)).statusCode).toBe(200);
  });
});

describe('fail closed: every route of the OpenAPI document', () => {
  /** Anonymous on purpose; adding one to this list is a decision about who can call it. */
  const publicRoutes = [
    'GET /utils/health-check/',
    'POST /login/access-token',
    'POST /password-recovery/{email}',
    'POST /reset-password/',
    'POST /users/signup',
  ];
  /** Reached without an active subscription (AuthGuard.account); every other route is gated. */
  const accountRoutes = [
    'GET /users/me',
    'PATCH /users/me',
    'PATCH /users/me/password',
    'POST /logout',
    'POST /chargebee/generate-checkout-new-url/',
    'POST /chargebee/confirm-subscription/',
    'POST /billing/local/subscription/{action}',
  ];
  const placeholder = '00000000-0000-4000-8000-000000000000';

  /** Every operation; the logout last, since it ends the session the walk is made with. */
  function operations() {
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const all = Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.keys(byMethod).map((method) => ({
        name: `${method.toUpperCase()} ${path.replace(/^\/api\/v1/, '')}`,
        method: method.toUpperCase() as Method,
        url: path.replace(/^\/api\/v1/, '').replace(/\{[^}]+\}/g, placeholder),
      })),
    );
    const isLogout = (operation: { name: string }) => operation.name === 'POST /logout';
    return [...all.filter((operation) => !isLogout(operation)), ...all.filter(isLogout)];
  }

  test('only the listed routes answer without a token', async () => {
    const anonymous: string[] = [];
    for (const operation of operations()) {
      const response = await api(operation.method, operation.url);
      if (response.statusCode !== 401) anonymous.push(operation.name);
    }
    expect(anonymous.sort()).toEqual([...publicRoutes].sort());
  });

  test('a user without a subscription gets 402 everywhere but on the account routes (403 on admin routes)', async () => {
    const outsider = await caller({ subscriptionStatus: 'no_subscription' });
    const subscriber = await caller({ subscriptionStatus: 'active' });
    const reached: string[] = [];
    for (const operation of operations()) {
      if (publicRoutes.includes(operation.name)) continue;
      const response = await api(operation.method, operation.url, outsider.token);
      if (response.statusCode === 402) continue;
      if (response.statusCode === 403) {
        // Superuser-only: refused to everyone who is not one, subscribed or not.
        const asSubscriber = await api(operation.method, operation.url, subscriber.token);
        expect({ route: operation.name, status: asSubscriber.statusCode }).toEqual({
          route: operation.name,
          status: 403,
        });
        continue;
      }
      expect({ route: operation.name, status: response.statusCode }).not.toEqual({
        route: operation.name,
        status: 401,
      });
      reached.push(operation.name);
    }
    expect(reached.sort()).toEqual([...accountRoutes].sort());
  });
});
