import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { currentUser } from '../http/auth-guard';
import { operationRoute } from '../http/operation-route';
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

/** Tasks (sync runs), their service points and logs (spec §7 "Tasks"). */
export async function tasksRoutes(app: ApiApp, ctx: AppContext) {
  const { db, auth } = ctx;

  app.route({
    ...operationRoute('listTasks', auth),
    handler: async (request) => {
      const { task_types, ...page } = request.query;
      return listTasks(db, currentUser(request).id, task_types, page);
    },
  });

  app.route({
    ...operationRoute('taskStats', auth),
    handler: async (request) => taskStats(db, currentUser(request), request.query),
  });

  app.route({
    ...operationRoute('listTaskLogs', auth),
    handler: async (request) => {
      const { page, page_size, ...filters } = request.query;
      const user = currentUser(request);
      return listTaskLogs(db, { id: user.id, isSuperuser: user.isSuperuser }, filters, { page, page_size });
    },
  });

  app.route({
    ...operationRoute('getTaskLog', auth),
    handler: async (request) => ({
      task: await getTaskLog(db, request.params.task_id),
      associations: await allTaskAssociations(db, request.params.task_id),
    }),
  });

  app.route({
    ...operationRoute('listTaskAssociations', auth),
    handler: async (request) =>
      listTaskAssociations(db, currentUser(request).id, request.params.task_id, request.query),
  });

  app.route({
    ...operationRoute('reviewTaskLogs', auth),
    handler: async (request) => {
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
  });

  app.route({
    ...operationRoute('retryOwnTasks', auth),
    preHandler: ctx.syncStartLimit,
    handler: async (request, reply) =>
      reply.code(202).send({ data: await retryTasks(ctx, currentUser(request).id, request.body) }),
  });

  app.route({
    ...operationRoute('retryAnyTasks', auth),
    handler: async (request, reply) =>
      reply.code(202).send({ data: await retryTasks(ctx, null, request.body) }),
  });
}
