import { type DocumentKind, DownloadType } from '@luz/shared/contract';
import { mexicoCityToday } from '@luz/shared/dates';
import { create as contentDisposition } from 'content-disposition';
import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { currentUser } from '../http/auth-guard';
import { notFound } from '../http/errors';
import { listCountsFor } from '../http/list-counts';
import { operationRoute } from '../http/operation-route';
import { sendPage } from '../http/page-answer';
import { messages } from '../messages';
import { assertOwnAssociation } from '../tasks/service';
import { periodsCsv } from './csv';
import { assertOwnFilters } from './ownership';
import {
  deletePeriods,
  listPeriods,
  periodsScope,
  periodsSeries,
  selectedDocuments,
  selectedPeriods,
} from './service';
import { createPeriodsZip } from './zip';

const kindOf: Record<number, DocumentKind | null> = {
  [DownloadType.all]: null,
  [DownloadType.pdf]: 'pdf',
  [DownloadType.xml]: 'xml',
};

/** Documents being removed from storage at once after a bulk delete. */
const DELETE_CONCURRENCY = 8;

export async function periodsRoutes(app: ApiApp, ctx: AppContext) {
  const { db, auth, storage } = ctx;
  const listCounts = listCountsFor(app, db);

  app.route({
    ...operationRoute('listPeriods', auth),
    handler: async (request, reply) => {
      const { page, page_size, ...filters } = request.query;
      const userId = currentUser(request).id;
      await assertOwnFilters(db, userId, filters);
      const answer = () => listPeriods(db, userId, filters, { page, page_size }, listCounts);
      const scope = periodsScope(userId, filters);
      return scope ? sendPage(request, reply, listCounts, scope, answer) : answer();
    },
  });

  app.route({
    ...operationRoute('listTaskPeriods', auth),
    handler: async (request) => {
      const userId = currentUser(request).id;
      await assertOwnAssociation(db, userId, request.params.task_association_id);
      return listPeriods(
        db,
        userId,
        { task_association_id: request.params.task_association_id },
        request.query,
      );
    },
  });

  app.route({
    ...operationRoute('periodsSeries', auth),
    handler: async (request) => {
      await assertOwnFilters(db, currentUser(request).id, request.query);
      return { points: await periodsSeries(db, currentUser(request).id, request.query) };
    },
  });

  app.route({
    ...operationRoute('periodsZip', auth),
    handler: async (request, reply) => {
      const { download_type, ...selection } = request.body;
      await assertOwnFilters(db, currentUser(request).id, selection);
      const zip = await createPeriodsZip(
        storage,
        selectedDocuments(db, currentUser(request).id, selection, kindOf[download_type] ?? null),
        (error) => request.log.error({ err: error }, 'ZIP download failed while streaming'),
      );
      if (!zip) throw notFound(messages.noDocumentsToDownload);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Length', zip.size)
        .header('Content-Disposition', contentDisposition(`periodos-${mexicoCityToday()}.zip`))
        .header('Cache-Control', 'no-store')
        .send(zip.stream);
    },
  });

  app.route({
    ...operationRoute('periodsCsv', auth),
    handler: async (request, reply) => {
      await assertOwnFilters(db, currentUser(request).id, request.body);
      const periods = selectedPeriods(db, currentUser(request).id, request.body);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', contentDisposition(`periodos-${mexicoCityToday()}.csv`))
        .header('Cache-Control', 'no-store')
        .send(periodsCsv(periods));
    },
  });

  app.route({
    ...operationRoute('deletePeriods', auth),
    handler: async (request) => {
      const { affected, storageKeys } = await deletePeriods(
        db,
        currentUser(request).id,
        request.body.period_ids,
      );
      // The rows are gone (committed); the files follow after the answer. A file left behind
      // by a crash is unreachable: no row names it.
      ctx.background.run('delete period documents', async () => {
        const queue = [...storageKeys];
        const worker = async () => {
          for (let key = queue.pop(); key !== undefined; key = queue.pop()) {
            try {
              await storage.delete(key);
            } catch (error) {
              request.log.warn({ err: error, key }, 'Document could not be deleted from storage');
            }
          }
        };
        await Promise.all(Array.from({ length: DELETE_CONCURRENCY }, worker));
      });
      return { affected };
    },
  });
}
