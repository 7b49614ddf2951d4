import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { TokenService } from '../auth/tokens';
import type { Queryable } from '../db/database';
import { messages } from '../messages';
import { findUserById, type User } from '../users/service';
import { forbidden, unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guard's hooks; read it through `currentUser(request)`. */
    authenticatedUser: User | null;
  }
}

export type AuthGuard = {
  /** onRequest hook: a valid bearer token of an active user, or 401/403. */
  user: onRequestAsyncHookHandler;
  /** onRequest hook: as `user`, and the user must be a superuser (403 otherwise). */
  superuser: onRequestAsyncHookHandler;
  /** The user a raw token belongs to (the WebSocket carries it in the query string). */
  userFromToken(token: string | undefined): Promise<User>;
};

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

/**
 * A token is good only if its signature, algorithm and expiry check out, its user still exists
 * and is active, and its `ver` equals the user's token_version (a password change, a reset or a
 * temporary password retire every older token).
 */
export function createAuthGuard({ db, tokens }: { db: Queryable; tokens: TokenService }): AuthGuard {
  async function userFromToken(token: string | undefined): Promise<User> {
    if (!token) throw unauthorized(messages.notAuthenticated);
    const claims = tokens.verify(token);
    if (!claims) throw unauthorized(messages.invalidToken);
    const user = await findUserById(db, claims.sub);
    if (!user || user.tokenVersion !== claims.ver) throw unauthorized(messages.invalidToken);
    if (!user.isActive) throw forbidden(messages.inactiveUser);
    return user;
  }

  return {
    userFromToken,
    async user(request) {
      request.authenticatedUser = await userFromToken(bearerToken(request));
    },
    async superuser(request) {
      const user = await userFromToken(bearerToken(request));
      if (!user.isSuperuser) throw forbidden(messages.notEnoughPrivileges);
      request.authenticatedUser = user;
    },
  };
}

/** The authenticated caller of a route guarded by `user` or `superuser`. Fails closed without a guard. */
export function currentUser(request: FastifyRequest): User {
  if (!request.authenticatedUser) throw unauthorized(messages.notAuthenticated);
  return request.authenticatedUser;
}
