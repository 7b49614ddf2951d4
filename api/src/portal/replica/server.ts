import type { AddressInfo } from 'node:net';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerConsultationPage } from './consultation-page';
import { registerControl } from './control';
import { registerEdge } from './edge';
import { registerHomePage } from './home-page';
import { registerInvoicesPage } from './invoices-page';
import { registerLoginPage } from './login-page';
import { registerServicesPages } from './services-pages';
import { type AccountSeed, ReplicaState } from './state';
import type { ReplicaContext } from './visit';
import { WebForms } from './webforms';
import { type ReplicaWorld, simulatedWorld } from './world';

export type ReplicaOptions = {
  accounts?: AccountSeed[];
  /** The simulated "today"; documents are issued up to it. */
  now?: () => Date;
  /** The clock of the replica's timers (XML throttle, CAPTCHA lifetime, new services showing), in ms. */
  clock?: () => number;
  /** How far back the grid goes (the sources saw ~30 months). */
  historyMonths?: number;
  /** Receipts "Consulta tu recibo" lists (the sources saw 3–8). */
  consultationReceipts?: number;
  sessionIdleMs?: number;
  captchaLifetimeMs?: number;
  /** Seeds the firewall's random refusals, so a run can be repeated. */
  seed?: number;
  /** Another world (tests); the simulator's by default. */
  world?: ReplicaWorld;
  logger?: boolean;
};

export type Replica = { app: FastifyInstance; state: ReplicaState; webForms: WebForms; world: ReplicaWorld };

/**
 * A replica of CFE's Mi Espacio and "Consulta tu recibo" (REAL-CFE.md §1–2): the real paths,
 * control names, hidden fields, messages and documents, with injectable faults and a control API.
 */
export function buildReplica(options: ReplicaOptions = {}): Replica {
  const today = options.now ?? (() => new Date());
  const world = options.world ?? simulatedWorld({ today, historyMonths: options.historyMonths ?? 30 });
  const state = new ReplicaState(world.accountServices, {
    ...(options.accounts ? { accounts: options.accounts } : {}),
    ...(options.sessionIdleMs ? { sessionIdleMs: options.sessionIdleMs } : {}),
    ...(options.captchaLifetimeMs ? { captchaLifetimeMs: options.captchaLifetimeMs } : {}),
  });
  const webForms = new WebForms();
  const ctx: ReplicaContext = {
    state,
    world,
    webForms,
    now: options.clock ?? (() => Date.now()),
    consultationReceipts: options.consultationReceipts ?? 6,
  };
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 1_048_576 });
  app.register(fastifyCookie);
  app.register(fastifyFormbody);
  app.register(async (pages) => {
    registerEdge(pages, state, { seed: options.seed ?? 14 });
    registerControl(pages, { state, world, webForms });
    registerLoginPage(pages, ctx);
    registerHomePage(pages, ctx);
    registerInvoicesPage(pages, ctx);
    registerServicesPages(pages, ctx);
    registerConsultationPage(pages, ctx);
  });
  return { app, state, webForms, world };
}

/** The replica on loopback (its control API changes what the portal answers: never expose it). */
export async function startReplica(options: ReplicaOptions & { port?: number } = {}) {
  const replica = buildReplica(options);
  await replica.app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(replica.app.server.address() as AddressInfo).port}`;
  return { ...replica, url, close: () => replica.app.close() };
}
