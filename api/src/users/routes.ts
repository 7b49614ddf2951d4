import {
  zId,
  zPage,
  zPageQuery,
  zTemporalPassword,
  zTemporalPasswordForm,
  zToken,
  zUpdatePassword,
  zUserPublic,
  zUserRegister,
  zUsersQuery,
  zUserUpdate,
  zUserUpdateMe,
} from '@luz/shared/contract';
import { z } from 'zod';
import { assertStrongPassword } from '../auth/password-policy';
import { bearer } from '../auth/service';
import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { currentUser } from '../http/auth-guard';
import { routeRateLimit } from '../http/rate-limit';
import { emailChangedMail, passwordChangedMail } from '../mail/templates';
import { messages } from '../messages';
import {
  changePassword,
  createUser,
  listUsers,
  setTemporalPassword,
  toUserPublic,
  updateMe,
  updateUser,
} from './service';

const tags = ['users'];
const security = [{ bearer: [] }];
const zUserParams = z.object({ user_id: zId });

export async function usersRoutes(app: ApiApp, ctx: AppContext) {
  const { db, auth } = ctx;

  app.get(
    '/users/me',
    {
      onRequest: auth.account,
      schema: { tags, security, summary: 'El usuario de la sesión', response: { 200: zUserPublic } },
    },
    (request) => toUserPublic(currentUser(request)),
  );

  app.patch(
    '/users/me',
    {
      onRequest: auth.account,
      schema: {
        tags,
        security,
        summary: 'Edita los datos propios; cambiar el correo pide la contraseña actual',
        body: zUserUpdateMe,
        response: { 200: zUserPublic },
      },
      config: {
        // A new e-mail checks the current password: as on /users/me/password, no guessing at leisure.
        rateLimit: routeRateLimit(
          ctx.config.loginRateLimit,
          (request) => `profile|${currentUser(request).id}`,
          messages.tooManyProfileChanges,
        ),
      },
    },
    async (request) => {
      const before = currentUser(request);
      const after = await updateMe(db, before, request.body);
      if (after.email !== before.email) {
        const notice = emailChangedMail({
          to: before.email,
          fullName: after.fullName,
          newEmail: after.email,
          loginUrl: `${ctx.config.publicUrl}/login`,
        });
        ctx.background.run('email-changed-notice', () => ctx.mailer.send(notice));
      }
      return toUserPublic(after);
    },
  );

  app.patch(
    '/users/me/password',
    {
      onRequest: auth.account,
      schema: {
        tags,
        security,
        summary: 'Cambia la contraseña propia; responde un token nuevo (los anteriores dejan de valer)',
        body: zUpdatePassword,
        response: { 200: zToken },
      },
      config: {
        // Checking the current password is a login: a stolen session must not guess it at leisure.
        rateLimit: routeRateLimit(
          ctx.config.loginRateLimit,
          (request) => `password|${currentUser(request).id}`,
          messages.tooManyPasswordChanges,
        ),
      },
    },
    async (request) => {
      const me = currentUser(request);
      const version = await changePassword(db, me, request.body.current_password, request.body.new_password);
      const notice = passwordChangedMail({
        to: me.email,
        fullName: me.fullName,
        recoverUrl: `${ctx.config.publicUrl}/recover-password`,
      });
      ctx.background.run('password-changed-notice', () => ctx.mailer.send(notice));
      return bearer(ctx.tokens.issue(me.id, version));
    },
  );

  app.post(
    '/users/signup',
    {
      schema: {
        tags,
        summary: 'Crea una cuenta (sin suscripción)',
        body: zUserRegister,
        response: { 200: zUserPublic },
      },
      // Per client address only: signups are how accounts get mass-created, and each one hashes a password.
      config: {
        rateLimit: routeRateLimit(ctx.config.signupRateLimit, () => 'signup', messages.tooManySignups),
      },
    },
    async (request) => {
      const { email, full_name, company_name, password } = request.body;
      assertStrongPassword(password, { field: 'password', context: [email, full_name, company_name] });
      return toUserPublic(await createUser(db, request.body));
    },
  );

  app.get(
    '/users/',
    {
      onRequest: auth.superuser,
      schema: {
        tags,
        security,
        summary:
          'Lista de usuarios (superusuarios); filtros por coincidencia parcial sin distinguir mayúsculas',
        querystring: zUsersQuery.extend(zPageQuery.shape),
        response: { 200: zPage(zUserPublic) },
      },
    },
    async (request) => {
      const { page, page_size, ...filters } = request.query;
      const { data, ...counted } = await listUsers(db, filters, { page, page_size });
      return { data: data.map(toUserPublic), ...counted };
    },
  );

  app.patch(
    '/users/:user_id',
    {
      onRequest: auth.superuser,
      schema: {
        tags,
        security,
        summary: 'Edita un usuario (superusuarios)',
        params: zUserParams,
        body: zUserUpdate,
        response: { 200: zUserPublic },
      },
    },
    async (request) =>
      toUserPublic(await updateUser(db, currentUser(request), request.params.user_id, request.body)),
  );

  app.post(
    '/users/:user_id/set-temporal-password',
    {
      onRequest: auth.superuser,
      schema: {
        tags,
        security,
        summary:
          'Asigna una contraseña temporal (superusuarios); sin `password` se genera una. Se muestra una sola vez.',
        consumes: ['application/x-www-form-urlencoded'],
        params: zUserParams,
        body: zTemporalPasswordForm.optional(),
        response: { 200: zTemporalPassword },
      },
    },
    async (request) => ({
      temporal_password: await setTemporalPassword(db, request.params.user_id, request.body?.password),
    }),
  );
}
