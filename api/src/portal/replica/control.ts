import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ReplicaState, Switches } from './state';
import type { WebForms } from './webforms';
import type { ReplicaDocument, ReplicaWorld } from './world';

/** Control endpoints live under a prefix no CFE path can have. */
export const controlPrefix = '/__replica';

const frequency = z.union([
  z.literal('off'),
  z.literal('always'),
  z.object({ share: z.number().min(0).max(1) }).strict(),
]);

const switchesSchema = z
  .object({
    latencyMs: z.number().int().min(0).max(120_000),
    outage: z.boolean(),
    firewallNext: z.number().int().min(0),
    emptyNext: z.number().int().min(0),
    firewallShare: z.number().min(0).max(1),
    firewallBurst: z.object({ max: z.number().int().min(1), windowMs: z.number().int().min(1) }).nullable(),
    captcha: frequency,
    consultationCaptcha: frequency,
    wrongPassword: z.boolean(),
    staleGrid: z.boolean(),
    xmlThrottle: z.object({ every: z.number().int().min(1), coolDownMs: z.number().int().min(0) }).nullable(),
    serviceCap: z.number().int().min(0).nullable(),
    linkVisibleAfterMs: z.number().int().min(0),
    loginRedirect: z.boolean(),
    historyMonths: z.number().int().min(1).max(120).nullable(),
  })
  .partial()
  .strict();

const serviceNumber = z.string().regex(/^\d{12}$/);

const accountSchema = z
  .object({
    username: z.string().min(1).max(100),
    password: z.string().min(1).max(100),
    services: z.number().int().min(0).max(200).optional(),
    service_numbers: z.array(serviceNumber).max(200).optional(),
    switches: switchesSchema.optional(),
  })
  .strict();

const switchesRequest = z
  .object({
    account: z.string().optional(),
    switches: switchesSchema.default({}),
    session_idle_ms: z.number().int().min(1).optional(),
    captcha_lifetime_ms: z.number().int().min(1).optional(),
  })
  .strict();

const documentTruth = (document: ReplicaDocument) => ({
  series: document.series,
  folio: document.folio,
  month: document.month,
  type: document.type,
  kind: document.kind,
  uuid: document.uuid,
  total_to_pay: document.totalToPay,
  files: [
    `${document.series}-${document.folio}.xml`,
    ...(document.pdf ? [`${document.series}-${document.folio}.pdf`] : []),
  ],
});

const paymentTruth = (document: ReplicaDocument) =>
  document.payment && {
    series: document.series,
    folio: document.folio,
    date: document.payment.date,
    amount: document.payment.amount,
    channel: document.payment.channel,
    reference: document.payment.reference,
  };

/**
 * The replica's control API (tests, demos, benchmarks): accounts, switches and faults, sessions,
 * the CAPTCHA's answer, statistics and the ground truth of every document per service.
 */
