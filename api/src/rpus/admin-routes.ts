import {
  zAffected,
  zId,
  zPage,
  zPageQuery,
  zRpuAdmin,
  zRpuComplete,
  zRpuIds,
  zRpusAdminQuery,
} from '@luz/shared/contract';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { listCountsFor } from '../http/list-counts';
import { adminDeleteRpus, getRpuComplete, listRpusAdmin, toRpuAdmin } from './admin-service';

const tags = ['rpus', 'admin'];
const security = [{ bearer: [] }];

/** The superuser's console over every user's service points (spec §7, 403 for anyone else). */
export async function rpusAdminRoutes(app: ApiApp, { db, auth }: AppContext) {
  const listCounts = listCountsFor(app, db);
  app.get(
    '/rpus/admin',
    {
      onRequest: auth.superuser,
      schema: {
        tags,
        security,
        summary:
          'Servicios de todos los usuarios (superusuarios), con el correo del dueño y las marcas has_uns, deleted y duplicated',
        querystring: zRpusAdminQuery.extend(zPageQuery.shape),
        response: { 200: zPage(zRpuAdmin) },
      },
    },
    async (request) => {
      const { page, page_size, ...filters } = request.query;
      const { data, ...counted } = await listRpusAdmin(db, filters, { page, page_size }, listCounts);
      return { data: data.map(toRpuAdmin), ...counted };
    },
  );

  app.post(
    '/rpus/admin/delete/bulk',
    {
      onRequest: auth.superuser,
      schema: {
        tags,
        security,
        summary: 'Elimina (borrado lógico) servicios de cualquier usuario (superusuarios)',
        body: zRpuIds,
        response: { 200: zAffected },
      },
    },
    async (request) => ({ affected: await adminDeleteRpus(db, request.body.rpu_ids) }),
  );

  app.get(
    '/rpus/admin/:rpu_id/complete',
    {
      onRequest: auth.superuser,
      schema: {
        tags,
        security,
        summary:
          'Un servicio con su dueño, su cuenta de CFE, el número de periodos y la última tarea (superusuarios)',
        params: z.object({ rpu_id: zId }),
        response: { 200: zRpuComplete },
      },
    },
    async (request) => getRpuComplete(db, request.params.rpu_id),
  );
}
