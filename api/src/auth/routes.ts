import { zEmail, zLoginForm, zMessage, zNewPassword, zToken } from '@luz/shared/contract';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { currentClaims } from '../http/auth-guard';
import { addressRateLimit, routeRateLimit } from '../http/rate-limit';
import { messages } from '../messages';
import { login, resetPassword, sendPasswordReset } from './service';
import { revokeToken } from './sessions';

const tags = ['login'];

export async function authRoutes(app: ApiApp, ctx: AppContext) {
  app.post(
    '/login/access-token',
    {
      schema: {
        tags,
        summary: 'Inicia sesión (OAuth2 password flow, form-encoded)',
        consumes: ['application/x-www-form-urlencoded'],
        body: zLoginForm,
        response: { 200: zToken },
      },
      // Per address, whatever the username: one client cannot spray passwords over many accounts,
      // nor make the server hash for every made-up e-mail (the decoy check costs as much as a real one).
      preHandler: addressRateLimit(ctx.config.loginAddressRateLimit, messages.tooManyLoginAttempts),
      config: {
        rateLimit: routeRateLimit(
          ctx.config.loginRateLimit,
          (request) => `login|${String((request.body as { username?: unknown })?.username).toLowerCase()}`,
          messages.tooManyLoginAttempts,
        ),
      },
    },
    (request) => login(ctx, request.body.username, request.body.password),
  );

  app.post(
    '/password-recovery/:email',
    {
      schema: {
        tags,
        summary: 'Envía por correo un enlace para restablecer la contraseña',
        params: z.object({ email: zEmail }),
        response: { 200: zMessage },
      },
      // Per address too, whatever the e-mail: one client must not mail reset links to a list of addresses.
      preHandler: addressRateLimit(ctx.config.recoveryAddressRateLimit, messages.tooManyRecoveryRequests),
      config: {
        rateLimit: routeRateLimit(
          ctx.config.recoveryRateLimit,
          (request) => `recovery|${(request.params as { email: string }).email.toLowerCase()}`,
          messages.tooManyRecoveryRequests,
        ),
      },
    },
    (request) => {
      // The lookup and the e-mail happen after the answer, which is the same either way.
      const { email } = request.params;
      ctx.background.run('password-recovery', () => sendPasswordReset(ctx, email));
      return { message: messages.passwordRecoverySent };
    },
  );

  app.post(
    '/reset-password/',
    {
      schema: {
        tags,
        summary: 'Fija una contraseña nueva con el enlace recibido por correo',
        body: zNewPassword,
        response: { 200: zMessage },
      },
    },
    async (request) => {
      await resetPassword(ctx, request.body.token, request.body.new_password);
      return { message: messages.passwordUpdated };
    },
  );

  app.post(
    '/logout',
    {
      onRequest: ctx.auth.account,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary:
          'Cierra la sesión: este token deja de valer en el acto y se cierran los WebSockets que abrió',
        response: { 200: zMessage },
      },
    },
    async (request) => {
      await revokeToken(ctx.db, currentClaims(request));
      return { message: messages.loggedOut };
    },
  );
}
