import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { currentUser } from '../http/auth-guard';
import { operationRoute } from '../http/operation-route';
import { startCredentialSync, startRpuSync } from './service';
import { registerSyncWorkers } from './workers';

/**
 * The two doors into the sync engine (spec §7), and its workers (which run only in processes
 * with WORKERS=true). Both answer 202 with the task that was queued; progress arrives over the
 * WebSocket of sync events.
 */
export async function syncRoutes(app: ApiApp, ctx: AppContext) {
  registerSyncWorkers(ctx, app.log);

  app.route({
    ...operationRoute('syncCredential', ctx.auth),
    preHandler: ctx.syncStartLimit,
    handler: async (request, reply) =>
      reply
        .code(202)
        .send(
          await startCredentialSync(ctx, currentUser(request), request.params.credential_id, request.body),
        ),
  });

  app.route({
    ...operationRoute('syncRpu', ctx.auth),
    preHandler: ctx.syncStartLimit,
    handler: async (request, reply) =>
      reply.code(202).send(
        await startRpuSync(ctx, currentUser(request), request.params.credential_id, request.params.rpu_id, {
          lastPayment: request.body.last_payment,
          exceedServiceCap: request.body.exceed_service_cap,
        }),
      ),
  });
}
