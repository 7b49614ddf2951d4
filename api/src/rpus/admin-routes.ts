import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { EVERY_USER, listCountsFor } from '../http/list-counts';
import { operationRoute } from '../http/operation-route';
import { sendPage } from '../http/page-answer';
import { adminDeleteRpus, getRpuComplete, listRpusAdmin, toRpuAdmin } from './admin-service';

/** The superuser's console over every user's service points (spec §7, 403 for anyone else). */
export async function rpusAdminRoutes(app: ApiApp, { db, auth }: AppContext) {
  const listCounts = listCountsFor(app, db);
  app.route({
    ...operationRoute('listAllRpus', auth),
    handler: async (request, reply) => {
      const { page, page_size, ...filters } = request.query;
      // Every superuser sees the same list: one answer for all of them.
      return sendPage(request, reply, listCounts, EVERY_USER, async () => {
        const { data, ...counted } = await listRpusAdmin(db, filters, { page, page_size }, listCounts);
        return { data: data.map(toRpuAdmin), ...counted };
      });
    },
  });

  app.route({
    ...operationRoute('deleteAnyRpus', auth),
    handler: async (request) => ({ affected: await adminDeleteRpus(db, request.body.rpu_ids) }),
  });

  app.route({
    ...operationRoute('getRpuComplete', auth),
    handler: async (request) => getRpuComplete(db, request.params.rpu_id),
  });
}
