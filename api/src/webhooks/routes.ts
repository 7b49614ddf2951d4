import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { currentUser } from '../http/auth-guard';
import { operationRoute } from '../http/operation-route';
import { routeRateLimit } from '../http/rate-limit';
import { adminTestRpu } from './admin-test';
import { webhookMessages } from './messages';
import {
  createWebhook,
  deleteWebhook,
  findWebhook,
  listDeliveries,
  listWebhooks,
  updateWebhook,
  type WebhookDeps,
} from './service';

export async function webhooksRoutes(app: ApiApp, ctx: AppContext) {
  const { db, auth } = ctx;
  const deps: WebhookDeps = {
    db,
    secrets: ctx.secrets,
    policy: { allowedHosts: ctx.config.webhooks.allowedHosts },
  };

  app.route({
    ...operationRoute('listWebhooks', auth),
    handler: (request) => listWebhooks(db, currentUser(request).id, request.query),
  });

  app.route({
    ...operationRoute('createWebhook', auth),
    handler: (request) => createWebhook(deps, currentUser(request).id, request.body),
  });

  app.route({
    ...operationRoute('updateWebhook', auth),
    handler: (request) =>
      updateWebhook(deps, currentUser(request).id, request.params.webhook_id, request.body),
  });

  app.route({
    ...operationRoute('deleteWebhook', auth),
    handler: async (request) => {
      await deleteWebhook(db, currentUser(request).id, request.params.webhook_id);
      return { message: webhookMessages.deleted };
    },
  });

  app.route({
    ...operationRoute('listWebhookDeliveries', auth),
    handler: (request) =>
      listDeliveries(db, currentUser(request).id, request.params.webhook_id, request.query),
  });

  app.route({
    ...operationRoute('testWebhook', auth, {
      rateLimit: routeRateLimit(
        ctx.config.webhooks.testRateLimit,
        (request) => `webhook-test|${currentUser(request).id}`,
        webhookMessages.tooManyTests,
      ),
    }),
    handler: async (request) => {
      const webhook = await findWebhook(db, currentUser(request).id, request.params.webhook_id);
      return ctx.webhooks.sendTest(webhook.id, {
        webhook_id: webhook.id,
        message: webhookMessages.testMessage,
        rpu: null,
      });
    },
  });

  app.route({
    ...operationRoute('testAnyRpuWebhook', auth),
    handler: (request) => adminTestRpu(ctx, request.params.rpu_id),
  });
}
