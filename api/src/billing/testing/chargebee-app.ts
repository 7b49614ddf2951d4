import type { LightMyRequestResponse } from 'fastify';
import { bearer } from '../../testing/fixtures';
import type { ConfigOverrides, TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import type { ProviderStatus } from '../provider';
import { type FakeChargebee, startFakeChargebee } from './fake-chargebee';

export const webhookCredentials = { username: 'chargebee', password: 'webhook-secreto-de-prueba' };

/** Basic auth as Chargebee sends it to the webhook. */
export const basicAuth = (username: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
});

export type ChargebeeTestApp = TestApp & {
  chargebee: FakeChargebee;
  /** Posts an event to the webhook as Chargebee does (basic auth unless `headers` say otherwise). */
  deliver(event: object, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** The user (by token) checks out through the API and pays at Chargebee. */
  paidCheckout(
    token: string,
    status?: ProviderStatus,
  ): Promise<ReturnType<FakeChargebee['completeCheckout']> & { hostedPageId: string }>;
};

/**
 * The real app with BILLING_PROVIDER=chargebee, its SDK pointed at a fresh fake Chargebee on
 * loopback, and the webhook's basic auth configured.
 */
export async function createChargebeeTestApp(
  billing: ConfigOverrides['billing'] = {},
): Promise<ChargebeeTestApp> {
  const chargebee = await startFakeChargebee();
  const t = await createTestApp({
    config: {
      billing: {
        provider: 'chargebee',
        chargebeeSite: chargebee.site,
        chargebeeApiKey: chargebee.apiKey,
        chargebeeApiBaseUrl: chargebee.url,
        chargebeeWebhookAuth: webhookCredentials,
        ...billing,
      },
    },
  });
  return {
    ...t,
    chargebee,
    deliver: (event, headers = basicAuth(webhookCredentials.username, webhookCredentials.password)) =>
      t.app.inject({ method: 'POST', url: '/api/v1/chargebee/webhook/', headers, payload: event }),
    async paidCheckout(token, status) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/chargebee/generate-checkout-new-url/',
        headers: bearer(token),
        payload: {},
      });
      if (response.statusCode !== 200)
        throw new Error(`Checkout failed (${response.statusCode}): ${response.body}`);
      const hostedPageId = response.json<{ hosted_page_id: string }>().hosted_page_id;
      return { ...chargebee.completeCheckout(hostedPageId, status), hostedPageId };
    },
    async close() {
      await t.close();
      await chargebee.close();
    },
  };
}
