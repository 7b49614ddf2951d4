import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { currentUser } from '../http/auth-guard';
import { operationRoute } from '../http/operation-route';
import { attentionItems } from './service';

/** "Requiere atención": what of the caller's needs a person, each with what fixes it. */
export async function attentionRoutes(app: ApiApp, { db, auth }: AppContext) {
  app.route({
    ...operationRoute('listAttention', auth),
    handler: async (request) => attentionItems(db, currentUser(request).id, request.query),
  });
}
