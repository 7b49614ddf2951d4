import { zCheckout, zUserPublic } from '@luz/shared/contract';
import { bearer, seedUser, type TestUser, tokenFor } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

// BILLING_PROVIDER=local (the default): the product's own checkout page, which confirms at once.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Customer = TestUser & { token: string };

async function newUser(): Promise<Customer> {
  const user = await seedUser(t.db, {
    email: `ana-${Math.random().toString(36).slice(2)}@aceros.mx`,
    subscriptionStatus: 'no_subscription',
  });
  return { ...user, token: await tokenFor(t.config, t.db, user.id) };
}

const post = (url: string, token?: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: token ? bearer(token) : {}, payload });
const me = async (user: Customer) =>
  zUserPublic.parse(
    (await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(user.token) })).json(),
  );

async function checkout(user: Customer) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/chargebee/generate-checkout-new-url/',
    headers: { ...bearer(user.token), host: 'luz.example.com:8443', 'x-forwarded-proto': 'https' },
    payload: {},
  });
  expect(response.statusCode).toBe(200);
  const { url, hosted_page_id } = zCheckout.parse(response.json());
  return { url, id: hosted_page_id, path: new URL(url).pathname };
}

/** A form post of the checkout page, as the browser sends it. */
const submit = (path: string) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });

describe('the local checkout page', () => {
  test('is served by the product at the URL checkout answers, without scripts, never cached', async () => {
    const user = await newUser();
    const { url, id, path } = await checkout(user);
    expect(id).toMatch(/^hp_local_[\w-]{24}$/);
    // The API as the browser reached it (no TRUST_PROXY here, so the forwarded protocol is ignored).
    expect(url).toBe(`http://luz.example.com:8443/api/v1/billing/local/checkout/${id}`);
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http://luz.test; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain(user.email);
    expect(page.body).toContain('Empresa de Prueba');
    expect(page.body).toContain(`action="${path}/pay"`);
    expect(page.body).toContain(`action="${path}/cancel"`);
    expect(page.body).not.toContain('<script');
  });

  test('escapes what the user typed', async () => {
    const user = await seedUser(t.db, {
      companyName: '<img src=x onerror=alert(1)> & "Hijos"',
      subscriptionStatus: 'no_subscription',
    });
    const token = await tokenFor(t.config, t.db, user.id);
    const response = await post('/chargebee/generate-checkout-new-url/', token, {});
    const page = await t.app.inject({ method: 'GET', url: new URL(response.json().url).pathname });
    expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Hijos&quot;');
    expect(page.body).not.toContain('<img');
  });

  test('an unknown link is a 404 page', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/billing/local/checkout/hp_local_nada' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Enlace de pago no encontrado');
    expect((await submit('/api/v1/billing/local/checkout/hp_local_nada/pay')).statusCode).toBe(404);
  });
});

