import type { ConfigOverrides, TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { type FakeChargebee, startFakeChargebee } from './fake-chargebee';

export const webhookCredentials = { username: 'chargebee', password: 'webhook-secreto-de-prueba' };

/** Basic auth as Chargebee sends it to the webhook. */
export const basicAuth = (username: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
});

export type ChargebeeTestApp = TestApp & { chargebee: FakeChargebee };

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
    async close() {
      await t.close();
      await chargebee.close();
    },
  };
}
