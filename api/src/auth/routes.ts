import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { currentClaims } from '../http/auth-guard';
import { operationRoute } from '../http/operation-route';
import { addressRateLimit, routeRateLimit } from '../http/rate-limit';
import { messages } from '../messages';
import { login, resetPassword, sendPasswordReset } from './service';
import { revokeToken } from './sessions';

export async function authRoutes(app: ApiApp, ctx: AppContext) {
  app.route({
    ...operationRoute('login', ctx.auth, {
      rateLimit: routeRateLimit(
        ctx.config.loginRateLimit,
        (request) => `login|${String((request.body as { username?: unknown })?.username).toLowerCase()}`,
        messages.tooManyLoginAttempts,
      ),
    }),
    // Per address, whatever the username: one client cannot spray passwords over many accounts,
    // nor make the server hash for every made-up e-mail (the decoy check costs as much as a real one).
    preHandler: addressRateLimit(ctx.config.loginAddressRateLimit, messages.tooManyLoginAttempts),
    handler: (request) => login(ctx, request.body.username, request.body.password),
  });

  app.route({
    ...operationRoute('recoverPassword', ctx.auth, {
      rateLimit: routeRateLimit(
        ctx.config.recoveryRateLimit,
        (request) => `recovery|${(request.params as { email: string }).email.toLowerCase()}`,
        messages.tooManyRecoveryRequests,
      ),
    }),
    // Per address too, whatever the e-mail: one client must not mail reset links to a list of addresses.
    preHandler: addressRateLimit(ctx.config.recoveryAddressRateLimit, messages.tooManyRecoveryRequests),
    handler: (request) => {
      // The lookup and the e-mail happen after the answer, which is the same either way.
      const { email } = request.params;
      ctx.background.run('password-recovery', () => sendPasswordReset(ctx, email));
      return { message: messages.passwordRecoverySent };
    },
  });

  app.route({
    ...operationRoute('resetPassword', ctx.auth),
    handler: async (request) => {
      await resetPassword(ctx, request.body.token, request.body.new_password);
      return { message: messages.passwordUpdated };
    },
  });

  app.route({
    ...operationRoute('logout', ctx.auth),
    handler: async (request) => {
      await revokeToken(ctx.db, currentClaims(request));
      return { message: messages.loggedOut };
    },
  });
}
