import { z } from 'zod';
import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { HttpError } from '../http/errors';
import { messages } from '../messages';

export async function utilsRoutes(app: ApiApp, { db }: AppContext) {
  app.get(
    '/utils/health-check/',
    {
      schema: {
        tags: ['utils'],
        summary: 'Responde ok cuando el proceso y su base de datos responden (para el balanceador)',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async (request) => {
      try {
        await db.query('SELECT 1');
      } catch (error) {
        request.log.error({ err: error }, 'Health check: database unreachable');
        throw new HttpError(503, messages.serviceUnavailable);
      }
      return { status: 'ok' as const };
    },
  );
}
