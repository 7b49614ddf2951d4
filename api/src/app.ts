import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiTokensRoutes } from './api-tokens/routes';
import { attentionRoutes } from './attention/routes';
import { closePasswordChecks } from './auth/password-policy';
import { authRoutes } from './auth/routes';
import { createTokenService } from './auth/tokens';
import { createBillingProvider } from './billing/create-provider';
import { billingRoutes } from './billing/routes';
import type { Config } from './config';
import type { AppContext } from './context';
import { credentialsRoutes } from './credentials/routes';
import { createSecretBox } from './crypto/secret-box';
import type { Database } from './db/database';
import { startStatisticsRefresh } from './db/statistics';
import type { ApiApp } from './http/api-app';
import { createAuthGuard, currentUser } from './http/auth-guard';
import { createBackground } from './http/background';
import { frameworkErrors, installErrorHandlers } from './http/errors';
import { openApiCompletion } from './http/openapi';
import { fixedWindowLimit } from './http/rate-limit';
import { installSecurityHeaders, securityHeaders } from './http/security-headers';
import { validatorCompiler } from './http/validation';
import { createJobQueue, type JobQueue } from './jobs/job-queue';
import type { Mailer } from './mail';
import { mediaRoutes } from './media/routes';
import { messages } from './messages';
import { paymentHistoryRoutes } from './payment-history/routes';
import { periodsRoutes } from './periods/routes';
import { createCfePortal } from './portal';
import type { CfePortal } from './portal/mi-espacio/portal';
import { rpusAdminRoutes } from './rpus/admin-routes';
import { rpusRoutes } from './rpus/routes';
import { createDocumentStorage, type DocumentStorage } from './storage';
import { syncRoutes } from './sync/routes';
import { createSyncEventHub } from './sync-events/hub';
import { syncEventsRoutes } from './sync-events/routes';
import { tasksRoutes } from './tasks/routes';
import { usersRoutes } from './users/routes';
import { utilsRoutes } from './utils/routes';
import { webRoutes } from './web/routes';
import { createWebhookEngine, jobDeliveryQueue, registerWebhookJobs, webhooksRoutes } from './webhooks';
import { webhookSyncHooks } from './webhooks/sync-hooks';

export const API_PREFIX = '/api/v1';

export type AppDeps = {
  config: Config;
  /** Migrated already; the caller owns it and closes it after the app. */
  db: Database;
  mailer: Mailer;
  /** Fastify's logger option; main passes `loggerOptions(config)`, tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** Clock for issuing tokens (tests mint expired ones). */
  now?: () => number;
  /** Default: the adapter `config.storage` names (a `documents` folder in DATA_DIR unless set). */
  storage?: DocumentStorage;
  /** Default: pg-boss on `db`, with workers when `config.workers`. */
  jobs?: JobQueue;
  /** Default: the Mi Espacio connector at `config.portal.url` (closed with the app). */
  cfePortal?: CfePortal;
};

/** The `token` of a WebSocket URL is a credential: it never reaches the log. */
export const redactUrl = (url: string) => url.replace(/([?&]token=)[^&]*/g, '$1[redacted]');

export function loggerOptions(config: Pick<Config, 'logLevel'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        ip: request.ip,
      }),
    },
  };
}

/**
 * The whole HTTP application on the given dependencies: the API under /api/v1, its OpenAPI
 * document and docs, the WebSocket, and the built front end. Nothing here reads the environment,
 * so tests build the real app on any database.
 */