export function registerControl(
  app: FastifyInstance,
  deps: { state: ReplicaState; world: ReplicaWorld; webForms: WebForms },
) {
  const { state, world, webForms } = deps;
  const invalid = (message: string) => ({ error: 'invalid_request', message });

  app.get(`${controlPrefix}/accounts`, async () => ({
    accounts: [...state.accounts.values()].map((account) => ({
      username: account.username,
      services: account.services.map((service) => ({
        service_number: service.serviceNumber,
        alias: service.alias,
      })),
      switches: account.switches,
    })),
  }));

  app.post(`${controlPrefix}/accounts`, async (request, reply) => {
    const parsed = accountSchema.safeParse(request.body);
    if (!parsed.success) return reply.status(422).send(invalid(parsed.error.message));
    const { username, password, services, service_numbers, switches } = parsed.data;
    const account = state.addAccount({
      username,
      password,
      ...(services !== undefined ? { services } : {}),
      ...(service_numbers ? { serviceNumbers: service_numbers } : {}),
      ...(switches ? { switches: switches as Partial<Switches> } : {}),
    });
    return reply.status(201).send({
      username: account.username,
      services: account.services.map((service) => service.serviceNumber),
    });
  });

  app.put(`${controlPrefix}/switches`, async (request, reply) => {
    const parsed = switchesRequest.safeParse(request.body ?? {});
    if (!parsed.success) return reply.status(422).send(invalid(parsed.error.message));
    const { account: username, switches, session_idle_ms, captcha_lifetime_ms } = parsed.data;
    if (session_idle_ms) state.sessionIdleMs = session_idle_ms;
    if (captcha_lifetime_ms) state.captchaLifetimeMs = captcha_lifetime_ms;
    if (!username) {
      state.global = { ...state.global, ...(switches as Partial<Switches>) };
      return { global: state.global };
    }
    const account = state.account(username);
    if (!account) return reply.status(404).send({ error: 'not_found', message: 'Cuenta desconocida.' });
    account.switches = { ...account.switches, ...(switches as Partial<Switches>) };
    return { account: account.username, switches: state.switchesFor(account) };
  });

  /** Ends sessions, as the portal's idle expiry does: the next page is the login page. */
  app.post<{ Body: { account?: string } }>(`${controlPrefix}/sessions/expire`, async (request) => {
    state.expireSessions(request.body?.account);
    return { expired: true };
  });

  /** A new machine key: pages rendered before are refused when posted (an application pool recycle). */
  app.post(`${controlPrefix}/recycle`, async () => {
    webForms.recycle();
    return { recycled: true };
  });

  app.get<{ Querystring: { session?: string } }>(
    `${controlPrefix}/captchas/latest`,
    async (request, reply) => {
      const { session } = request.query;
      const latest = state.captchas.filter((captcha) => !session || captcha.sessionId === session).at(-1);
      if (!latest)
        return reply.status(404).send({ error: 'not_found', message: 'No se ha dibujado un captcha.' });
      return { answer: latest.answer, session_id: latest.sessionId, issued_at: new Date(latest.issuedAt) };
    },
  );

  app.get(`${controlPrefix}/stats`, async () => ({
    total: state.stats.total,
    by_account: Object.fromEntries(state.stats.byAccount),
    by_page: Object.fromEntries(state.stats.byPage),
    in_flight: Object.fromEntries(state.inFlight),
    peak_in_flight: Object.fromEntries(state.stats.peakInFlight),
    logins: Object.fromEntries(state.stats.logins),
    captchas_drawn: state.stats.captchasDrawn,
    firewall_refusals: state.stats.firewallRefusals,
    xml_throttled: state.stats.xmlThrottled,
    downloads: state.stats.downloads,
  }));

  app.post(`${controlPrefix}/stats/reset`, async () => {
    state.resetStatistics();
    return { total: 0 };
  });

  app.get<{ Params: { serviceNumber: string } }>(
    `${controlPrefix}/services/:serviceNumber/documents`,
    async (request, reply) => {
      const service = world.service(request.params.serviceNumber);
      if (!service) return reply.status(404).send({ error: 'not_found', message: 'Servicio desconocido.' });
      return {
        service_number: service.serviceNumber,
        holder_name: service.holderName,
        consultation_missing: service.consultationMissing,
        documents: service.documents.map(documentTruth),
        payments: service.documents.map(paymentTruth).filter((payment) => payment !== null),
      };
    },
  );

  app.get<{ Params: { username: string } }>(
    `${controlPrefix}/accounts/:username/documents`,
    async (request, reply) => {
      const account = state.account(request.params.username);
      if (!account) return reply.status(404).send({ error: 'not_found', message: 'Cuenta desconocida.' });
      return {
        username: account.username,
        services: account.services.map((linked) => {
          const service = world.service(linked.serviceNumber, state.switchesFor(account).historyMonths);
          return {
            service_number: linked.serviceNumber,
            holder_name: service?.holderName ?? null,
            documents: (service?.documents ?? []).map(documentTruth),
            payments: (service?.documents ?? []).map(paymentTruth).filter((payment) => payment !== null),
          };
        }),
      };
    },
  );
}
