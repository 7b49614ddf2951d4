import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Shares of portal requests answered with a fault instead of the portal's answer (0–1 each). */
export type FaultRates = {
  /** 503, as a portal outage answers. */
  unavailable: number;
  /** 429 with `Retry-After: retryAfterSeconds`; the account must then wait that long. */
  rateLimited: number;
  /** The connection is closed without an answer. */
  dropped: number;
  /** Answered `slowMs` late (forwarded). */
  slow: number;
  retryAfterSeconds: number;
  slowMs: number;
};

export const noFaultRates = (): FaultRates => ({
  unavailable: 0,
  rateLimited: 0,
  dropped: 0,
  slow: 0,
  retryAfterSeconds: 2,
  slowMs: 1_500,
});

export type FaultProxyStats = {
  /** Every request Luz sent, faulted or not. */
  requests: number;
  injected: { unavailable: number; rateLimited: number; dropped: number; slow: number };
  byAccount: Map<string, number>;
  peakInFlight: Map<string, number>;
  /** Requests an account sent while its last 429 still asked it to wait (answered 429 again). */
  ignoredRetryAfter: Map<string, number>;
};

const sessionCookie = 'ASP.NET_SessionId';
const PUBLIC = '(public)';

const cookieOf = (header: string | undefined) =>
  (header ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === sessionCookie)?.[1];

/** The user a post of Mi Espacio's login form names (`ctl00$MainContent$txtUsuario`), lower-cased. */
function loginUser(method: string, body: Buffer): string | null {
  if (method !== 'POST' || body.length === 0) return null;
  for (const [key, value] of new URLSearchParams(body.toString('utf8')))
    if (key.endsWith('txtUsuario') && value.trim()) return value.trim().toLowerCase();
  return null;
}

/**
 * A loopback HTTP proxy in front of the replica of CFE's pages that answers a seeded share of requests
 * with faults (503, 429 with Retry-After, dropped connections, slow answers), to measure how a
 * sync copes (`pnpm bench sync-faults`). Which request is faulted depends only on the seed, the
 * account, the path and how often that path was asked before, not on timing: the same run
 * meets the same faults. It knows each request's account by the session cookie the portal set
 * at login, and counts requests in flight per account and requests that ignored a Retry-After.
 */
export async function startFaultProxy(target: string, rates: FaultRates, seed = 'luz') {
  const stats: FaultProxyStats = {
    requests: 0,
    injected: { unavailable: 0, rateLimited: 0, dropped: 0, slow: 0 },
    byAccount: new Map(),
    peakInFlight: new Map(),
    ignoredRetryAfter: new Map(),
  };
  const accountsBySession = new Map<string, string>();
  const seen = new Map<string, number>();
  const inFlight = new Map<string, number>();
  const waits = new Map<string, { from: number; until: number }>();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const targetUrl = new URL(target);

  /** A number in [0, 1) for the n-th time this account asks for this path. */
  const draw = (account: string, method: string, path: string) => {
    const key = `${account} ${method} ${path}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return createHash('sha256').update(`${seed}\u0000${key}\u0000${n}`).digest().readUInt32LE(0) / 2 ** 32;
  };

  const bump = (map: Map<string, number>, key: string, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = request.url ?? '/';
      const method = request.method ?? 'GET';
      if (path.startsWith('/__replica/')) return forward(request, response, body, PUBLIC, false);
      const cookie = cookieOf(request.headers.cookie);
      let account = accountsBySession.get(cookie ?? '') ?? PUBLIC;
      // Mi Espacio's login form names the user; its session cookie is this request's (or the answer's).
      const user = loginUser(method, body);
      if (user) {
        account = user;
        if (cookie) accountsBySession.set(cookie, account);
      }
      stats.requests += 1;
      bump(stats.byAccount, account);
      const active = (inFlight.get(account) ?? 0) + 1;
      inFlight.set(account, active);
      stats.peakInFlight.set(account, Math.max(active, stats.peakInFlight.get(account) ?? 0));
      response.once('close', () => bump(inFlight, account, -1));

      const now = Date.now();
      const wait = waits.get(account);
      // Sent within 100 ms of the 429: it left before the client could know.
      if (wait && now > wait.from + 100 && now < wait.until) {
        bump(stats.ignoredRetryAfter, account);
        return tooMany(response, Math.ceil((wait.until - now) / 1000));
      }
      // One draw, cut into the shares of each fault: [503 | 429 | dropped | slow | as is].
      const roll = draw(account, method, path);
      const bounds = [rates.unavailable, rates.rateLimited, rates.dropped, rates.slow].map((_, index, all) =>
        all.slice(0, index + 1).reduce((sum, share) => sum + share, 0),
      );
      if (roll < (bounds[0] as number)) {
        stats.injected.unavailable += 1;
        return answer(response, 503, { error: 'unavailable', mensaje: 'Servicio no disponible.' });
      }
      if (roll < (bounds[1] as number)) {
        stats.injected.rateLimited += 1;
        waits.set(account, { from: now, until: now + rates.retryAfterSeconds * 1000 });
        return tooMany(response, rates.retryAfterSeconds);
      }
      if (roll < (bounds[2] as number)) {
        stats.injected.dropped += 1;
        return request.socket.destroy();
      }
      const slow = roll < (bounds[3] as number);
      if (slow) stats.injected.slow += 1;
      setTimeout(() => forward(request, response, body, account, true), slow ? rates.slowMs : 0);
    });
  });

  function answer(response: http.ServerResponse, status: number, body: object, headers = {}) {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  }

  function tooMany(response: http.ServerResponse, seconds: number) {
    answer(
      response,
      429,
      { error: 'rate_limited', mensaje: 'Demasiadas solicitudes.' },
      { 'retry-after': String(Math.max(1, seconds)) },
    );
  }

  function forward(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    body: Buffer,
    account: string,
    learnSession: boolean,
  ) {
    const upstream = http.request(
      {
        host: targetUrl.hostname,
        port: targetUrl.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: targetUrl.host, 'content-length': String(body.length) },
        agent,
      },
      (answerOf) => {
        const session = learnSession ? cookieOf(String(answerOf.headers['set-cookie'] ?? '')) : undefined;
        if (session && account !== PUBLIC) accountsBySession.set(session, account);
        response.writeHead(answerOf.statusCode ?? 502, answerOf.headers);
        answerOf.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    upstream.end(body);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stats,
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
