import { createHash, timingSafeEqual } from 'node:crypto';
import { basicAuthValidator } from 'chargebee';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { currentUser } from '../http/auth-guard';
import { AppError } from '../http/errors';
import { operationRoute } from '../http/operation-route';
import { routeRateLimit } from '../http/rate-limit';
import { findUserById, toUserPublic, type User } from '../users/service';
import { checkoutPageSecurityPolicy, renderCheckoutPage } from './local-page';
import {
  cancelLocalCheckout,
  changeLocalSubscription,
  checkoutReturnUrl,
  findLocalCheckout,
  LOCAL_CHECKOUT_PATH,
  type LocalCheckoutView,
  payLocalCheckout,
} from './local-provider';
import { billingMessages } from './messages';
import {
  type BillingDeps,
  checkoutRedirectUrl,
  confirmCheckout,
  handleBillingEvent,
  startCheckout,
} from './service';

/** Each checkout is a hosted page at the provider: a user may start a few, not thousands. */
const checkoutRateLimit = { max: 10, windowMs: 10 * 60_000 };

const digest = (text: string) => createHash('sha256').update(text).digest();
/** Compares in constant time whatever the lengths (hashing first makes them equal). */
const sameSecret = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

/** Chargebee's webhook calls carry the basic-auth pair configured at Chargebee and here. */
function webhookAuth({
  username,
  password,
}: {
  username: string;
  password: string;
}): onRequestAsyncHookHandler {
  // Both halves are always compared, so the time taken does not tell which one was wrong.
  const validate = basicAuthValidator(
    (given, secret) => Number(sameSecret(given, username)) + Number(sameSecret(secret, password)) === 2,
  );
  return async (request) => {
    try {
      await validate(request.headers);
    } catch {
      throw new AppError('unauthenticated', billingMessages.webhookUnauthorized, {
        'WWW-Authenticate': 'Basic realm="chargebee-webhook", charset="UTF-8"',
      });
    }
  };
}

/** Both billing endpoints of spec §7, the Chargebee webhook, and the local provider's own pages. */
export async function billingRoutes(app: ApiApp, ctx: AppContext) {
  const { config, auth, db, billing } = ctx;
  const deps: BillingDeps = { db, billing, log: app.log };
  /** This API as the browser reached it (TRUST_PROXY makes forwarded headers count). */
  const apiBaseUrl = (request: FastifyRequest) => `${request.protocol}://${request.host}${app.prefix}`;

  app.route({
    ...operationRoute('startCheckout', auth, {
      rateLimit: routeRateLimit(
        checkoutRateLimit,
        (request) => `checkout|${currentUser(request).id}`,
        () => billingMessages.tooManyCheckouts,
      ),
    }),
    handler: async (request) => {
      const redirectUrl = checkoutRedirectUrl(request.body?.redirect_url, { publicUrl: config.publicUrl });
      const checkout = await startCheckout(deps, currentUser(request), {
        redirectUrl,
        apiBaseUrl: apiBaseUrl(request),
      });
      return { url: checkout.url, hosted_page_id: checkout.id };
    },
  });

  app.route({
    ...operationRoute('confirmSubscription', auth),
    handler: async (request) =>
      toUserPublic(await confirmCheckout(deps, currentUser(request), request.body.hosted_page_id)),
  });

  if (billing.name === 'chargebee') {
    const credentials = config.billing.chargebeeWebhookAuth;
    if (!credentials) {
      app.log.warn(
        'CHARGEBEE_WEBHOOK_USERNAME/PASSWORD are not set: the Chargebee webhook is off, and subscription changes made at Chargebee will not reach Luz',
      );
    } else {
      app.route({
        ...operationRoute('billingWebhook', auth),
        // No bearer token: Chargebee authenticates with the basic-auth pair configured on both sides.
        onRequest: webhookAuth(credentials),
        handler: async (request) => {
          const { id, event_type, occurred_at, content } = request.body;
          const outcome = await handleBillingEvent(deps, {
            id,
            type: event_type,
            occurredAt: new Date(occurred_at * 1000),
            subscriptionId: content.subscription?.id ?? null,
            customerId: content.subscription?.customer_id ?? content.customer?.id ?? null,
          });
          return { outcome };
        },
      });
    }
  }

  if (billing.name === 'local') await localProviderRoutes(app, ctx);
}

/** The built-in provider's hosted checkout page and the self-service changes it allows. */
async function localProviderRoutes(app: ApiApp, { db, auth }: AppContext) {
  const zCheckoutParams = z.object({ id: z.string().min(1).max(100) });
  const page = (reply: FastifyReply, view: LocalCheckoutView | null, actionBase: string) =>
    reply
      .code(view ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer')
      .header('Content-Security-Policy', checkoutPageSecurityPolicy(view))
      .send(renderCheckoutPage(view, actionBase));
  const pageUrl = (id: string) => `${app.prefix}${LOCAL_CHECKOUT_PATH}/${encodeURIComponent(id)}`;
  /** After a form: back to the product, or the page again when there is nowhere to go. */
  const afterForm = (reply: FastifyReply, view: LocalCheckoutView | null, id: string) =>
    view?.state === 'open' || !view
      ? page(reply, view, pageUrl(id))
      : reply.redirect(checkoutReturnUrl(view), 303);

  app.get(
    `${LOCAL_CHECKOUT_PATH}/:id`,
    { schema: { hide: true, params: zCheckoutParams } },
    async (request, reply) =>
      page(reply, await findLocalCheckout(db, request.params.id), pageUrl(request.params.id)),
  );

  app.post(
    `${LOCAL_CHECKOUT_PATH}/:id/pay`,
    { schema: { hide: true, params: zCheckoutParams } },
    async (request, reply) =>
      afterForm(reply, await payLocalCheckout(db, request.params.id), request.params.id),
  );

  app.post(
    `${LOCAL_CHECKOUT_PATH}/:id/cancel`,
    { schema: { hide: true, params: zCheckoutParams } },
    async (request, reply) =>
      afterForm(reply, await cancelLocalCheckout(db, request.params.id), request.params.id),
  );

  app.route({
    ...operationRoute('changeLocalSubscription', auth),
    handler: async (request) => {
      const me = currentUser(request);
      await changeLocalSubscription(db, me, request.params.action);
      return toUserPublic((await findUserById(db, me.id)) as User);
    },
  });
}