describe('checkout and confirmation', () => {
  test('paying gives the subscription at once and sends the browser back; confirming acknowledges it', async () => {
    const user = await newUser();
    const { id, path } = await checkout(user);
    const notYet = await post('/chargebee/confirm-subscription/', user.token, { hosted_page_id: id });
    expect(notYet.statusCode).toBe(409);

    const paid = await submit(`${path}/pay`);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://luz.test/subscription?id=${id}&state=succeeded`);
    expect((await me(user)).subscription.status).toBe('active');

    const confirmed = await post('/chargebee/confirm-subscription/', user.token, { hosted_page_id: id });
    expect(confirmed.statusCode).toBe(200);
    const body = zUserPublic.parse(confirmed.json());
    expect(body.subscription.status).toBe('active');
    expect(body.subscription.subscription_id).toMatch(/^sub_local_/);
    const { rows } = await t.db.query('SELECT state FROM billing_local_checkouts WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ state: 'acknowledged' });

    // Paying or confirming again changes nothing; the page says it is done.
    expect((await submit(`${path}/pay`)).headers.location).toBe(
      `http://luz.test/subscription?id=${id}&state=succeeded`,
    );
    expect(
      (await post('/chargebee/confirm-subscription/', user.token, { hosted_page_id: id })).statusCode,
    ).toBe(200);
    const subscriptions = await t.db.query('SELECT id FROM billing_local_subscriptions WHERE user_id = $1', [
      user.id,
    ]);
    expect(subscriptions.rows).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: path })).body).toContain('Pago completado');

    const second = await post('/chargebee/generate-checkout-new-url/', user.token, {});
    expect(second.statusCode).toBe(409);
  });

  test('leaving the page cancels the checkout and sends the browser back with state=cancelled', async () => {
    const user = await newUser();
    const { id, path } = await checkout(user);
    const cancelled = await submit(`${path}/cancel`);
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`http://luz.test/subscription?id=${id}&state=cancelled`);
    expect((await submit(`${path}/pay`)).headers.location).toContain('state=cancelled');
    const confirm = await post('/chargebee/confirm-subscription/', user.token, { hosted_page_id: id });
    expect(confirm.statusCode).toBe(400);
    expect((await me(user)).subscription.status).toBe('no_subscription');
    expect((await t.app.inject({ method: 'GET', url: path })).body).toContain('Enlace de pago vencido');
  });

  test('an expired link cannot be paid', async () => {
    const user = await newUser();
    const { id, path } = await checkout(user);
    await t.db.query(
      "UPDATE billing_local_checkouts SET expires_at = now() - interval '1 minute' WHERE id = $1",
      [id],
    );
    expect((await submit(`${path}/pay`)).headers.location).toContain('state=cancelled');
    expect((await me(user)).subscription.status).toBe('no_subscription');
    expect(
      (await post('/chargebee/confirm-subscription/', user.token, { hosted_page_id: id })).statusCode,
    ).toBe(400);
  });

  test('someone else’s checkout is 404', async () => {
    const owner = await newUser();
    const other = await newUser();
    const { id, path } = await checkout(owner);
    await submit(`${path}/pay`);
    const response = await post('/chargebee/confirm-subscription/', other.token, { hosted_page_id: id });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'No encontramos ese pago', code: 'not_found' });
    expect((await me(other)).subscription.status).toBe('no_subscription');
  });

  test('the return URL may be the page that asked, never another site', async () => {
    const user = await newUser();
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chargebee/generate-checkout-new-url/',
      headers: { ...bearer(user.token), host: '127.0.0.1:18085' },
      payload: { redirect_url: 'http://127.0.0.1:18085/subscription' },
    });
    expect(ok.statusCode).toBe(200);
    const paid = await submit(`${new URL(ok.json().url).pathname}/pay`);
    expect(paid.headers.location).toMatch(/^http:\/\/127\.0\.0\.1:18085\/subscription\?id=hp_local_/);
    const evil = await post('/chargebee/generate-checkout-new-url/', user.token, {
      redirect_url: 'https://evil.example.com/subscription',
    });
    expect(evil.statusCode).toBe(400);
  });

  test('Host and Origin headers, which any client can forge, never make another site a return URL', async () => {
    const user = await newUser();
    for (const headers of [
      { host: 'evil.example.com' },
      { origin: 'https://evil.example.com' },
      {
        host: 'evil.example.com',
        'x-forwarded-host': 'evil.example.com',
        origin: 'https://evil.example.com',
      },
    ]) {
      const forged = await t.app.inject({
        method: 'POST',
        url: '/api/v1/chargebee/generate-checkout-new-url/',
        headers: { ...bearer(user.token), ...headers },
        payload: { redirect_url: 'https://evil.example.com/subscription' },
      });
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toEqual({ detail: 'La dirección de regreso no es válida', code: 'bad_request' });
    }
    for (const redirect_url of [
      'javascript:alert(1)',
      'data:text/html,hola',
      'http://127.0.0.1.evil.example.com/',
    ]) {
      expect(
        (await post('/chargebee/generate-checkout-new-url/', user.token, { redirect_url })).statusCode,
      ).toBe(400);
    }
    const { rows } = await t.db.query('SELECT redirect_url FROM billing_local_checkouts WHERE user_id = $1', [
      user.id,
    ]);
    expect(rows).toEqual([]);
  });
});

describe('POST /billing/local/subscription/{action}', () => {
  async function subscribed() {
    const user = await newUser();
    const { path } = await checkout(user);
    await submit(`${path}/pay`);
    return user;
  }

  test('pause, resume and cancel change the status the next request sees', async () => {
    const user = await subscribed();
    for (const [action, status] of [
      ['pause', 'paused'],
      ['resume', 'active'],
      ['pause', 'paused'],
      ['cancel', 'cancelled'],
    ] as const) {
      const response = await post(`/billing/local/subscription/${action}`, user.token);
      expect(response.statusCode).toBe(200);
      expect(zUserPublic.parse(response.json()).subscription.status).toBe(status);
      expect((await me(user)).subscription.status).toBe(status);
    }
  });

  test('transitions that make no sense are 409', async () => {
    const user = await subscribed();
    expect((await post('/billing/local/subscription/resume', user.token)).json()).toEqual({
      detail: 'Solo una suscripción pausada se puede reanudar',
      code: 'conflict',
    });
    await post('/billing/local/subscription/cancel', user.token);
    const again = await post('/billing/local/subscription/cancel', user.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'Tu suscripción ya está cancelada', code: 'conflict' });
    expect((await post('/billing/local/subscription/pause', user.token)).statusCode).toBe(409);
  });

  test('after a cancellation the user can subscribe again, with a new subscription', async () => {
    const user = await subscribed();
    const first = (await me(user)).subscription.subscription_id;
    await post('/billing/local/subscription/cancel', user.token);
    const { id, path } = await checkout(user);
    await submit(`${path}/pay`);
    const confirmed = await post('/chargebee/confirm-subscription/', user.token, { hosted_page_id: id });
    expect(confirmed.json().subscription.status).toBe('active');
    expect(confirmed.json().subscription.subscription_id).not.toBe(first);
  });

  test('without a subscription: 404; unknown action: 422; no session: 401', async () => {
    const user = await newUser();
    const none = await post('/billing/local/subscription/cancel', user.token);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: 'No tienes una suscripción', code: 'not_found' });
    expect((await post('/billing/local/subscription/delete', user.token)).statusCode).toBe(422);
    expect((await post('/billing/local/subscription/cancel')).statusCode).toBe(401);
  });
});
