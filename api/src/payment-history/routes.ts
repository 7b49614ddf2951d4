import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { currentUser } from '../http/auth-guard';
import { operationRoute } from '../http/operation-route';
import { startPaymentHistorySync } from '../sync/service';
import { deletePayments, listPayments, paymentsCsv } from './service';

/** Payment histories of the user's service points (spec §7 "Payment history"). */
export async function paymentHistoryRoutes(app: ApiApp, ctx: AppContext) {
  const { db, auth } = ctx;

  app.route({
    ...operationRoute('syncPaymentHistory', auth),
    preHandler: ctx.syncStartLimit,
    handler: async (request, reply) =>
      reply.code(202).send(await startPaymentHistorySync(ctx, currentUser(request), request.params.rpu_id)),
  });

  app.route({
    ...operationRoute('listPayments', auth),
    handler: async (request) =>
      listPayments(db, currentUser(request).id, request.params.rpu_id, request.query),
  });

  app.route({
    ...operationRoute('deletePayments', auth),
    handler: async (request) => ({
      affected: await deletePayments(db, currentUser(request).id, request.body.payment_ids),
    }),
  });

  app.route({
    ...operationRoute('paymentsCsv', auth),
    handler: async (request, reply) => {
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
  });
}
