import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { AppError } from '../http/errors';
import { operationRoute } from '../http/operation-route';
import { messages } from '../messages';

export async function utilsRoutes(app: ApiApp, { db, auth }: AppContext) {
  app.route({
    ...operationRoute('healthCheck', auth),
    handler: async (request) => {
      try {
        await db.query('SELECT 1');
      } catch (error) {
        request.log.error({ err: error }, 'Health check: database unreachable');
        throw new AppError('unavailable', messages.serviceUnavailable);
      }
      return { status: 'ok' as const };
    },
  });
}
