import {
  zAdminApiToken,
  zAdminApiTokenQuery,
  zApiToken,
  zApiTokenCreate,
  zApiTokenParams,
  zApiTokenWithSecret,
  zMessage,
  zPage,
  zPageQuery,
} from '@luz/shared/contract';
import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { currentUser, refuseApiTokens } from '../http/auth-guard';
import { apiTokenMessages } from './messages';
import { createApiToken, listAllApiTokens, listApiTokens, revokeApiToken } from './service';

const tags = ['api-tokens'];
const security = [{ bearer: [] }];

/** Tokens are managed by the person signed in, never with an API token (`refuseApiTokens`). */
export async function apiTokensRoutes(app: ApiApp, ctx: AppContext) {
  const { db, auth } = ctx;

  app.get(
    '/api-tokens/',
    {
      onRequest: [auth.user, refuseApiTokens],
      schema: {
        tags,
        security,
        summary: 'Tus tokens de API (sin el token: solo se muestra al crearlo)',
        querystring: zPageQuery,
        response: { 200: zPage(zApiToken) },
      },
    },
    (request) => listApiTokens(db, currentUser(request).id, request.query),
  );

  app.post(
    '/api-tokens/',
    {
      onRequest: [auth.user, refuseApiTokens],
      schema: {
        tags,
        security,
        summary:
          'Crea un token de API (read: solo lectura; full: todo salvo cuenta, contraseña, suscripción y tokens). La respuesta trae el token: es la única vez que se muestra.',
        body: zApiTokenCreate,
        response: { 200: zApiTokenWithSecret },
      },
    },
    (request) => createApiToken(db, currentUser(request).id, request.body),
  );

  app.delete(
    '/api-tokens/:token_id',
    {
      onRequest: [auth.user, refuseApiTokens],
      schema: {
        tags,
        security,
        summary: 'Revoca un token de API al instante (un superusuario, el de cualquier usuario)',
        params: zApiTokenParams,
        response: { 200: zMessage },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await revokeApiToken(db, request.params.token_id, user.isSuperuser ? null : user.id);
      return { message: apiTokenMessages.revoked };
    },
  );

  app.get(
    '/api-tokens/admin',
    {
      onRequest: [auth.superuser, refuseApiTokens],
      schema: {
        tags,
        security,
        summary: 'Superusuarios: los tokens de API de todos los usuarios',
        querystring: zAdminApiTokenQuery,
        response: { 200: zPage(zAdminApiToken) },
      },
    },
    (request) => listAllApiTokens(db, request.query),
  );
}
