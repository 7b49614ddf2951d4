import { zCheckout, zUserPublic } from '@luz/shared/contract';
import { bearer, seedUser, type TestUser, tokenFor } from '../testing/fixtures';
import { createTestApp } from '../testing/test-app';
import { type ChargebeeTestApp, createChargebeeTestApp } from './testing/chargebee-app';

// Checkout and confirmation with BILLING_PROVIDER=chargebee: the real SDK against the fake
// Chargebee on loopback.

let t: ChargebeeTestApp;
beforeAll(async () => {
  t = await createChargebeeTestApp();
});
afterAll(() => t.close());

const post = (url: string, token: string | null, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    payload,
  });
const me = async (token: string) =>
  zUserPublic.parse(
    (await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) })).json(),
  );

async function newUser(): Promise<TestUser & { token: string }> {
  const user = await seedUser(t.db, {
    companyName: 'Aceros del Norte',
    subscriptionStatus: 'no_subscription',
  });
  return { ...user, token: await tokenFor(t.config, t.db, user.id) };
}

async function checkout(token: string, payload: object = {}) {
  const response = await post('/chargebee/generate-checkout-new-url/', token, payload);
  expect(response.statusCode).toBe(200);
  return zCheckout.parse(response.json());
}

const requestsTo = (path: string) => t.chargebee.requests.filter((request) => request.path.endsWith(path));

describe('POST /chargebee/generate-checkout-new-url/', () => {
  test('asks Chargebee for a checkout_new_for_items hosted page of the plan, for this user', async () => {
    const user = await newUser();
    const { url, hosted_page_id } = await checkout(user.token);
    expect(url).toBe(`${t.chargebee.url}/pages/v3/${hosted_page_id}/`);
    const [request] = requestsTo('/hosted_pages/checkout_new_for_items').slice(-1);
    expect(request?.method).toBe('POST');
    expect(request?.params).toMatchObject({
      'subscription_items[item_price_id][0]': 'luz-empresa-MXN-Monthly',
      'subscription_items[quantity][0]': '1',
      'customer[id]': user.id,
      'customer[email]': user.email,
      'customer[company]': 'Aceros del Norte',
      pass_thru_content: user.id,
      redirect_url: 'http://luz.test/subscription',
      cancel_url: 'http://luz.test/subscription',
    });
  });

  test('sends the user back to the page that asked, only if it belongs to the product', async () => {
    const user = await newUser();
    await checkout(user.token, { redirect_url: 'http://luz.test/subscription?id=viejo&state=succeeded#x' });
    expect(requestsTo('/checkout_new_for_items').at(-1)?.params.redirect_url).toBe(
      'http://luz.test/subscription',
    );
    const fromPage = await post(
      '/chargebee/generate-checkout-new-url/',
      user.token,
      { redirect_url: 'http://127.0.0.1:5173/subscription' },
      { origin: 'http://127.0.0.1:5173' },
    );
    expect(fromPage.statusCode).toBe(200);
    expect(requestsTo('/checkout_new_for_items').at(-1)?.params.redirect_url).toBe(
      'http://127.0.0.1:5173/subscription',
    );
    const count = requestsTo('/checkout_new_for_items').length;
    const elsewhere = await post('/chargebee/generate-checkout-new-url/', user.token, {
      redirect_url: 'https://evil.example.com/subscription',
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({ detail: 'La dirección de regreso no es válida', code: 'bad_request' });
    expect(requestsTo('/checkout_new_for_items')).toHaveLength(count);
  });

  test('needs a session; validates the body', async () => {
    expect((await post('/chargebee/generate-checkout-new-url/', null, {})).statusCode).toBe(401);
    const user = await newUser();
    const invalid = await post('/chargebee/generate-checkout-new-url/', user.token, {
      redirect_url: 'no-url',
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().detail[0].loc).toEqual(['body', 'redirect_url']);
  });

  test('a user whose subscription gives access is not sold a second one', async () => {
    const user = await newUser();
    const { hosted_page_id } = await checkout(user.token);
    t.chargebee.completeCheckout(hosted_page_id);
    expect((await post('/chargebee/confirm-subscription/', user.token, { hosted_page_id })).statusCode).toBe(
      200,
    );
    const again = await post('/chargebee/generate-checkout-new-url/', user.token, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'Ya tienes una suscripción activa', code: 'conflict' });
  });

  test('Chargebee down: 503 for the user, after the SDK retried', async () => {
    const user = await newUser();
    const before = t.chargebee.requests.length;
    t.chargebee.failNext(503, 3);
    const response = await post('/chargebee/generate-checkout-new-url/', user.token, {});
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      detail: 'El servicio de pagos no está disponible por el momento. Intenta de nuevo más tarde.',
      code: 'unavailable',
    });
    expect(t.chargebee.requests.length - before).toBe(3);
    // A passing outage costs the user nothing but a retry.
    t.chargebee.failNext(500, 1);
    await checkout(user.token);
  });

  test.each([
    ['plan', { chargebeePlanItemPriceId: 'no-existe' }],
    ['API key', { chargebeeApiKey: 'test_llave_equivocada' }],
  ])('a wrong %s is a 502 (our configuration), not the user’s fault', async (_what, billing) => {
    const other = await createTestApp({
      database: t.database,
      config: { billing: { ...t.config.billing, ...billing } },
    });
    try {
      const user = await newUser();
      const response = await other.app.inject({
        method: 'POST',
        url: '/api/v1/chargebee/generate-checkout-new-url/',
        headers: bearer(await tokenFor(other.config, t.db, user.id)),
        payload: {},
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        detail: 'El servicio de pagos rechazó la operación. Intenta de nuevo más tarde.',
        code: 'provider_failed',
      });
    } finally {
      await other.close();
    }
  });
});

