import { isSubscriptionActive } from '@luz/shared/subscription';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { apiTokenMessages } from '../api-tokens/messages';
import { hashApiToken, isApiToken, lastUseRecorder } from '../api-tokens/service';
import { SessionCache } from '../auth/session-cache';
import type { AccessClaims, TokenService } from '../auth/tokens';
import type { RateLimit } from '../config';
import type { Database } from '../db/database';
import { messages } from '../messages';
import { type ApiTokenFacts, findUserForApiToken, findUserForToken, type User } from '../users/service';
import { forbidden, paymentRequired, preconditionRequired, rateLimited, unauthorized } from './errors';
import { FixedWindows } from './rate-limit';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guard's hooks; read it through `currentUser(request)`. */
    authenticatedUser: User | null;
    /** The claims of the token that authenticated the request (logout revokes this one). */
    accessClaims: AccessClaims | null;
    /** Set when an API token (not a session) authenticated the request. */
    apiToken: ApiTokenFacts | null;
  }
  interface FastifyContextConfig {
    /** A POST that only reads (an export, a ZIP): allowed to read-only API tokens. */
    readsOnly?: boolean;
  }
}

export type AuthGuard = {
  /**
   * onRequest hook of every ordinary route: a valid bearer token (401) of an active user (403)
   * who has replaced any temporary password (428) and whose subscription gives access (402, spec
   * §4 and §6; superusers always pass). New routes use this one, so they are gated unless someone
   * decides otherwise.
   */
  user: onRequestAsyncHookHandler;
  /**
   * onRequest hook of the few routes a signed-in user must reach without an active subscription,
   * so that they can see and fix it: their own account (/users/me) and billing. Token and active
   * user only (401/403). An API token may only read them: account, password and billing changes
   * need the person signed in.
   */
  account: onRequestAsyncHookHandler;
  /** onRequest hook: as `account`, and a superuser (403) who has replaced any temporary password (428). */
  superuser: onRequestAsyncHookHandler;
  /** The user a raw token belongs to (the WebSocket carries it in the query string). */
  userFromToken(token: string | undefined): Promise<User>;
  /** Starts remembering checked callers (SessionCache); until then every request reads the database. */
  start(): Promise<void>;
  stop(): Promise<void>;
};

/** What a token gives: its user, and the claims of a session token or the facts of an API token. */
type Session = { user: User; claims: AccessClaims | null; apiToken: ApiTokenFacts | null };

const reading = (request: FastifyRequest) =>
  request.method === 'GET' || request.method === 'HEAD' || request.routeOptions.config.readsOnly === true;

/**
 * onRequest hook after a guard, for routes no API token may use whatever its scope (its own
 * tokens: a leaked token must not mint others or outlive its revocation).
 */
export const refuseApiTokens: onRequestAsyncHookHandler = async (request) => {
  if (request.apiToken) throw forbidden(apiTokenMessages.accountChange);
};

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

/**
 * A token is good only if its signature, algorithm and expiry check out, it was not logged out
 * (revoked_tokens), its user still exists and is active, and its `ver` equals the user's
 * token_version (a password change, a reset or a temporary password retire every older token).
 * What the database said is kept for a few seconds (SessionCache), dropped at once by any change.
 */