export async function buildApp({
  config,
  db,
  mailer,
  logger = false,
  now,
  storage,
  jobs,
  cfePortal,
}: AppDeps): Promise<ApiApp> {
  const headers = securityHeaders(config);
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors: frameworkErrors(headers),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandlers(app);
  app.decorateRequest('authenticatedUser', null);
  app.decorateRequest('accessClaims', null);
  app.decorateRequest('apiToken', null);
  installSecurityHeaders(app, headers);

  const tokens = createTokenService({
    secretKey: config.secretKey,
    expireMinutes: config.accessTokenExpireMinutes,
    now,
  });
  const syncEvents = createSyncEventHub({
    db,
    onError: (error) => app.log.warn({ err: error }, 'Sync event not delivered'),
  });
  const background = createBackground(app.log);
  const secrets = createSecretBox(config.credentialsKey);
  const jobQueue =
    jobs ??
    createJobQueue({
      db,
      workers: config.workers,
      // A crashed worker's step is taken up again within a step timeout and a half.
      maintenanceIntervalSeconds: Math.max(1, Math.min(30, Math.floor(config.sync.stepTimeoutSeconds / 2))),
      onError: (error) => app.log.error({ err: error }, 'Job queue error'),
    });
  const webhooks = createWebhookEngine({
    db,
    secrets,
    settings: config.webhooks,
    queue: jobDeliveryQueue(jobQueue),
  });
  registerWebhookJobs(jobQueue, webhooks);
  const ownCfePortal = () => {
    const created = createCfePortal(config);
    app.addHook('onClose', () => created.close());
    return created;
  };
  const ctx: AppContext = {
    config,
    db,
    mailer,
    tokens,
    auth: createAuthGuard({ db, tokens, apiTokenRateLimit: config.apiTokenRateLimit, now }),
    syncEvents,
    background,
    secrets,
    storage: storage ?? (await createDocumentStorage(config.storage)),
    jobs: jobQueue,
    cfePortal: cfePortal ?? ownCfePortal(),
    billing: createBillingProvider(config, db, app.log),
    webhooks,
    syncHooks: webhookSyncHooks({ config, webhooks }),
    syncStartLimit: fixedWindowLimit(
      config.syncRateLimit,
      (request) => currentUser(request).id,
      messages.tooManySyncs,
    ),
  };

  // Only when the front end is served from another origin than the API (API_URL); bearer tokens, no cookies.
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      exposedHeaders: ['Content-Disposition', 'Content-Length'],
      maxAge: 600,
    });
  }
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(rateLimit, { global: false });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  const openApi = openApiCompletion(ctx.auth, API_PREFIX);
  app.addHook('onRoute', openApi.record);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      servers: [{ url: config.publicUrl, description: 'Esta instalación de Luz' }],
      info: {
        title: 'Luz API',
        version: '0.3.16',
        license: { name: 'Propietaria', identifier: 'LicenseRef-Luz' },
        description:
          'API de Luz. Errores con la forma de FastAPI: {"detail": ...}. Tiempo real: WebSocket /api/v1/credentials/ws/{suffix}?token=…',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'oauth2',
            flows: { password: { tokenUrl: `${API_PREFIX}/login/access-token`, scopes: {} } },
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: openApi.complete,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });

  await app.register(
    async (api: ApiApp) => {
      await utilsRoutes(api, ctx);
      await authRoutes(api, ctx);
      await usersRoutes(api, ctx);
      await syncEventsRoutes(api, ctx);
      await credentialsRoutes(api, ctx);
      await rpusRoutes(api, ctx);
      await rpusAdminRoutes(api, ctx);
      await attentionRoutes(api, ctx);
      await syncRoutes(api, ctx);
      await tasksRoutes(api, ctx);
      await paymentHistoryRoutes(api, ctx);
      await billingRoutes(api, ctx);
      await webhooksRoutes(api, ctx);
      await apiTokensRoutes(api, ctx);
      await periodsRoutes(api, ctx);
      await mediaRoutes(api, ctx);
    },
    { prefix: API_PREFIX },
  );
  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, () => app.swagger());

  const spaFallback = await webRoutes(app, config);
  app.setNotFoundHandler(
    (request, reply) => spaFallback(request, reply) ?? reply.code(404).send({ detail: messages.notFound }),
  );

  app.addHook('onReady', () => ctx.auth.start());
  let stopStatistics: () => Promise<void> = async () => undefined;
  app.addHook('onReady', async () => {
    stopStatistics = startStatisticsRefresh(db, (error) =>
      app.log.warn({ err: error }, 'Table statistics not refreshed'),
    );
  });
  app.addHook('onReady', () => syncEvents.start());
  // Every process starts the queue (API-only ones only send); workers run where WORKERS=true.
  app.addHook('onReady', () => ctx.jobs.start());
  app.addHook('onClose', async () => {
    await ctx.jobs.stop();
    await syncEvents.stop();
    await ctx.auth.stop();
    await stopStatistics();
    await ctx.background.drain();
    if (!storage) ctx.storage.close?.();
    closePasswordChecks();
  });
  return app;
}
