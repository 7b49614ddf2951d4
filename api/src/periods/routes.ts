import {
  type DocumentKind,
  DownloadType,
  zAffected,
  zPage,
  zPageQuery,
  zPeriod,
  zPeriodIds,
  zPeriodsCsvRequest,
  zPeriodsQuery,
  zPeriodsSeries,
  zPeriodsSeriesQuery,
  zPeriodsZipRequest,
  zTaskAssociationPeriodsParams,
} from '@luz/shared/contract';
import { mexicoCityToday } from '@luz/shared/dates';
import { create as contentDisposition } from 'content-disposition';
import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { currentUser } from '../http/auth-guard';
import { notFound } from '../http/errors';
import { listCountsFor } from '../http/list-counts';
import { messages } from '../messages';
import { assertOwnAssociation } from '../tasks/service';
import { periodsCsv } from './csv';
import { assertOwnFilters } from './ownership';
import { deletePeriods, listPeriods, periodsSeries, selectedDocuments, selectedPeriods } from './service';
import { createPeriodsZip } from './zip';

const tags = ['periods'];
const security = [{ bearer: [] }];

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

  app.get(
    '/periods/all',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary:
          'Periodos de facturación del usuario, con su servicio y sus documentos. Las fechas acotan la fecha final del periodo.',
        querystring: zPeriodsQuery,
        response: { 200: zPage(zPeriod) },
      },
    },
    async (request) => {
      const { page, page_size, ...filters } = request.query;
      await assertOwnFilters(db, currentUser(request).id, filters);
      return listPeriods(db, currentUser(request).id, filters, { page, page_size }, listCounts);
    },
  );

  app.get(
    '/tasks/periods/:task_association_id',
    {
      onRequest: auth.user,
      schema: {
        tags: ['tasks'],
        security,
        summary:
          'Los periodos que encontró un servicio de una de tus tareas (404 si la tarea no es tuya), como en GET /periods/all',
        params: zTaskAssociationPeriodsParams,
        querystring: zPageQuery,
        response: { 200: zPage(zPeriod) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await assertOwnAssociation(db, userId, request.params.task_association_id);
      return listPeriods(
        db,
        userId,
        { task_association_id: request.params.task_association_id },
        request.query,
      );
    },
  );

  app.get(
    '/periods/series',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary:
          'Importe (MXN) y consumo (kWh) de los periodos filtrados, sumados por mes de la fecha final (para la gráfica)',
        querystring: zPeriodsSeriesQuery,
        response: { 200: zPeriodsSeries },
      },
    },
    async (request) => {
      await assertOwnFilters(db, currentUser(request).id, request.query);
      return { points: await periodsSeries(db, currentUser(request).id, request.query) };
    },
  );

  app.post(
    '/periods/zip',
    {
      onRequest: auth.user,
      // A POST only because the selection can be long: it reads (read-only API tokens may call it).
      config: { readsOnly: true },
      schema: {
        tags,
        security,
        summary:
          'ZIP (sin compresión) con los documentos de los periodos elegidos (`period_ids`) o de todos los que cumplen los filtros; `download_type`: -1 todos, 0 PDF, 1 XML. Una carpeta por servicio.',
        body: zPeriodsZipRequest,
        produces: ['application/zip'],
      },
    },
    async (request, reply) => {
      const { download_type, ...selection } = request.body;
      await assertOwnFilters(db, currentUser(request).id, selection);
      const documents = await selectedDocuments(
        db,
        currentUser(request).id,
        selection,
        kindOf[download_type] ?? null,
      );
      if (documents.length === 0) throw notFound(messages.noDocumentsToDownload);

      const zip = createPeriodsZip(storage, documents, (error) =>
        request.log.error({ err: error }, 'ZIP download failed while streaming'),
      );
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Length', zip.size)
        .header('Content-Disposition', contentDisposition(`periodos-${mexicoCityToday()}.zip`))
        .header('Cache-Control', 'no-store')
        .send(zip.stream);
    },
  );

  app.post(
    '/periods/csv',
    {
      onRequest: auth.user,
      // A POST only because the selection can be long: it reads (read-only API tokens may call it).
      config: { readsOnly: true },
      schema: {
        tags,
        security,
        summary:
          'CSV (UTF-8 con BOM, encabezados en español) de los periodos elegidos o de todos los que cumplen los filtros',
        body: zPeriodsCsvRequest,
      },
    },
    async (request, reply) => {
      await assertOwnFilters(db, currentUser(request).id, request.body);
      const periods = selectedPeriods(db, currentUser(request).id, request.body);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', contentDisposition(`periodos-${mexicoCityToday()}.csv`))
        .header('Cache-Control', 'no-store')
        .send(periodsCsv(periods));
    },
  );

  app.post(
    '/periods/delete/bulk',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary:
          'Elimina los periodos elegidos del usuario y sus documentos; `affected` cuenta los eliminados (los ajenos se ignoran)',
        body: zPeriodIds,
        response: { 200: zAffected },
      },
    },
    async (request) => {
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
  );
}
