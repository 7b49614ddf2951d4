import { assertStrongPassword } from '../auth/password-policy';
import { bearer } from '../auth/service';
import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { currentUser } from '../http/auth-guard';
import { operationRoute } from '../http/operation-route';
import { sendJson, serializeAnswer } from '../http/page-answer';
import { routeRateLimit } from '../http/rate-limit';
import { emailChangedMail, passwordChangedMail } from '../mail/templates';
import { messages } from '../messages';
import {
  changePassword,
  createUser,
  listUsers,
  setTemporalPassword,
  toUserPublic,
  type User,
  updateMe,
  updateUser,
} from './service';

export async function usersRoutes(app: ApiApp, ctx: AppContext) {
  const { db, auth } = ctx;
  // /users/me's JSON, kept with the user row it was made from (issue 17): the auth guard's
  // SessionCache hands the same row to every request until a change to the user drops it, so the
  // answer is validated and serialised once per row, not once per request (a tenth of its time).
  const meAnswers = new WeakMap<User, Buffer>();

  app.route({
    ...operationRoute('getMe', auth),
    handler: async (request, reply) => {
      const user = currentUser(request);
      let json = meAnswers.get(user);
      if (json === undefined) {
        json = serializeAnswer(reply, toUserPublic(user));
        meAnswers.set(user, json);
      }
      return sendJson(reply, json);
    },
  });

  app.route({
    ...operationRoute('updateMe', auth, {
      // A new e-mail checks the current password: as on /users/me/password, no guessing at leisure.
      rateLimit: routeRateLimit(
        ctx.config.loginRateLimit,
        (request) => `profile|${currentUser(request).id}`,
        messages.tooManyProfileChanges,
      ),
    }),
    handler: async (request) => {
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
  });

  app.route({
    ...operationRoute('changePassword', auth, {
      // Checking the current password is a login: a stolen session must not guess it at leisure.
      rateLimit: routeRateLimit(
        ctx.config.loginRateLimit,
        (request) => `password|${currentUser(request).id}`,
        messages.tooManyPasswordChanges,
      ),
    }),
    handler: async (request) => {
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
  });

  app.route({
    ...operationRoute('signUp', auth, {
      rateLimit: routeRateLimit(ctx.config.signupRateLimit, () => 'signup', messages.tooManySignups),
    }),
    handler: async (request) => {
      const { email, full_name, company_name, password } = request.body;
      await assertStrongPassword(password, { field: 'password', context: [email, full_name, company_name] });
      return toUserPublic(await createUser(db, request.body));
    },
  });

  app.route({
    ...operationRoute('listUsers', auth),
    handler: async (request) => {
      const { page, page_size, ...filters } = request.query;
      const { data, ...counted } = await listUsers(db, filters, { page, page_size });
      return { data: data.map(toUserPublic), ...counted };
    },
  });

  app.route({
    ...operationRoute('updateUser', auth),
    handler: async (request) =>
      toUserPublic(await updateUser(db, currentUser(request), request.params.user_id, request.body)),
  });

  app.route({
    ...operationRoute('setTemporalPassword', auth),
    handler: async (request) => ({
      temporal_password: await setTemporalPassword(db, request.params.user_id, request.body?.password),
    }),
  });
}
