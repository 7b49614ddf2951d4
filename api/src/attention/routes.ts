import { zAttentionItem, zPage, zPageQuery } from '@luz/shared/contract';
import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { currentUser } from '../http/auth-guard';
import { attentionItems } from './service';

/** "Requiere atención": what of the caller's needs a person, each with what fixes it. */
export async function attentionRoutes(app: ApiApp, { db, auth }: AppContext) {
  app.get(
    '/attention/',
    {
      onRequest: auth.user,
      schema: {
        tags: ['attention'],
        security: [{ bearer: [] }],
        summary:
          'Lo que requiere atención del usuario: servicios con error por motivo y cuentas de CFE con contraseña incorrecta, captcha pendiente o sesión por renovar; `count` es el total',
        querystring: zPageQuery,
        response: { 200: zPage(zAttentionItem) },
      },
    },
    async (request) => attentionItems(db, currentUser(request).id, request.query),
  );
}
