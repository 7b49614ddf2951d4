import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { controls, messages, miEspacioBase, miEspacioPages, miEspacioPath } from '../mi-espacio/site';
import { asksCaptcha } from './captcha';
import { renderHome } from './home-page';
import { attribute, miEspacioPage, text } from './layout';
import {
  captchaSolved,
  newCaptcha,
  openVisit,
  type ReplicaContext,
  refusePost,
  sendCaptchaImage,
  sendHtml,
  signIn,
  signOut,
  type Visit,
} from './visit';

const captchaImagePath = 'CaptchaImage.aspx';

type LoginState = { captcha: boolean };

/** Login.aspx: user, password, the CAPTCHA when asked, and lblError with the reason of a refusal. */
function renderLogin(
  ctx: ReplicaContext,
  request: FastifyRequest,
  reply: FastifyReply,
  visit: Visit,
  options: { captcha: boolean; error?: string; user?: string },
) {
  const path = miEspacioPath('login');
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  const action = `${miEspacioPages.login}${query.startsWith('?ReturnUrl=') ? query : ''}`;
  const captcha = options.captcha
    ? `<div class="captcha">
<img id="${controls.captchaImage.id}" src="${attribute(newCaptcha(ctx, visit, captchaImagePath))}" alt="Captcha" />
<label for="${controls.captcha.id}">Escribe los caracteres de la imagen:</label>
<input name="${controls.captcha.name}" type="text" maxlength="6" id="${controls.captcha.id}" autocomplete="off" />
</div>`
    : '';
  const content = `<div id="login">
<h2>Iniciar sesión</h2>
<label for="${controls.user.id}">USUARIO:</label>
<input name="${controls.user.name}" type="text" value="${attribute(options.user ?? '')}" id="${controls.user.id}" />
<label for="${controls.password.id}">CONTRASEÑA:</label>
<input name="${controls.password.name}" type="password" id="${controls.password.id}" />
${captcha}
<input type="submit" name="${controls.loginButton.name}" value="Ingresar" id="${controls.loginButton.id}" />
<span id="${controls.loginError.id}" class="error">${text(options.error ?? '')}</span>
</div>`;
  const state = { page: 'login', antiXsrf: null, username: null, data: { captcha: options.captcha } };
  return sendHtml(
    reply,
    miEspacioPage({
      title: 'Mi Espacio - Iniciar sesión',
      action,
      leadingFields: ctx.webForms.leadingFields(path, state),
      trailingFields: ctx.webForms.trailingFields(path, {
        buttons: [`${controls.loginButton.name}=Ingresar`],
      }),
      content,
      loggedIn: false,
    }),
  );
}

/** Where a successful login goes: the page that sent to the login, within Mi Espacio, else Default.aspx. */
function landing(request: FastifyRequest): string {
  const returnUrl = new URL(request.url, 'http://replica').searchParams.get('ReturnUrl');
  return returnUrl?.startsWith(miEspacioBase) ? returnUrl : miEspacioPath('home');
}

export function registerLoginPage(app: FastifyInstance, ctx: ReplicaContext) {
  const path = miEspacioPath('login');

  app.get<{ Querystring: { salir?: string } }>(path, async (request, reply) => {
    const visit = openVisit(ctx, request, reply);
    if (request.query.salir) signOut(visit, reply);
    // Before the user is known only the portal-wide switch decides; seeded by the session.
    const captcha = asksCaptcha(ctx.state.global.captcha, `${visit.session.id}:login`);
    return renderLogin(ctx, request, reply, visit, { captcha });
  });

  app.get(`${miEspacioBase}${captchaImagePath}`, async (request, reply) =>
    sendCaptchaImage(openVisit(ctx, request, reply), reply),
  );

  app.post(path, async (request, reply) => {
    const visit = openVisit(ctx, request, reply);
    const post = ctx.webForms.read<LoginState>(path, visit.body, {
      page: 'login',
      antiXsrf: null,
      username: null,
    });
    if (!post) return refusePost(reply);
    const user = String(visit.body[controls.user.name] ?? '');
    const password = String(visit.body[controls.password.name] ?? '');
    if (post.state.data.captcha && !captchaSolved(ctx, visit, visit.body[controls.captcha.name]))
      return renderLogin(ctx, request, reply, visit, {
        captcha: true,
        error: messages.captchaRefused,
        user,
      });
    const account = ctx.state.account(user);
    const switches = ctx.state.switchesFor(account ?? null);
    if (!account || account.password !== password || switches.wrongPassword)
      return renderLogin(ctx, request, reply, visit, {
        captcha: post.state.data.captcha,
        error: messages.loginRefused,
        user,
      });
    // An account the portal wants a CAPTCHA for gets the form again, now with the image.
    if (!post.state.data.captcha && asksCaptcha(switches.captcha, `${visit.session.id}:${account.username}`))
      return renderLogin(ctx, request, reply, visit, { captcha: true, user });
    signIn(ctx, visit, account, reply);
    if (switches.loginRedirect) return reply.redirect(landing(request), 302);
    return renderHome(ctx, visit, account, reply);
  });
}
