import {
  MAX_IMPORT_ROWS,
  normalizeServiceNumber,
  zAffected,
  zId,
  zPage,
  zPageQuery,
  zRpu,
  zRpuBulkCreate,
  zRpuBulkCreateResponse,
  zRpuBulkUpdate,
  zRpuCreate,
  zRpuCsvRequest,
  zRpuEmailNotifications,
  zRpuIds,
  zRpuLink,
  zRpuSummary,
  zRpusQuery,
  zRpuUpdate,
} from '@luz/shared/contract';
import { mexicoCityToday } from '@luz/shared/dates';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { currentUser } from '../http/auth-guard';
import { listCountsFor } from '../http/list-counts';
import {
  bulkUpdateRpus,
  deleteRpus,
  linkRpu,
  setAutofetch,
  setEmailNotifications,
  updateRpu,
} from './changes';
import { rpusCsvStream } from './csv';
import { importRpus } from './import';
import {
  allRpus,
  assertOwnCredential,
  assertOwnRpus,
  createRpu,
  getRpu,
  getRpuByServiceNumber,
  listRpus,
  toRpuPublic,
  toRpuSummary,
} from './service';

const tags = ['rpus'];
const security = [{ bearer: [] }];
const zRpuParams = z.object({ rpu_id: zId });
/** An import of MAX_IMPORT_ROWS rows with long cells is a few MB; the app's default limit is 1 MB. */
const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * The user's service points (spec §7 "RPUs"). Every route is scoped to the caller: another
 * user's service point or credential answers 404. Superuser routes are in admin-routes.ts; the
 * sync routes belong to the sync engine.
 */
export async function rpusRoutes(app: ApiApp, { db, auth }: AppContext) {
  const listCounts = listCountsFor(app, db);
  app.post(
    '/rpus/',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary: 'Crea un servicio (número de 12 dígitos, único por usuario)',
        body: zRpuCreate,
        response: { 200: zRpu },
      },
    },
    async (request) => toRpuPublic(await createRpu(db, currentUser(request).id, request.body)),
  );

  app.get(
    '/rpus/',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary:
          'Servicios del usuario; alias contiene (sin distinguir mayúsculas ni acentos), número de servicio por prefijo',
        querystring: zRpusQuery.extend(zPageQuery.shape),
        response: { 200: zPage(zRpu) },
      },
    },
    async (request) => {
      const { page, page_size, ...filters } = request.query;
      const user = currentUser(request);
      await assertOwnCredential(db, user.id, filters.credential_id);
      const { data, ...counted } = await listRpus(db, user.id, filters, { page, page_size }, listCounts);
      return { data: data.map(toRpuPublic), ...counted };
    },
  );

  app.get(
    '/rpus/all',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary: 'Todos los servicios del usuario, en versión ligera (para selectores)',
        response: { 200: z.array(zRpuSummary) },
      },
    },
    async (request) => (await allRpus(db, currentUser(request).id)).map(toRpuSummary),
  );

  app.get(
    '/rpus/by-service-number/:service_number',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary: 'El servicio del usuario con ese número',
        params: z.object({ service_number: z.string().max(64) }),
        response: { 200: zRpu },
      },
    },
    async (request) =>
      toRpuPublic(
        await getRpuByServiceNumber(
          db,
          currentUser(request).id,
          normalizeServiceNumber(request.params.service_number),
        ),
      ),
  );

  app.get(
    '/rpus/:rpu_id',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary: 'Un servicio del usuario',
        params: zRpuParams,
        response: { 200: zRpu },
      },
    },
    async (request) => toRpuPublic(await getRpu(db, currentUser(request).id, request.params.rpu_id)),
  );

  app.patch(
    '/rpus/:rpu_id',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary:
          'Edita un servicio: alias, titular y total a pagar del último recibo sin centavos (`last_payment`, lo que pide CFE para vincularlo)',
        params: zRpuParams,
        body: zRpuUpdate,
        response: { 200: zRpu },
      },
    },
    async (request) =>
      toRpuPublic(await updateRpu(db, currentUser(request).id, request.params.rpu_id, request.body)),
  );

  app.post(
    '/rpus/bulk',
    {
      onRequest: auth.user,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: `Importa hasta ${MAX_IMPORT_ROWS} servicios en una transacción; responde por fila: creado, duplicado o inválido con el motivo`,
        body: zRpuBulkCreate,
        response: { 200: zRpuBulkCreateResponse },
      },
    },
    async (request) => importRpus(db, currentUser(request).id, request.body.rows),
  );

  app.post(
    '/rpus/bulk-update',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary:
          'Aplica el mismo cambio (alias, titular, cuenta, descarga automática, notificaciones) a varios servicios',
        body: zRpuBulkUpdate,
        response: { 200: zAffected },
      },
    },
    async (request) => ({ affected: await bulkUpdateRpus(db, currentUser(request).id, request.body) }),
  );

  app.patch(
    '/rpus/:rpu_id/link',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary: 'Asigna una cuenta de CFE al servicio (null la quita: estado 5, "Sin nombre")',
        params: zRpuParams,
        body: zRpuLink,
        response: { 200: zRpu },
      },
    },
    async (request) =>
      toRpuPublic(
        await linkRpu(db, currentUser(request).id, request.params.rpu_id, request.body.credential_id),
      ),
  );

  for (const [path, enabled, summary] of [
    ['/rpus/activate-auto-fetch', true, 'Activa la descarga automática de los servicios'],
    ['/rpus/deactivate-auto-fetch', false, 'Desactiva la descarga automática de los servicios'],
  ] as const) {
    app.put(
      path,
      {
        onRequest: auth.user,
        schema: { tags, security, summary, body: zRpuIds, response: { 200: zAffected } },
      },
      async (request) => ({
        affected: await setAutofetch(db, currentUser(request).id, request.body.rpu_ids, enabled),
      }),
    );
  }

  app.put(
    '/rpus/activate-deactivate-email-notifications',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary: 'Activa o desactiva los avisos por correo de recibos nuevos',
        body: zRpuEmailNotifications,
        response: { 200: zAffected },
      },
    },
    async (request) => ({
      affected: await setEmailNotifications(
        db,
        currentUser(request).id,
        request.body.rpu_ids,
        request.body.send_email_notifications,
      ),
    }),
  );

  app.post(
    '/rpus/delete/bulk',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary: 'Elimina servicios (borrado lógico: salen de las listas y dejan de sincronizarse)',
        body: zRpuIds,
        response: { 200: zAffected },
      },
    },
    async (request) => ({ affected: await deleteRpus(db, currentUser(request).id, request.body.rpu_ids) }),
  );

  app.post(
    '/rpus/csv',
    {
      onRequest: auth.user,
      // A POST only because the selection can be long: it reads (read-only API tokens may call it).
      config: { readsOnly: true },
      schema: {
        tags,
        security,
        summary:
          'CSV (UTF-8 con BOM, encabezados en español) de los servicios filtrados como GET /rpus/, o de `rpu_ids`',
        querystring: zRpusQuery,
        body: zRpuCsvRequest.optional(),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await assertOwnCredential(db, user.id, request.query.credential_id);
      // An empty selection means no selection: the whole filtered list.
      const rpuIds = request.body?.rpu_ids?.length ? request.body.rpu_ids : undefined;
      if (rpuIds) await assertOwnRpus(db, user.id, rpuIds);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="servicios-${mexicoCityToday()}.csv"`)
        .header('cache-control', 'no-store')
        .send(rpusCsvStream(db, user.id, request.query, rpuIds));
    },
  );
}
