import { randomUUID } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import { LRUCache } from 'lru-cache';

/** `jti` names the token, so that logging out can revoke this one alone. */
export type AccessClaims = { sub: string; ver: number; iat: number; exp: number; jti: string };

export type TokenService = {
  /** A signed access token for the user at their current token version. */
  issue(userId: string, tokenVersion: number): string;
  /** The claims of a valid token, or null for anything else (bad signature, other algorithm, expired, malformed). */
  verify(token: string): AccessClaims | null;
  expiresInMinutes: number;
};

/** Verified tokens remembered at most (the least recently used leave first). */
const TOKEN_CACHE_SIZE = 10_000;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * HS256 only, in both directions: the verifier refuses `alg: none` and every other algorithm, so
 * a token cannot choose how it is checked. `ver` must match users.token_version, which the caller
 * checks: a password change makes every older token useless.
 */
export function createTokenService({
  secretKey,
  expireMinutes,
  now = Date.now,
}: {
  secretKey: string;
  expireMinutes: number;
  /** Clock of issued tokens; tests move it to mint expired ones. */
  now?: () => number;
}): TokenService {
  const expiresIn = expireMinutes * 60_000;
  const verifier = createVerifier({
    key: secretKey,
    algorithms: ['HS256'],
    requiredClaims: ['sub', 'exp', 'iat', 'ver', 'jti'],
  });
  // A token seen before is not decoded or checked again until it expires (issue 17): it is looked
  // up by its own text, where fast-jwt's cache first took a SHA-256 of it (6 % of a cached list's
  // time). Revocation is the caller's (users.token_version, revoked_tokens), never cached here.
  // Made on the first verification: the LRU allocates room for every entry up front, and a service
  // that only issues tokens (a test's fixture) never needs it.
  let verified: LRUCache<string, AccessClaims> | undefined;
  return {
    expiresInMinutes: expireMinutes,
    issue(userId, tokenVersion) {
      const signer = createSigner({ key: secretKey, algorithm: 'HS256', expiresIn, clockTimestamp: now() });
      return signer({ sub: userId, ver: tokenVersion, jti: randomUUID() });
    },
    verify(token) {
      const known = verified?.get(token);
      // fast-jwt's own rule, on its own clock: a token is good until the second of its `exp`.
      if (known) {
        if (Date.now() <= known.exp * 1000) return known;
        verified?.delete(token);
        return null;
      }
      let claims: Record<string, unknown>;
      try {
        claims = verifier(token);
      } catch {
        return null;
      }
      const { sub, ver, iat, exp, jti } = claims;
      if (
        typeof sub !== 'string' ||
        !uuidPattern.test(sub) ||
        typeof jti !== 'string' ||
        !uuidPattern.test(jti) ||
        !Number.isInteger(ver) ||
        typeof iat !== 'number' ||
        typeof exp !== 'number'
      ) {
        return null;
      }
      const checked = Object.freeze({ sub, ver: ver as number, iat, exp, jti });
      verified ??= new LRUCache<string, AccessClaims>({ max: TOKEN_CACHE_SIZE });
      verified.set(token, checked);
      return checked;
    },
  };
}
