import {
  zAffected,
  zId,
  zPage,
  zPageQuery,
  zPayment,
  zPaymentHistoryCsvRequest,
  zPaymentIds,
  zTask,
} from '@luz/shared/contract';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { currentUser } from '../http/auth-guard';
import { startPaymentHistorySync } from '../sync/service';
import { deletePayments, listPayments, paymentsCsv } from './service';

const tags = ['payment-history'];
const security = [{ bearer: [] }];
const zRpuParams = z.object({ rpu_id: zId });

/** Payment histories of the user's service points (spec §7 "Payment history"). */
export async function paymentHistoryRoutes(app: ApiApp, ctx: AppContext) {
  const { db, auth } = ctx;

  app.post(
    '/payment-history/rpu/:rpu_id/sync',
    {
      onRequest: auth.user,
      preHandler: ctx.syncStartLimit,
      schema: {
        tags,
        security,
        summary: 'Sincroniza el historial de pagos de un servicio desde el portal de CFE (flujo 5)',
        params: zRpuParams,
        response: { 202: zTask },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await startPaymentHistorySync(ctx, currentUser(request), request.params.rpu_id)),
  );

  app.get(
    '/payment-history/rpu/:rpu_id',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary: 'Pagos de un servicio, del más reciente al más antiguo',
        params: zRpuParams,
        querystring: zPageQuery,
        response: { 200: zPage(zPayment) },
      },
    },
    async (request) => listPayments(db, currentUser(request).id, request.params.rpu_id, request.query),
  );

  app.post(
    '/payment-history/delete/bulk',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary: 'Elimina pagos del historial (vuelven con la siguiente sincronización)',
        body: zPaymentIds,
        response: { 200: zAffected },
      },
    },
    async (request) => ({
      affected: await deletePayments(db, currentUser(request).id, request.body.payment_ids),
    }),
  );

  app.post(
    '/payment-history/csv',
    {
      onRequest: auth.user,
      // A POST only because the selection can be long: it reads (read-only API tokens may call it).
      config: { readsOnly: true },
      schema: {
        tags,
        security,
        summary:
          'CSV (UTF-8 con BOM, encabezados en español) del historial de pagos de un servicio, o de `payment_ids`',
        body: zPaymentHistoryCsvRequest,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { stream, fileName } = await paymentsCsv(
        db,
        currentUser(request).id,
        request.body.rpu_id,
        request.body.payment_ids,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(stream);
    },
  );
}
