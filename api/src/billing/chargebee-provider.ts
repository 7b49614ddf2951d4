import { subscriptionStatuses } from '@luz/shared/contract';
import Chargebee from 'chargebee';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config';
import { AppError, badRequest, conflict, notFound } from '../http/errors';
import { billingMessages } from './messages';
import type { BillingProvider, ProviderStatus, ProviderSubscription } from './provider';

const providerStatuses = subscriptionStatuses.filter(
  (status): status is ProviderStatus => status !== 'no_subscription',
);

/** The fields we read of Chargebee's objects; anything else in them is ignored. */
const zChargebeeSubscription = z.object({
  id: z.string().min(1),
  customer_id: z.string().min(1),
  status: z.enum(providerStatuses),
  resource_version: z.number().int().nonnegative().optional(),
  updated_at: z.number().int().nonnegative().optional(),
});

const zChargebeeHostedPage = z.object({
  id: z.string(),
  url: z.url().optional(),
  state: z.enum(['created', 'requested', 'succeeded', 'cancelled', 'acknowledged']),
  pass_thru_content: z.string().optional(),
  expires_at: z.number().optional(),
  content: z.object({ subscription: z.object({ id: z.string().min(1) }).optional() }).optional(),
});

/** An error answered by the Chargebee API (the SDK rejects with its JSON body plus the status). */
type ChargebeeApiError = { http_status_code: number; api_error_code?: string; message?: string };

function isApiError(error: unknown): error is ChargebeeApiError {
  return typeof (error as ChargebeeApiError | null)?.http_status_code === 'number';
}

/**
 * The SDK configured for the site, or for a Chargebee-compatible base URL (CHARGEBEE_API_BASE_URL:
 * a proxy, or the fake server of the tests) — the real SDK and its own HTTP client either way.
 */
export function createChargebeeClient(billing: Config['billing']): Chargebee {
  const { chargebeeSite: site, chargebeeApiKey: apiKey, chargebeeApiBaseUrl } = billing;
  if (!site || !apiKey) throw new Error('Chargebee needs CHARGEBEE_SITE and CHARGEBEE_API_KEY');
  const base = chargebeeApiBaseUrl ? new URL(chargebeeApiBaseUrl) : null;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Chargebee({
    apiKey,
    site,
    // The SDK builds `<protocol>://<site><hostSuffix>:<port><apiPath>`.
    ...(base && {
      site: base.hostname,
      hostSuffix: '',
      protocol,
      port: base.port ? Number(base.port) : protocol === 'http' ? 80 : 443,
      apiPath: `${base.pathname.replace(/\/+$/, '')}/api/v2` as '/api/v2',
    }),
    timeout: 30_000,
    // Server errors are retried (POSTs with an idempotency key, so a retry never pays twice).
    retryConfig: { enabled: true, maxRetries: 2, delayMs: 300, retryOn: [500, 502, 503, 504] },
    sdkTelemetryEnabled: false,
  });
}

export function createChargebeeProvider(
  billing: Config['billing'],
  log: FastifyBaseLogger,
  client: Chargebee = createChargebeeClient(billing),
): BillingProvider {
  /** Runs a Chargebee call; answers null for "not found", and a user-ready error for anything else. */
  async function call<T>(operation: string, request: () => Promise<T>): Promise<T | null> {
    try {
      return await request();
    } catch (error) {
      if (isApiError(error) && error.http_status_code === 404) return null;
      const unavailable =
        !isApiError(error) || error.http_status_code >= 500 || error.http_status_code === 429;
      const detail = isApiError(error)
        ? { status: error.http_status_code, code: error.api_error_code, message: error.message }
        : { message: (error as Error)?.message };
      // A 4xx means our request or our configuration (API key, item price) is wrong: an operator must look.
      log[unavailable ? 'warn' : 'error']({ operation, chargebee: detail }, 'Chargebee request failed');
      throw new AppError(
        unavailable ? 'unavailable' : 'provider_failed',
        unavailable ? billingMessages.providerUnavailable : billingMessages.providerError,
      );
    }
  }

  function parse<T>(schema: z.ZodType<T>, value: unknown, operation: string): T {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    log.error({ operation, issues: result.error.issues }, 'Unexpected Chargebee response');
    throw new AppError('provider_failed', billingMessages.providerError);
  }

  return {
    name: 'chargebee',

    async createCheckout({ customer, redirectUrl }) {
      const response = await call('hosted_page.checkout_new_for_items', () =>
        client.hostedPage.checkoutNewForItems({
          subscription_items: [{ item_price_id: billing.chargebeePlanItemPriceId, quantity: 1 }],
          customer: {
            id: customer.customerId,
            email: customer.email,
            first_name: customer.fullName,
            company: customer.companyName,
          },
          redirect_url: redirectUrl,
          cancel_url: redirectUrl,
          // Proof of whose checkout this is, checked again on confirmation.
          pass_thru_content: customer.userId,
        }),
      );
      if (!response) {
        // A 404 here names something of our configuration (the plan's item price) that the site lacks.
        log.error(
          { itemPriceId: billing.chargebeePlanItemPriceId },
          'Chargebee checkout refers to a missing resource',
        );
        throw new AppError('provider_failed', billingMessages.providerError);
      }
      const page = parse(zChargebeeHostedPage, response.hosted_page, 'checkout_new_for_items');
      if (!page.url) throw new AppError('provider_failed', billingMessages.providerError);
      return { id: page.id, url: page.url };
    },

    async finishedCheckout(hostedPageId, userId) {
      const response = await call('hosted_page.retrieve', () => client.hostedPage.retrieve(hostedPageId));
      if (!response) throw notFound(billingMessages.checkoutNotFound);
      const page = parse(zChargebeeHostedPage, response.hosted_page, 'hosted_page.retrieve');
      // Someone else's checkout is answered like a missing one (never reveal it exists).
      if (page.pass_thru_content !== userId) throw notFound(billingMessages.checkoutNotFound);
      if (page.state === 'cancelled') throw badRequest(billingMessages.checkoutCancelled);
      if (page.state === 'created' || page.state === 'requested') {
        const expired = page.expires_at !== undefined && page.expires_at * 1000 < Date.now();
        throw expired
          ? badRequest(billingMessages.checkoutCancelled)
          : conflict(billingMessages.checkoutNotCompleted);
      }
      const subscriptionId = page.content?.subscription?.id;
      if (!subscriptionId) {
        log.error({ hostedPageId }, 'Chargebee checkout without a subscription');
        throw new AppError('provider_failed', billingMessages.providerError);
      }
      return { subscriptionId, acknowledged: page.state === 'acknowledged' };
    },

    async acknowledgeCheckout(hostedPageId) {
      await call('hosted_page.acknowledge', () => client.hostedPage.acknowledge(hostedPageId));
    },

    async retrieveSubscription(subscriptionId): Promise<ProviderSubscription | null> {
      const response = await call('subscription.retrieve', () =>
        client.subscription.retrieve(subscriptionId),
      );
      if (!response) return null;
      const subscription = parse(zChargebeeSubscription, response.subscription, 'subscription.retrieve');
      const updatedAt = subscription.updated_at ? new Date(subscription.updated_at * 1000) : new Date();
      return {
        id: subscription.id,
        customerId: subscription.customer_id,
        status: subscription.status,
        version: subscription.resource_version ?? updatedAt.getTime(),
        updatedAt,
      };
    },
  };
}
