import { randomBytes } from 'node:crypto';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type MiEspacioPage, miEspacioPath } from '../mi-espacio/site';
import { captchaMatches, drawCaptcha } from './captcha';
import { serverErrorPage } from './layout';
import type { Account, ReplicaSession, ReplicaState, Switches } from './state';
import type { PageState, WebForms } from './webforms';
import type { ReplicaWorld } from './world';

/** What every page of the replica works with. */
export type ReplicaContext = {
  state: ReplicaState;
  world: ReplicaWorld;
  webForms: WebForms;
  now: () => number;
  /** Receipts "Consulta tu recibo" lists (the sources saw 3–8). */
  consultationReceipts: number;
};

/** One request's view: its ASP.NET session (opened when it has none), account and switches. */
export type Visit = {
  session: ReplicaSession;
  account: Account | null;
  switches: Switches;
  body: Record<string, unknown>;
};

export const cookieNames = {
  session: 'ASP.NET_SessionId',
  auth: '.ASPXAUTH',
  antiXsrf: '__AntiXsrfToken',
} as const;

const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' } as const;

export function openVisit(ctx: ReplicaContext, request: FastifyRequest, reply: FastifyReply): Visit {
  const now = ctx.now();
  let session = ctx.state.session(request.cookies[cookieNames.session], now);
  if (!session) {
    session = ctx.state.openSession(now);
    reply.setCookie(cookieNames.session, session.id, cookieOptions);
  }
  // The forms-authentication ticket must come with the session that issued it.
  const ticket = request.cookies[cookieNames.auth];
  const account = ticket && session.auth?.ticket === ticket ? ctx.state.sessionAccount(session) : null;
  const body =
    request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  return { session, account, switches: ctx.state.switchesFor(account), body };
}

/** Logs a session in: a new ticket, a fresh start on the primary service, counters reset. */
export function signIn(ctx: ReplicaContext, visit: Visit, account: Account, reply: FastifyReply) {
  const ticket = randomBytes(24).toString('hex').toUpperCase();
  visit.session.auth = { ticket, username: account.username };
  visit.session.captcha = null;
  visit.session.selectedService = visibleServices(ctx, account)[0]?.serviceNumber ?? null;
  visit.session.xmlDownloads = 0;
  visit.session.throttledUntil = null;
  visit.account = account;
  visit.switches = ctx.state.switchesFor(account);
  reply.setCookie(cookieNames.auth, ticket, cookieOptions);
  ctx.state.countLogin(account.username);
}

export function signOut(visit: Visit, reply: FastifyReply) {
  visit.session.auth = null;
  visit.account = null;
  reply.clearCookie(cookieNames.auth, { path: '/' });
}

/** Services the drop-down shows: a new one appears only after a while (switch linkVisibleAfterMs). */
export const visibleServices = (ctx: ReplicaContext, account: Account) =>
  account.services.filter((service) => service.visibleAt <= ctx.now());

/**
 * An authenticated page: the account, or null after sending the login page's redirect (an ended
 * session shows the login page, never a 401).
 */
export function requireAccount(request: FastifyRequest, reply: FastifyReply, visit: Visit): Account | null {
  if (visit.account) return visit.account;
  const returnUrl = encodeURIComponent(request.url.split('?')[0] ?? '/');
  void reply.redirect(`${miEspacioPath('login')}?ReturnUrl=${returnUrl}`, 302);
  return null;
}

/** The anti-forgery token: set as a cookie by the first authenticated page (Default.aspx in practice). */
export function antiXsrfToken(visit: Visit, reply: FastifyReply): string {
  if (!visit.session.antiXsrf) {
    visit.session.antiXsrf = randomBytes(16).toString('hex');
    reply.setCookie(cookieNames.antiXsrf, visit.session.antiXsrf, cookieOptions);
  }
  return visit.session.antiXsrf;
}

/** A new CAPTCHA for this session's form; answers the image's address. */
export function newCaptcha(ctx: ReplicaContext, visit: Visit, imagePath: string): string {
  ctx.state.recordCaptcha(visit.session, drawCaptcha(), ctx.now());
  return `${imagePath}?t=${randomBytes(6).toString('hex')}`;
}

export const sendHtml = (reply: FastifyReply, html: string) =>
  reply.status(200).type('text/html; charset=utf-8').send(html);

/** WebForms' refusal of a post whose hidden fields did not round-trip: an error page, status 200. */
export const refusePost = (reply: FastifyReply) => sendHtml(reply, serverErrorPage());

export const sendAttachment = (reply: FastifyReply, fileName: string, contentType: string, body: Buffer) =>
  reply.status(200).header('content-disposition', contentDisposition(fileName)).type(contentType).send(body);

/** The CAPTCHA image of this session, or 404 when it has none. */
export function sendCaptchaImage(visit: Visit, reply: FastifyReply) {
  const captcha = visit.session.captcha;
  if (!captcha) return reply.status(404).type('text/plain').send('Not found');
  return reply.header('cache-control', 'no-store').type(captcha.contentType).send(captcha.image);
}

/** Whether the session's CAPTCHA was answered, right and in time. */
export function captchaSolved(ctx: ReplicaContext, visit: Visit, given: unknown): boolean {
  const drawn = visit.session.captcha;
  if (!drawn || ctx.now() - drawn.issuedAt > ctx.state.captchaLifetimeMs) return false;
  return captchaMatches(drawn.answer, given);
}

type Post<T> = { state: PageState<T>; event: { target: string; argument: string } };

/**
 * A page of Mi Espacio behind the login: an ended session gets the login page; a post is read
 * only when its hidden fields round-tripped, with the anti-forgery cookie the page was drawn for.
 */
export function registerAuthenticatedPage<T>(
  app: FastifyInstance,
  ctx: ReplicaContext,
  page: MiEspacioPage,
  handlers: {
    render: (visit: Visit, account: Account, reply: FastifyReply) => unknown;
    post: (visit: Visit, account: Account, reply: FastifyReply, post: Post<T>) => unknown;
  },
) {
  const path = miEspacioPath(page);
  app.get(path, async (request, reply) => {
    const visit = openVisit(ctx, request, reply);
    const account = requireAccount(request, reply, visit);
    return account ? handlers.render(visit, account, reply) : reply;
  });
  app.post(path, async (request, reply) => {
    const visit = openVisit(ctx, request, reply);
    const account = requireAccount(request, reply, visit);
    if (!account) return reply;
    const post = ctx.webForms.read<T>(path, visit.body, {
      page,
      antiXsrf: request.cookies[cookieNames.antiXsrf] ?? null,
      username: account.username,
    });
    return post ? handlers.post(visit, account, reply, post) : refusePost(reply);
  });
}
