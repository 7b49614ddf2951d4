import {
  zCredential,
  zCredentialCreate,
  zCredentialUpdate,
  zId,
  zMessage,
  zPage,
  zPageQuery,
} from '@luz/shared/contract';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { currentUser } from '../http/auth-guard';
import { credentialMessages } from './messages';
import {
  allCredentials,
  createCredential,
  deleteCredential,
  getCredential,
  listCredentials,
  toCredentialPublic,
  updateCredential,
} from './service';

const tags = ['credentials'];
const security = [{ bearer: [] }];
const zCredentialParams = z.object({ credential_id: zId });

/**
 * The user's CFE portal accounts (spec §7 "Credentials"). The password is write-only: it is
 * encrypted at rest and no answer carries it. Sync endpoints live with the sync engine.
 */
export async function credentialsRoutes(app: ApiApp, { db, auth, secrets, portal }: AppContext) {
  app.post(
    '/credentials/',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary: 'Vincula una cuenta del portal de CFE (la primera activa has_credentials del usuario)',
        body: zCredentialCreate,
        response: { 200: zCredential },
      },
    },
    async (request) =>
      toCredentialPublic(await createCredential(db, secrets, currentUser(request).id, request.body)),
  );

  app.get(
    '/credentials/',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary: 'Cuentas de CFE del usuario, paginadas',
        querystring: zPageQuery,
        response: { 200: zPage(zCredential) },
      },
    },
    async (request) => {
      const { data, count } = await listCredentials(db, currentUser(request).id, request.query);
      return { data: data.map(toCredentialPublic), count };
    },
  );

  app.get(
    '/credentials/all',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary: 'Todas las cuentas de CFE del usuario (para selectores)',
        response: { 200: z.array(zCredential) },
      },
    },
    async (request) => (await allCredentials(db, currentUser(request).id)).map(toCredentialPublic),
  );

  app.get(
    '/credentials/:credential_id',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary: 'Una cuenta de CFE del usuario',
        params: zCredentialParams,
        response: { 200: zCredential },
      },
    },
    async (request) =>
      toCredentialPublic(await getCredential(db, currentUser(request).id, request.params.credential_id)),
  );

  app.patch(
    '/credentials/:credential_id',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary:
          'Edita alias, usuario o contraseña; un usuario o contraseña nuevos vuelven a "sin verificar"',
        params: zCredentialParams,
        body: zCredentialUpdate,
        response: { 200: zCredential },
      },
    },
    async (request) => {
      const { credential_id } = request.params;
      const credential = await updateCredential(
        db,
        secrets,
        currentUser(request).id,
        credential_id,
        request.body,
      );
      // A portal session opened with the old user or password must not be reused.
      if (request.body.cfe_user !== undefined || request.body.password !== undefined)
        portal.forget(credential_id);
      return toCredentialPublic(credential);
    },
  );

  app.delete(
    '/credentials/:credential_id',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary: 'Elimina la cuenta; sus servicios se conservan sin cuenta (estado 5, "Sin nombre")',
        params: zCredentialParams,
        response: { 200: zMessage },
      },
    },
    async (request) => {
      await deleteCredential(db, currentUser(request).id, request.params.credential_id);
      portal.forget(request.params.credential_id);
      return { message: credentialMessages.deleted };
    },
  );
}
