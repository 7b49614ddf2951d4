import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProviderStatus } from '../provider';

/**
 * A fake Chargebee API on loopback, for tests: the real `chargebee` SDK is pointed at it
 * (CHARGEBEE_API_BASE_URL), so no request ever leaves the machine. It speaks the subset of API v2
 * the product uses — hosted_pages checkout_new_for_items / retrieve / acknowledge and
 * subscriptions retrieve — with Chargebee's basic auth (API key as user name), form-encoded
 * requests, JSON answers and error bodies. What a customer or an admin would do at Chargebee
 * (paying, cancelling…) is done through the methods, which answer the webhook event Chargebee
 * would send.
 */

type Json = Record<string, unknown>;

export type RecordedRequest = { method: string; path: string; params: Record<string, string> };

type Customer = { id: string; email: string; first_name: string; company: string };
type Subscription = {
  id: string;
  customer_id: string;
  status: ProviderStatus;
  item_price_id: string;
  created_at: number;
  updated_at: number;
  resource_version: number;
};
type HostedPage = {
  id: string;
  state: 'created' | 'succeeded' | 'cancelled' | 'acknowledged';
  created_at: number;
  expires_at: number;
  pass_thru_content?: string;
  redirect_url?: string;
  item_price_id: string;
  customer: Customer;
  subscription_id?: string;
};

export type ChargebeeEvent = {
  id: string;
  occurred_at: number;
  source: string;
  object: 'event';
  api_version: 'v2';
  event_type: string;
  webhook_status: string;
  content: Json;
};

export type FakeChargebeeOptions = { site?: string; apiKey?: string; itemPriceIds?: string[] };