describe('POST /chargebee/confirm-subscription/', () => {
  test('retrieves the paid hosted page, stores the subscription, acknowledges it; repeating is harmless', async () => {
    const user = await newUser();
    const { hosted_page_id } = await checkout(user.token);
    const { subscription } = t.chargebee.completeCheckout(hosted_page_id);

    const response = await post('/chargebee/confirm-subscription/', user.token, { hosted_page_id });
    expect(response.statusCode).toBe(200);
    const confirmed = zUserPublic.parse(response.json());
    expect(confirmed.subscription).toMatchObject({ status: 'active', subscription_id: subscription.id });
    expect(confirmed.subscription.updated_at).not.toBeNull();
    expect(t.chargebee.hostedPage(hosted_page_id)?.state).toBe('acknowledged');
    expect((await me(user.token)).subscription.status).toBe('active');
    const { rows } = await t.db.query('SELECT billing_customer_id FROM users WHERE id = $1', [user.id]);
    expect(rows[0]).toEqual({ billing_customer_id: user.id });

    const acknowledgements = requestsTo(`/hosted_pages/${hosted_page_id}/acknowledge`).length;
    const again = await post('/chargebee/confirm-subscription/', user.token, { hosted_page_id });
    expect(again.statusCode).toBe(200);
    expect(again.json().subscription.status).toBe('active');
    expect(requestsTo(`/hosted_pages/${hosted_page_id}/acknowledge`)).toHaveLength(acknowledgements);
  });

  test('the status is Chargebee’s: a trial is stored as in_trial, whatever the browser sends', async () => {
    const user = await newUser();
    const { hosted_page_id } = await checkout(user.token);
    t.chargebee.completeCheckout(hosted_page_id, 'in_trial');
    const response = await post('/chargebee/confirm-subscription/', user.token, {
      hosted_page_id,
      status: 'active',
      subscription: { status: 'active' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().subscription.status).toBe('in_trial');
  });

  test('not paid yet: 409, and nothing changes', async () => {
    const user = await newUser();
    const { hosted_page_id } = await checkout(user.token);
    const response = await post('/chargebee/confirm-subscription/', user.token, {
      hosted_page_id,
      status: 'active',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: 'El pago todavía no se completa', code: 'conflict' });
    expect((await me(user.token)).subscription.status).toBe('no_subscription');
  });

  test('a cancelled checkout is 400', async () => {
    const user = await newUser();
    const { hosted_page_id } = await checkout(user.token);
    t.chargebee.cancelCheckout(hosted_page_id);
    const response = await post('/chargebee/confirm-subscription/', user.token, { hosted_page_id });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'El pago se canceló o expiró. Inicia uno nuevo.',
      code: 'bad_request',
    });
  });

  test('someone else’s checkout, or an unknown one, is 404 and changes nothing', async () => {
    const owner = await newUser();
    const thief = await newUser();
    const { hosted_page_id } = await checkout(owner.token);
    t.chargebee.completeCheckout(hosted_page_id);
    const stolen = await post('/chargebee/confirm-subscription/', thief.token, { hosted_page_id });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ detail: 'No encontramos ese pago', code: 'not_found' });
    expect((await me(thief.token)).subscription.status).toBe('no_subscription');
    expect(t.chargebee.hostedPage(hosted_page_id)?.state).toBe('succeeded');
    const unknown = await post('/chargebee/confirm-subscription/', thief.token, {
      hosted_page_id: 'hp_nada',
    });
    expect(unknown.statusCode).toBe(404);
  });

  test('validates the body and needs a session', async () => {
    const user = await newUser();
    expect((await post('/chargebee/confirm-subscription/', null, { hosted_page_id: 'x' })).statusCode).toBe(
      401,
    );
    const missing = await post('/chargebee/confirm-subscription/', user.token, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toEqual([
      { loc: ['body', 'hosted_page_id'], msg: 'hosted_page_id is a required field', type: 'missing' },
    ]);
  });

  test('the local provider’s own routes do not exist with Chargebee', async () => {
    const user = await newUser();
    expect((await post('/billing/local/subscription/cancel', user.token)).statusCode).toBe(404);
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/billing/local/checkout/hp_local_x' });
    expect(page.statusCode).toBe(404);
  });
});
