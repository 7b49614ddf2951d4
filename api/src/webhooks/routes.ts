import {
  zId,
  zMessage,
  zPage,
  zPageQuery,
  zWebhook,
  zWebhookCreate,
  zWebhookDelivery,
  zWebhookParams,
  zWebhookUpdate,
  zWebhookUpdated,
  zWebhookWithSecret,
} from '@luz/shared/contract';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { currentUser } from '../http/auth-guard';
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

const tags = ['webhooks'];
const security = [{ bearer: [] }];

export async function webhooksRoutes(app: ApiApp, ctx: AppContext) {
  const { db, auth } = ctx;
  const deps: WebhookDeps = {
    db,
    secrets: ctx.secrets,
    policy: { allowedHosts: ctx.config.webhooks.allowedHosts },
  };

  app.get(
    '/webhooks/',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary: 'Tus webhooks',
        querystring: zPageQuery,
        response: { 200: zPage(zWebhook) },
      },
    },
    (request) => listWebhooks(db, currentUser(request).id, request.query),
  );

  app.post(
    '/webhooks/',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary:
          'Crea un webhook. La respuesta trae el secreto de firma (whsec_…): es la única vez que se muestra.',
        body: zWebhookCreate,
        response: { 200: zWebhookWithSecret },
      },
    },
    (request) => createWebhook(deps, currentUser(request).id, request.body),
  );

  app.patch(
    '/webhooks/:webhook_id',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary: 'Edita un webhook; con rotate_secret: true responde un secreto nuevo (una sola vez)',
        params: zWebhookParams,
        body: zWebhookUpdate,
        response: { 200: zWebhookUpdated },
      },
    },
    (request) => updateWebhook(deps, currentUser(request).id, request.params.webhook_id, request.body),
  );

  app.delete(
    '/webhooks/:webhook_id',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary: 'Elimina un webhook y su historial de entregas',
        params: zWebhookParams,
        response: { 200: zMessage },
      },
    },
    async (request) => {
      await deleteWebhook(db, currentUser(request).id, request.params.webhook_id);
      return { message: webhookMessages.deleted };
    },
  );

  app.get(
    '/webhooks/:webhook_id/deliveries',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary: 'Entregas recientes de un webhook (la más nueva primero)',
        params: zWebhookParams,
        querystring: zPageQuery,
        response: { 200: zPage(zWebhookDelivery) },
      },
    },
    (request) => listDeliveries(db, currentUser(request).id, request.params.webhook_id, request.query),
  );

  app.post(
    '/webhooks/:webhook_id/test',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary:
          'Envía ahora un evento webhook.test (un solo intento) y responde la entrega con su resultado',
        params: zWebhookParams,
        response: { 200: zWebhookDelivery },
      },
      config: {
        rateLimit: routeRateLimit(
          ctx.config.webhooks.testRateLimit,
          (request) => `webhook-test|${currentUser(request).id}`,
          webhookMessages.tooManyTests,
        ),
      },
    },
    async (request) => {
      const webhook = await findWebhook(db, currentUser(request).id, request.params.webhook_id);
      return ctx.webhooks.sendTest(webhook.id, {
        webhook_id: webhook.id,
        message: webhookMessages.testMessage,
        rpu: null,
      });
    },
  );

  app.post(
    '/webhooks/admin/:rpu_id/test',
    {
      onRequest: auth.superuser,
      schema: {
        tags,
        security,
        summary:
          'Superusuarios: envía un webhook.test con los datos del servicio a cada webhook activo de su dueño',
        params: z.object({ rpu_id: zId }),
        response: { 200: z.array(zWebhookDelivery) },
      },
    },
    (request) => adminTestRpu(ctx, request.params.rpu_id),
  );
}
