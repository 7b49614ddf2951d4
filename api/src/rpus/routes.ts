import { normalizeServiceNumber } from '@luz/shared/contract';
import { mexicoCityToday } from '@luz/shared/dates';
import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { currentUser } from '../http/auth-guard';
import { listCountsFor } from '../http/list-counts';
import { operationRoute } from '../http/operation-route';
import { sendPage } from '../http/page-answer';
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

/** An import of MAX_IMPORT_ROWS rows with long cells is a few MB; the app's default limit is 1 MB. */
const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * The user's service points (spec §7 "RPUs"). Every route is scoped to the caller: another
 * user's service point or credential answers 404. Superuser routes are in admin-routes.ts; the
 * sync routes belong to the sync engine.
 */
export async function rpusRoutes(app: ApiApp, { db, auth }: AppContext) {
  const listCounts = listCountsFor(app, db);
  app.route({
    ...operationRoute('createRpu', auth),
    handler: async (request) => toRpuPublic(await createRpu(db, currentUser(request).id, request.body)),
  });

  app.route({
    ...operationRoute('listRpus', auth),
    handler: async (request, reply) => {
      const { page, page_size, ...filters } = request.query;
      const user = currentUser(request);
      await assertOwnCredential(db, user.id, filters.credential_id);
      return sendPage(request, reply, listCounts, user.id, async () => {
        const { data, ...counted } = await listRpus(db, user.id, filters, { page, page_size }, listCounts);
        return { data: data.map(toRpuPublic), ...counted };
      });
    },
  });

  app.route({
    ...operationRoute('allRpus', auth),
    handler: async (request) => (await allRpus(db, currentUser(request).id)).map(toRpuSummary),
  });

  app.route({
    ...operationRoute('getRpuByServiceNumber', auth),
    handler: async (request) =>
      toRpuPublic(
        await getRpuByServiceNumber(
          db,
          currentUser(request).id,
          normalizeServiceNumber(request.params.service_number),
        ),
      ),
  });

  app.route({
    ...operationRoute('getRpu', auth),
    handler: async (request) => toRpuPublic(await getRpu(db, currentUser(request).id, request.params.rpu_id)),
  });

  app.route({
    ...operationRoute('updateRpu', auth),
    handler: async (request) =>
      toRpuPublic(await updateRpu(db, currentUser(request).id, request.params.rpu_id, request.body)),
  });

  app.route({
    ...operationRoute('importRpus', auth),
    bodyLimit: IMPORT_BODY_LIMIT,
    handler: async (request) => importRpus(db, currentUser(request).id, request.body.rows),
  });

  app.route({
    ...operationRoute('bulkUpdateRpus', auth),
    handler: async (request) => ({
      affected: await bulkUpdateRpus(db, currentUser(request).id, request.body),
    }),
  });

  app.route({
    ...operationRoute('linkRpu', auth),
    handler: async (request) =>
      toRpuPublic(
        await linkRpu(db, currentUser(request).id, request.params.rpu_id, request.body.credential_id),
      ),
  });

  for (const [operation, enabled] of [
    ['activateAutofetch', true],
    ['deactivateAutofetch', false],
  ] as const) {
    app.route({
      ...operationRoute(operation, auth),
      handler: async (request) => ({
        affected: await setAutofetch(db, currentUser(request).id, request.body.rpu_ids, enabled),
      }),
    });
  }

  app.route({
    ...operationRoute('setEmailNotifications', auth),
    handler: async (request) => ({
      affected: await setEmailNotifications(
        db,
        currentUser(request).id,
        request.body.rpu_ids,
        request.body.send_email_notifications,
      ),
    }),
  });

  app.route({
    ...operationRoute('deleteRpus', auth),
    handler: async (request) => ({
      affected: await deleteRpus(db, currentUser(request).id, request.body.rpu_ids),
    }),
  });

  app.route({
    ...operationRoute('rpusCsv', auth),
    handler: async (request, reply) => {
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
  });
}
