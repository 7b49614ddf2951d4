import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { RateLimit } from '../config';
import { HttpError } from './errors';

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
      new HttpError(429, detail(Math.max(1, Math.ceil(context.ttl / 1000)))),
  };
}
