import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { currentUser } from '../http/auth-guard';
import { operationRoute } from '../http/operation-route';
import { apiTokenMessages } from './messages';
import { createApiToken, listAllApiTokens, listApiTokens, revokeApiToken } from './service';

/** Tokens are managed by the person signed in, never with an API token (`refuseApiTokens`). */
export async function apiTokensRoutes(app: ApiApp, ctx: AppContext) {
  const { db, auth } = ctx;

  app.route({
    ...operationRoute('listApiTokens', auth),
    handler: (request) => listApiTokens(db, currentUser(request).id, request.query),
  });

  app.route({
    ...operationRoute('createApiToken', auth),
    handler: (request) => createApiToken(db, currentUser(request).id, request.body),
  });

  app.route({
    ...operationRoute('revokeApiToken', auth),
    handler: async (request) => {
      const user = currentUser(request);
      await revokeApiToken(db, request.params.token_id, user.isSuperuser ? null : user.id);
      return { message: apiTokenMessages.revoked };
    },
  });

  app.route({
    ...operationRoute('listAllApiTokens', auth),
    handler: (request) => listAllApiTokens(db, request.query),
  });
}