const seconds = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}${randomBytes(9).toString('base64url')}`;

export async function startFakeChargebee({
  site = 'luz-test',
  apiKey = `test_${randomBytes(12).toString('hex')}`,
  itemPriceIds = ['luz-empresa-MXN-Monthly'],
}: FakeChargebeeOptions = {}) {
  const customers = new Map<string, Customer>();
  const subscriptions = new Map<string, Subscription>();
  const hostedPages = new Map<string, HostedPage>();
  const requests: RecordedRequest[] = [];
  const failures: number[] = [];
  let lastVersion = 0;
  /** Chargebee's resource_version: milliseconds, strictly growing. */
  const nextVersion = () => {
    lastVersion = Math.max(Date.now(), lastVersion + 1);
    return lastVersion;
  };

  const customerJson = (customer: Customer) => ({
    ...customer,
    object: 'customer',
    auto_collection: 'on',
    deleted: false,
    preferred_currency_code: 'MXN',
  });
  const subscriptionJson = (subscription: Subscription) => ({
    id: subscription.id,
    customer_id: subscription.customer_id,
    status: subscription.status,
    currency_code: 'MXN',
    billing_period: 1,
    billing_period_unit: 'month',
    created_at: subscription.created_at,
    updated_at: subscription.updated_at,
    resource_version: subscription.resource_version,
    deleted: false,
    object: 'subscription',
    subscription_items: [
      {
        item_price_id: subscription.item_price_id,
        item_type: 'plan',
        quantity: 1,
        unit_price: 49_900,
        amount: 49_900,
        object: 'subscription_item',
      },
    ],
  });

  let baseUrl = '';
  const hostedPageJson = (page: HostedPage) => {
    const subscription = page.subscription_id ? subscriptions.get(page.subscription_id) : undefined;
    const customer = customers.get(page.customer.id);
    return {
      id: page.id,
      type: 'checkout_new',
      url: `${baseUrl}/pages/v3/${page.id}/`,
      state: page.state,
      embed: false,
      created_at: page.created_at,
      expires_at: page.expires_at,
      object: 'hosted_page',
      ...(page.pass_thru_content !== undefined && { pass_thru_content: page.pass_thru_content }),
      ...(subscription &&
        customer && {
          content: { subscription: subscriptionJson(subscription), customer: customerJson(customer) },
        }),
    };
  };

  const error = (status: number, code: string, message: string, param?: string) => ({
    status,
    body: {
      message,
      type: status === 401 ? undefined : 'invalid_request',
      api_error_code: code,
      error_code: code,
      error_msg: message,
      ...(param && { param }),
      http_status_code: status,
    },
  });
  const notFound = (what: string, id: string) =>
    error(404, 'resource_not_found', `Sorry, we couldn't find that resource: ${what} ${id}`);

  function route(
    method: string,
    path: string,
    params: Record<string, string>,
  ): { status: number; body: Json } {
    const parts = path
      .replace(/^\/api\/v2\//, '')
      .split('/')
      .map(decodeURIComponent);
    if (method === 'POST' && parts[0] === 'hosted_pages' && parts[1] === 'checkout_new_for_items') {
      const itemPriceId = params['subscription_items[item_price_id][0]'];
      if (!itemPriceId)
        return error(
          400,
          'param_wrong_value',
          'item_price_id is required',
          'subscription_items[item_price_id][0]',
        );
      if (!itemPriceIds.includes(itemPriceId))
        return error(
          400,
          'param_wrong_value',
          `${itemPriceId} is not a valid item price`,
          'subscription_items[item_price_id][0]',
        );
      const now = seconds();
      const page: HostedPage = {
        id: newId('hp_'),
        state: 'created',
        created_at: now,
        expires_at: now + 3 * 3600,
        pass_thru_content: params.pass_thru_content,
        redirect_url: params.redirect_url,
        item_price_id: itemPriceId,
        customer: {
          id: params['customer[id]'] ?? newId('cus_'),
          email: params['customer[email]'] ?? '',
          first_name: params['customer[first_name]'] ?? '',
          company: params['customer[company]'] ?? '',
        },
      };
      hostedPages.set(page.id, page);
      return { status: 200, body: { hosted_page: hostedPageJson(page) } };
    }
    if (parts[0] === 'hosted_pages' && parts[1]) {
      const page = hostedPages.get(parts[1]);
      if (!page) return notFound('hosted_page', parts[1]);
      if (method === 'GET' && parts.length === 2)
        return { status: 200, body: { hosted_page: hostedPageJson(page) } };
      if (method === 'POST' && parts[2] === 'acknowledge') {
        if (page.state !== 'succeeded')
          return error(400, 'invalid_state_for_request', `Hosted page is in state ${page.state}`);
        page.state = 'acknowledged';
        return { status: 200, body: { hosted_page: hostedPageJson(page) } };
      }
    }
    if (method === 'GET' && parts[0] === 'subscriptions' && parts[1] && parts.length === 2) {
      const subscription = subscriptions.get(parts[1]);
      if (!subscription) return notFound('subscription', parts[1]);
      const customer = customers.get(subscription.customer_id) as Customer;
      return {
        status: 200,
        body: { subscription: subscriptionJson(subscription), customer: customerJson(customer) },
      };
    }
    return error(404, 'resource_not_found', `No such API: ${method} ${path}`);
  }

  function respond(response: ServerResponse, status: number, body: Json) {
    response.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
    response.end(JSON.stringify(body));
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://fake');
    const params = Object.fromEntries(
      new URLSearchParams(request.method === 'GET' ? url.search : Buffer.concat(chunks).toString('utf8')),
    );
    const method = request.method ?? 'GET';
    requests.push({ method, path: url.pathname, params });

    const expected = `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      const { status, body } = error(
        401,
        'api_authentication_failed',
        'Sorry, authentication failed. Invalid api key',
      );
      return respond(response, status, body);
    }
    const failure = failures.shift();
    if (failure) {
      const { status, body } = error(failure, 'internal_error', 'Sorry, something went wrong.');
      return respond(response, status, body);
    }
    const { status, body } = route(method, url.pathname, params);
    respond(response, status, body);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((failure: unknown) =>
      respond(response, 500, { message: String(failure) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function subscriptionOrThrow(id: string): Subscription {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`fake Chargebee: no subscription ${id}`);
    return subscription;
  }

  /** The webhook event Chargebee sends for `type`, with the subscription as it is now. */
  function event(type: string, subscriptionId: string): ChargebeeEvent {
    const subscription = subscriptionOrThrow(subscriptionId);
    const customer = customers.get(subscription.customer_id) as Customer;
    return {
      id: newId('ev_'),
      occurred_at: seconds(),
      source: 'admin_console',
      object: 'event',
      api_version: 'v2',
      event_type: type,
      webhook_status: 'scheduled',
      content: { subscription: subscriptionJson(subscription), customer: customerJson(customer) },
    };
  }

  return {
    url: baseUrl,
    site,
    apiKey,
    /** Every API request received, in order. */
    requests,
    hostedPage: (id: string) => hostedPages.get(id),
    subscription: (id: string) => subscriptions.get(id),

    /** The customer pays at the hosted page: the customer and the subscription are created. */
    completeCheckout(hostedPageId: string, status: ProviderStatus = 'active') {
      const page = hostedPages.get(hostedPageId);
      if (page?.state !== 'created') throw new Error(`fake Chargebee: checkout ${hostedPageId} is not open`);
      if (!customers.has(page.customer.id)) customers.set(page.customer.id, page.customer);
      const now = seconds();
      const subscription: Subscription = {
        id: newId('sub_'),
        customer_id: page.customer.id,
        status,
        item_price_id: page.item_price_id,
        created_at: now,
        updated_at: now,
        resource_version: nextVersion(),
      };
      subscriptions.set(subscription.id, subscription);
      page.state = 'succeeded';
      page.subscription_id = subscription.id;
      return { subscription, event: event('subscription_created', subscription.id) };
    },

    /** The customer leaves the hosted page without paying. */
    cancelCheckout(hostedPageId: string) {
      const page = hostedPages.get(hostedPageId);
      if (page) page.state = 'cancelled';
    },

    /** A change at Chargebee (admin, dunning, renewal…): answers the event it sends. */
    changeSubscription(id: string, status: ProviderStatus, eventType: string): ChargebeeEvent {
      const subscription = subscriptionOrThrow(id);
      subscription.status = status;
      subscription.updated_at = seconds();
      subscription.resource_version = nextVersion();
      return event(eventType, id);
    },

    /** The subscription is deleted at Chargebee (it is gone from the API afterwards). */
    deleteSubscription(id: string): ChargebeeEvent {
      const deleted = event('subscription_deleted', id);
      subscriptions.delete(id);
      return deleted;
    },

    event,

    /** The next `times` API requests fail with `status` (after authentication). */
    failNext(status: number, times = 1) {
      for (let index = 0; index < times; index += 1) failures.push(status);
    },

    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((failure) => (failure ? reject(failure) : resolve()));
      }),
  };
}

export type FakeChargebee = Awaited<ReturnType<typeof startFakeChargebee>>;