export function createAuthGuard({
  db,
  tokens,
  apiTokenRateLimit,
  now,
}: {
  db: Database;
  tokens: TokenService;
  /** Requests per window of one API token. */
  apiTokenRateLimit: RateLimit;
  now?: () => number;
}): AuthGuard {
  const cache = new SessionCache(db, now);
  const apiTokenWindows = new FixedWindows(apiTokenRateLimit);
  const recordLastUse = lastUseRecorder(db);

  async function userOf(claims: AccessClaims): Promise<User> {
    const cached = cache.get(claims.sub, claims.jti);
    if (cached) return cached;
    const mark = cache.mark();
    const found = await findUserForToken(db, claims.sub, claims.jti);
    if (!found || found.revoked) throw unauthorized(messages.invalidToken);
    cache.keep(found.user, claims.jti, mark);
    return found.user;
  }

  /** An API token is looked up on every request (no cache): its revocation takes effect at once. */
  async function apiTokenSession(token: string): Promise<Session> {
    const found = await findUserForApiToken(db, hashApiToken(token));
    if (!found) throw unauthorized(messages.invalidToken);
    const { user, token: apiToken } = found;
    const at = now?.() ?? Date.now();
    if (apiToken.expiresAt && apiToken.expiresAt.getTime() <= at)
      throw unauthorized(apiTokenMessages.expired);
    if (!user.isActive) throw forbidden(messages.inactiveUser);
    const retryAfter = apiTokenWindows.hit(apiToken.id, at);
    if (retryAfter !== null) {
      throw rateLimited(apiTokenMessages.rateLimited(retryAfter), retryAfter);
    }
    await recordLastUse(apiToken.id, at);
    return { user, claims: null, apiToken };
  }

  async function sessionOf(token: string | undefined): Promise<Session> {
    if (!token) throw unauthorized(messages.notAuthenticated);
    if (isApiToken(token)) return apiTokenSession(token);
    const claims = tokens.verify(token);
    if (!claims) throw unauthorized(messages.invalidToken);
    const user = await userOf(claims);
    if (user.tokenVersion !== claims.ver) throw unauthorized(messages.invalidToken);
    if (!user.isActive) throw forbidden(messages.inactiveUser);
    return { user, claims, apiToken: null };
  }

  /** `changesAccount`: the route changes the account, its password or its billing (never by API token). */
  async function authenticate(request: FastifyRequest, changesAccount = false): Promise<User> {
    const { user, claims, apiToken } = await sessionOf(bearerToken(request));
    request.authenticatedUser = user;
    request.accessClaims = claims;
    request.apiToken = apiToken;
    if (apiToken && !reading(request)) {
      if (changesAccount) throw forbidden(apiTokenMessages.accountChange);
      if (apiToken.scope === 'read') throw forbidden(apiTokenMessages.readOnly);
    }
    return user;
  }

  return {
    userFromToken: async (token) => (await sessionOf(token)).user,
    start: () => cache.start(),
    stop: () => cache.stop(),
    async user(request) {
      const user = await authenticate(request);
      requirePasswordChanged(user);
      // 402, not 403: the front end ends the session on 401/403 (spec §8); this user must stay
      // signed in and be shown /subscription.
      if (!isSubscriptionActive(toSubscriptionHolder(user)))
        throw paymentRequired(messages.subscriptionRequired);
    },
    async account(request) {
      await authenticate(request, true);
    },
    async superuser(request) {
      // Administration changes other people's accounts and passwords: by API token, it only reads.
      const user = await authenticate(request, true);
      if (!user.isSuperuser) throw forbidden(messages.notEnoughPrivileges);
      requirePasswordChanged(user);
    },
  };
}

/**
 * Whoever got a temporary password from an administrator uses it only to choose their own (with
 * /users/me and /users/me/password, which `account` guards). 428, not 403: the session must stay.
 */
function requirePasswordChanged(user: User) {
  if (user.mustChangePassword) throw preconditionRequired(messages.passwordChangeRequired);
}

const toSubscriptionHolder = (user: User) => ({
  is_superuser: user.isSuperuser,
  subscription: user.subscription,
});

/** The claims of the caller's token, on a route guarded by `user`, `account` or `superuser`. */
export function currentClaims(request: FastifyRequest): AccessClaims {
  if (!request.accessClaims) throw unauthorized(messages.notAuthenticated);
  return request.accessClaims;
}

/** The authenticated caller of a route guarded by `user`, `account` or `superuser`. Fails closed without a guard. */
export function currentUser(request: FastifyRequest): User {
  if (!request.authenticatedUser) throw unauthorized(messages.notAuthenticated);
  return request.authenticatedUser;
}
