import {
  zCaptchaAnswer,
  zCaptchaChallenge,
  zCredential,
  zCredentialCreate,
  zCredentialUpdate,
  zId,
  zMessage,
  zPage,
  zPageQuery,
  zPortalConnection,
} from '@luz/shared/contract';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { currentUser } from '../http/auth-guard';
import { conflict, forbidden, notFound } from '../http/errors';
import { deletePortalSession } from '../portal/session-store';
import type { User } from '../users/service';
import { credentialMessages } from './messages';
import {
  answerChallenge,
  ChallengeGone,
  connectCredential,
  pendingChallenge,
  toChallengePublic,
} from './portal-connection';
import {
  allCredentials,
  type CredentialForSync,
  createCredential,
  deleteCredential,
  getCredential,
  getCredentialForSync,
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
export async function credentialsRoutes(app: ApiApp, ctx: AppContext) {
  const { db, auth, secrets, cfePortal, background, syncStartLimit } = ctx;

  /**
   * The caller's own credential, password opened, for the portal. A superuser reaching another
   * user's credential is told only the owner may do this (403); anyone else gets 404.
   */
  const ownForPortal = async (user: User, credentialId: string): Promise<CredentialForSync> => {
    const credential = await getCredentialForSync(db, secrets, credentialId);
    if (credential?.userId === user.id) return credential;
    if (credential && user.isSuperuser) throw forbidden(credentialMessages.captchaOwnerOnly);
    throw notFound(credentialMessages.notFound);
  };

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
    async (request) => {
      const created = await createCredential(db, secrets, currentUser(request).id, request.body);
      // Adding an account connects it at once: the password is checked and, when CFE shows a
      // CAPTCHA, the owner is asked for it while they are still looking.
      background.run('connect new credential', async () => {
        const credential = await getCredentialForSync(db, secrets, created.id);
        if (credential) await connectCredential(ctx, credential);
      });
      return toCredentialPublic(created);
    },
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
      const { data, ...counted } = await listCredentials(db, currentUser(request).id, request.query);
      return { data: data.map(toCredentialPublic), ...counted };
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
      if (request.body.cfe_user !== undefined || request.body.password !== undefined) {
        cfePortal.forget(credential_id);
        await deletePortalSession(db, credential_id);
      }
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
      cfePortal.forget(request.params.credential_id);
      return { message: credentialMessages.deleted };
    },
  );

  app.post(
    '/credentials/:credential_id/connect',
    {
      onRequest: auth.user,
      preHandler: syncStartLimit,
      schema: {
        tags,
        security,
        summary:
          'Conectar con CFE: comprueba la contraseña abriendo la sesión del portal ahora (o reusa la abierta); puede pedir un captcha',
        params: zCredentialParams,
        response: { 200: zPortalConnection },
      },
    },
    async (request) =>
      connectCredential(ctx, await ownForPortal(currentUser(request), request.params.credential_id)),
  );

  app.get(
    '/credentials/:credential_id/captcha',
    {
      onRequest: auth.user,
      schema: {
        tags,
        security,
        summary:
          'El captcha de CFE que espera respuesta (imagen como data: URL); un superusuario puede verlo, no responderlo',
        params: zCredentialParams,
        response: { 200: zCaptchaChallenge },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { rows } = await db.query<{ cfe_user: string }>(
        'SELECT cfe_user FROM credentials WHERE id = $1 AND (user_id = $2 OR $3::boolean)',
        [request.params.credential_id, user.id, user.isSuperuser],
      );
      const credential = rows[0];
      if (!credential) throw notFound(credentialMessages.notFound);
      const waiting = await pendingChallenge(ctx, request.params.credential_id);
      if (!waiting) throw notFound(credentialMessages.noCaptcha);
      return toChallengePublic(waiting, credential.cfe_user);
    },
  );

  app.post(
    '/credentials/:credential_id/captcha',
    {
      onRequest: auth.user,
      preHandler: syncStartLimit,
      schema: {
        tags,
        security,
        summary:
          'Responde el captcha de CFE (solo la persona dueña de la cuenta); si no coincide, llega uno nuevo',
        params: zCredentialParams,
        body: zCaptchaAnswer,
        response: { 200: zPortalConnection },
      },
    },
    async (request) => {
      const credential = await ownForPortal(currentUser(request), request.params.credential_id);
      try {
        return await answerChallenge(ctx, credential, request.body.challenge_id, request.body.answer);
      } catch (error) {
        if (error instanceof ChallengeGone) throw conflict(credentialMessages.captchaGone);
        throw error;
      }
    },
  );

  app.post(
    '/credentials/:credential_id/captcha/new',
    {
      onRequest: auth.user,
      preHandler: syncStartLimit,
      schema: {
        tags,
        security,
        summary: 'Otra imagen: un formulario de inicio de sesión nuevo, con su captcha',
        params: zCredentialParams,
        response: { 200: zPortalConnection },
      },
    },
    async (request) =>
      connectCredential(ctx, await ownForPortal(currentUser(request), request.params.credential_id), {
        fresh: true,
      }),
  );
}
