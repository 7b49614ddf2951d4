import type { FastifyInstance } from 'fastify';

/** One year: browsers keep using HTTPS for the host that long after their last visit. */
const HSTS = 'max-age=31536000';

/**
 * Headers every answer carries (API, documents, assets). HSTS only when the product is public
 * over HTTPS: sent from a plain-HTTP deployment it would lock browsers out of it.
 */
export function securityHeaders({ publicUrl }: { publicUrl: string }): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    // Nothing of Luz is meant to be framed (clickjacking); CSP frame-ancestors says the same to newer browsers.
    'X-Frame-Options': 'DENY',
    // Cross-origin requests (third-party scripts, links out) learn the origin, never a path or a query string.
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...(new URL(publicUrl).protocol === 'https:' ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}

/** Adds `headers` to every answer; a route that sets one itself (the local checkout page's `no-referrer`) keeps its own. */
export function installSecurityHeaders(app: FastifyInstance, headers: Record<string, string>) {
  const entries = Object.entries(headers);
  // A callback hook, not an async one: no promise per answer on the hot path (issue 17).
  app.addHook('onSend', (_request, reply, payload, done) => {
    for (const [name, value] of entries) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    done(null, payload);
  });
}
