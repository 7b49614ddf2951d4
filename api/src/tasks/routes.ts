import {
  zAffected,
  zId,
  zPage,
  zPageQuery,
  zTask,
  zTaskAssociation,
  zTaskList,
  zTaskLog,
  zTaskLogDetail,
  zTaskLogsBulkUpdate,
  zTaskLogsQuery,
  zTaskRetry,
  zTaskStats,
  zTaskStatsQuery,
  zTasksQuery,
} from '@luz/shared/contract';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { currentUser } from '../http/auth-guard';
import { retryTasks } from '../sync/service';
import {
  allTaskAssociations,
  getTaskLog,
  listTaskAssociations,
  listTaskLogs,
  listTasks,
  setTasksReviewed,
  taskStats,
} from './service';

const tags = ['tasks'];
const security = [{ bearer: [] }];

/** Tasks (sync runs), their service points and logs (spec §7 "Tasks"). */
export async function tasksRoutes(app: ApiApp, ctx: AppContext) {
  const { db, auth } = ctx;

  app.get(
    '/tasks/',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary: 'Tus tareas, de la más reciente a la más antigua; `task_types` filtra por tipo (0–3)',
        querystring: zTasksQuery,
        response: { 200: zPage(zTask) },
      },
    },
    async (request) => {
      const { task_types, ...page } = request.query;
      return listTasks(db, currentUser(request).id, task_types, page);
    },
  );

  app.get(
    '/tasks/stats',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary:
          'Cuántas tareas hay por tipo y estado, creadas entre dos fechas en una zona horaria: las tuyas; un superusuario, las de todos (o de user_id)',
        querystring: zTaskStatsQuery,
        response: { 200: zTaskStats },
      },
    },
    async (request) => taskStats(db, currentUser(request), request.query),
  );

  app.get(
    '/tasks/logs',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary:
          'Bitácora de tareas con su dueño. Cada quien ve las suyas; un superusuario ve todas y puede filtrar por usuario',
        querystring: zTaskLogsQuery,
        response: { 200: zPage(zTaskLog) },
      },
    },
    async (request) => {
      const { page, page_size, ...filters } = request.query;
      const user = currentUser(request);
      return listTaskLogs(db, { id: user.id, isSuperuser: user.isSuperuser }, filters, { page, page_size });
    },
  );

  app.get(
    '/tasks/admin/logs/:task_id',
    {
      onRequest: auth.superuser,
      schema: {
        tags,
        security,
        summary: 'Una tarea de cualquier usuario con todos sus servicios (superusuarios)',
        params: z.object({ task_id: zId }),
        response: { 200: zTaskLogDetail },
      },
    },
    async (request) => ({
      task: await getTaskLog(db, request.params.task_id),
      associations: await allTaskAssociations(db, request.params.task_id),
    }),
  );

  app.get(
    '/tasks/task-associations/:task_id',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary: 'Los servicios de una de tus tareas, con su paso, intento y resultado',
        params: z.object({ task_id: zId }),
        querystring: zPageQuery,
        response: { 200: zPage(zTaskAssociation) },
      },
    },
    async (request) =>
      listTaskAssociations(db, currentUser(request).id, request.params.task_id, request.query),
  );

  app.patch(
    '/tasks/logs/bulk',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary: 'Marca tareas como revisadas o no (las tuyas; un superusuario, cualquiera)',
        body: zTaskLogsBulkUpdate,
        response: { 200: zAffected },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return {
        affected: await setTasksReviewed(
          db,
          { id: user.id, isSuperuser: user.isSuperuser },
          request.body.task_ids,
          request.body.reviewed,
        ),
      };
    },
  );

  app.post(
    '/tasks/user-retry',
    {
      onRequest: auth.user,
      preHandler: ctx.syncStartLimit,
      schema: {
        tags,
        security,
        summary:
          'Reintenta los servicios con error de tus tareas: cada tarea reintentada crea una tarea nueva del mismo tipo',
        body: zTaskRetry,
        response: { 202: zTaskList },
      },
    },
    async (request, reply) =>
      reply.code(202).send({ data: await retryTasks(ctx, currentUser(request).id, request.body) }),
  );

  app.post(
    '/tasks/retry',
    {
      onRequest: auth.superuser,
      schema: {
        tags,
        security,
        summary: 'Reintenta los servicios con error de tareas de cualquier usuario (superusuarios)',
        body: zTaskRetry,
        response: { 202: zTaskList },
      },
    },
    async (request, reply) => reply.code(202).send({ data: await retryTasks(ctx, null, request.body) }),
  );
}
