import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { RateLimit } from '../config';
import { rateLimited } from './errors';

/**
 * Per-route limit. The key is computed after validation (`preHandler`), so it can include a field
 * of the request, e.g. the login's username: one attacker cannot lock a user out from elsewhere,
 * and one address cannot hammer one account. Counters live in this process's memory.
 */
export function routeRateLimit(
  { max, windowMs }: RateLimit,
  key: (request: FastifyRequest) => string,
  detail: (retryAfterSeconds: number) => string,
): RateLimitOptions {
  return {
    max,
    timeWindow: windowMs,
    hook: 'preHandler',
    keyGenerator: (request) => `${request.ip}|${key(request)}`,
    errorResponseBuilder: (_request, context) =>
      rateLimited(detail(Math.max(1, Math.ceil(context.ttl / 1000)))),
  };
}

/** Windows kept before expired ones are swept (they are also replaced when met again). */
const SWEEP_ABOVE = 10_000;

/** Fixed windows per key, in this process's memory. */
export class FixedWindows {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly limit: RateLimit) {}

  /** Counts a request of `key`: null when allowed, else the seconds until its window resets. */
  hit(key: string, now = Date.now()): number | null {
    if (this.windows.size > SWEEP_ABOVE) {
      for (const [name, window] of this.windows) if (window.resetAt <= now) this.windows.delete(name);
    }
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.limit.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count > this.limit.max ? Math.max(1, Math.ceil((window.resetAt - now) / 1000)) : null;
  }
}

/**
 * A fixed window per `key` (a client address, a user), in this process's memory, for limits
 * @fastify/rate-limit cannot give: it applies only the first of its limiters that a request
 * meets, and keeps one counter per route (a budget shared by several routes needs one map).
 */
export function fixedWindowLimit(
  limit: RateLimit,
  key: (request: FastifyRequest) => string,
  detail: (retryAfterSeconds: number) => string,
): preHandlerAsyncHookHandler {
  const windows = new FixedWindows(limit);
  return async (request) => {
    const seconds = windows.hit(key(request));
    if (seconds !== null) throw rateLimited(detail(seconds), seconds);
  };
}

/** A limit per client address alone, for a route that already has a `routeRateLimit`. */
export const addressRateLimit = (limit: RateLimit, detail: (retryAfterSeconds: number) => string) =>
  fixedWindowLimit(limit, (request) => request.ip, detail);
