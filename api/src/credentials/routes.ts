import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { currentUser } from '../http/auth-guard';
import { conflict, forbidden, notFound } from '../http/errors';
import { operationRoute } from '../http/operation-route';
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

  app.route({
    ...operationRoute('createCredential', auth),
    handler: async (request) => {
      const created = await createCredential(db, secrets, currentUser(request).id, request.body);
      // Adding an account connects it at once: the password is checked and, when CFE shows a
      // CAPTCHA, the owner is asked for it while they are still looking.
      background.run('connect new credential', async () => {
        const credential = await getCredentialForSync(db, secrets, created.id);
        if (credential) await connectCredential(ctx, credential);
      });
      return toCredentialPublic(created);
    },
  });

  app.route({
    ...operationRoute('listCredentials', auth),
    handler: async (request) => {
      const { data, ...counted } = await listCredentials(db, currentUser(request).id, request.query);
      return { data: data.map(toCredentialPublic), ...counted };
    },
  });

  app.route({
    ...operationRoute('allCredentials', auth),
    handler: async (request) => (await allCredentials(db, currentUser(request).id)).map(toCredentialPublic),
  });

  app.route({
    ...operationRoute('getCredential', auth),
    handler: async (request) =>
      toCredentialPublic(await getCredential(db, currentUser(request).id, request.params.credential_id)),
  });

  app.route({
    ...operationRoute('updateCredential', auth),
    handler: async (request) => {
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
  });

  app.route({
    ...operationRoute('deleteCredential', auth),
    handler: async (request) => {
      await deleteCredential(db, currentUser(request).id, request.params.credential_id);
      cfePortal.forget(request.params.credential_id);
      return { message: credentialMessages.deleted };
    },
  });

  app.route({
    ...operationRoute('connectCredential', auth),
    preHandler: syncStartLimit,
    handler: async (request) =>
      connectCredential(ctx, await ownForPortal(currentUser(request), request.params.credential_id)),
  });

  app.route({
    ...operationRoute('getCaptcha', auth),
    handler: async (request) => {
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
  });

  app.route({
    ...operationRoute('answerCaptcha', auth),
    preHandler: syncStartLimit,
    handler: async (request) => {
      const credential = await ownForPortal(currentUser(request), request.params.credential_id);
      try {
        return await answerChallenge(ctx, credential, request.body.challenge_id, request.body.answer);
      } catch (error) {
        if (error instanceof ChallengeGone) throw conflict(credentialMessages.captchaGone);
        throw error;
      }
    },
  });

  app.route({
    ...operationRoute('newCaptcha', auth),
    preHandler: syncStartLimit,
    handler: async (request) => {
      const credential = await ownForPortal(currentUser(request), request.params.credential_id);
      try {
        return await connectCredential(ctx, credential, { fresh: true });
      } catch (error) {
        if (error instanceof ChallengeGone) throw conflict(credentialMessages.captchaGone);
        throw error;
      }
    },
  });
}
