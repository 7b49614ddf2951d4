import type { FastifyInstance } from 'fastify';

/** One year: browsers keep using HTTPS for the host that long after their last visit. */
const HSTS = 'max-age=31536000';

/**
 * Headers every answer carries (API, documents, assets). A route that sets its own (the local
 * checkout page's `no-referrer`) keeps it. HSTS only when the product is public over HTTPS: sent
 * from a plain-HTTP deployment it would lock browsers out of it.
 */
export function installSecurityHeaders(app: FastifyInstance, { publicUrl }: { publicUrl: string }) {
  const https = new URL(publicUrl).protocol === 'https:';
  const defaults: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    // Nothing of Luz is meant to be framed (clickjacking); CSP frame-ancestors says the same to newer browsers.
    'X-Frame-Options': 'DENY',
    // Cross-origin requests (third-party scripts, links out) learn the origin, never a path or a query string.
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...(https ? { 'Strict-Transport-Security': HSTS } : {}),
  };
  app.addHook('onSend', async (_request, reply) => {
    for (const [name, value] of Object.entries(defaults)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
  });
}
