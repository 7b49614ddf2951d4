import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomFrom } from '../simulator/random';
import { controlPrefix } from './control';
import { firewallPage, outagePage } from './layout';
import type { Account, ReplicaState, Switches } from './state';
import { cookieNames } from './visit';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The firewall's own cookies (REAL-CFE.md §1): set on the first answer that passes. */
const firewallCookies = ['visid_incap_2130486', 'incap_ses_1184_2130486'];

/** Takes one from an account's own `…Next` counter, else from the portal-wide one. */
function takeNext(state: ReplicaState, account: Account | null, key: 'firewallNext' | 'emptyNext'): boolean {
  const own = account?.switches[key];
  if (account && own !== undefined && own > 0) {
    account.switches[key] = own - 1;
    return true;
  }
  if (state.global[key] > 0) {
    state.global[key] -= 1;
    return true;
  }
  return false;
}

/**
 * What stands in front of the pages: request counting, latency, outages and the Imperva/Incapsula
 * firewall's refusals (its page, or an empty body; both with status 200 and no Retry-After).
 */
export function registerEdge(app: FastifyInstance, state: ReplicaState, options: { seed: number }) {
  const random = randomFrom(options.seed);
  const bursts = new Map<string, number[]>();

  const overBurst = (client: string, burst: Switches['firewallBurst']) => {
    if (!burst) return false;
    const now = Date.now();
    const recent = (bursts.get(client) ?? []).filter((time) => time > now - burst.windowMs);
    recent.push(now);
    bursts.set(client, recent);
    return recent.length > burst.max;
  };

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith(`${controlPrefix}/`)) return;
    const session = state.sessions.get(request.cookies[cookieNames.session] ?? '');
    const account =
      session?.auth && request.cookies[cookieNames.auth] === session.auth.ticket
        ? (state.account(session.auth.username) ?? null)
        : null;
    const switches = state.switchesFor(account);
    const page = (request.url.split('?')[0] ?? '').split('/').at(-1) || '/';
    reply.raw.once('close', state.count(account?.username ?? null, page));
    if (switches.latencyMs > 0) await sleep(switches.latencyMs);
    if (switches.outage) return reply.status(503).type('text/html').send(outagePage());
    const refusedByFirewall =
      takeNext(state, account, 'firewallNext') ||
      (switches.firewallShare > 0 && random.next() < switches.firewallShare) ||
      overBurst(request.ip, switches.firewallBurst);
    if (refusedByFirewall) {
      state.stats.firewallRefusals += 1;
      const incident = `${random.int(100, 999)}000${random.int(100000, 999999)}-${random.int(10000000, 99999999)}`;
      return reply.status(200).type('text/html').send(firewallPage(incident));
    }
    if (takeNext(state, account, 'emptyNext')) {
      state.stats.firewallRefusals += 1;
      return reply.status(200).type('text/html').send('');
    }
    for (const name of firewallCookies)
      if (!request.cookies[name])
        reply.setCookie(name, randomBytes(24).toString('base64'), { path: '/', httpOnly: true });
  });
}
