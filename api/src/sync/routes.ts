import { zCredentialSyncRequest, zId, zRpuSyncRequest, zTask } from '@luz/shared/contract';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { currentUser } from '../http/auth-guard';
import { startCredentialSync, startRpuSync } from './service';
import { registerSyncWorkers } from './workers';

const security = [{ bearer: [] }];

/**
 * The two doors into the sync engine (spec §7), and its workers (which run only in processes
 * with WORKERS=true). Both answer 202 with the task that was queued; progress arrives over the
 * WebSocket of sync events.
 */
export async function syncRoutes(app: ApiApp, ctx: AppContext) {
  registerSyncWorkers(ctx, app.log);

  app.post(
    '/credentials/sync/:credential_id',
    {
      onRequest: ctx.auth.user,
      preHandler: ctx.syncStartLimit,
      schema: {
        tags: ['credentials'],
        security,
        summary:
          'Sincroniza una cuenta de CFE: sin cuerpo, todo su espacio en el portal (flujo 2); con `workflow` 3 o 4, sincronización o vinculación masiva de sus servicios (o de `rpu_ids`)',
        params: z.object({ credential_id: zId }),
        body: zCredentialSyncRequest,
        response: { 202: zTask },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await startCredentialSync(ctx, currentUser(request), request.params.credential_id, request.body),
        ),
  );

  app.post(
    '/rpus/sync/:credential_id/:rpu_id',
    {
      onRequest: ctx.auth.user,
      preHandler: ctx.syncStartLimit,
      schema: {
        tags: ['rpus'],
        security,
        summary:
          'Vincula y sincroniza un servicio con una cuenta de CFE (flujo 1); `last_payment` es la información adicional para vincular',
        params: z.object({ credential_id: zId, rpu_id: zId }),
        body: zRpuSyncRequest,
        response: { 202: zTask },
      },
    },
    async (request, reply) =>
      reply.code(202).send(
        await startRpuSync(ctx, currentUser(request), request.params.credential_id, request.params.rpu_id, {
          lastPayment: request.body.last_payment,
        }),
      ),
  );
}
