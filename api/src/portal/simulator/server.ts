import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { receiptCfdi, receiptPdf } from './documents';
import { type Account, type AccountSeed, type Faults, SimulatorState } from './state';
import { isServiceNumber, latestReceipt, payments, receipts, serviceProfile } from './world';

export type SimulatorOptions = {
  accounts?: AccountSeed[];
  sessionTtlMs?: number;
  /** The simulated "today"; periods and payments are generated up to it. */
  now?: () => Date;
  /** How far back the portal lists receipts; 26 months by default. */
  historyMonths?: number;
  logger?: boolean;
};

const sessionCookie = 'ASP.NET_SessionId';

class PortalError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** A different, valid service number: the last digit changed. */
const otherServiceNumber = (serviceNumber: string) =>
  `${serviceNumber.slice(0, 11)}${(Number(serviceNumber.at(-1)) + 1) % 10}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/**
 * An HTTP server that behaves like CFE's portal ("Mi Espacio") and its public receipt
 * consultation service, with injectable faults. The product reaches it only through
 * `HttpPortalClient`, exactly as it would reach a real connector.
 */
export function buildPortalSimulator(options: SimulatorOptions = {}): {
  app: FastifyInstance;
  state: SimulatorState;
} {
  const state = new SimulatorState({
    ...(options.accounts ? { accounts: options.accounts } : {}),
    ...(options.sessionTtlMs ? { sessionTtlMs: options.sessionTtlMs } : {}),
  });
  const today = options.now ?? (() => new Date());
  const historyMonths = options.historyMonths ?? 26;
  const app = Fastify({ logger: options.logger ?? false });

  /** Applies global and account faults, counting every request that reaches the portal. */
  async function admit(reply: FastifyReply, account: Account | null, route: string, rateKey: string) {
    reply.raw.once('close', state.count(account?.username ?? null, route));
    const faults: Faults[] = [state.globalFaults, ...(account ? [account.faults] : [])];
    const latency = Math.max(...faults.map((fault) => fault.latencyMs));
    if (latency > 0) await sleep(latency);
    for (const fault of faults) {
      if (fault.outage)
        throw new PortalError(503, 'unavailable', 'El servicio no está disponible por el momento.');
      if (fault.failNext > 0) {
        fault.failNext -= 1;
        throw new PortalError(503, 'unavailable', 'El servicio no está disponible por el momento.');
      }
      if (fault.rateLimit) {
        const wait = state.overLimit(
          `${rateKey}:${fault === state.globalFaults ? 'global' : 'account'}`,
          fault.rateLimit,
          Date.now(),
        );
        if (wait !== null) {
          const key = account?.username ?? '(public)';
          state.stats.rateLimited.set(key, (state.stats.rateLimited.get(key) ?? 0) + 1);
          throw new PortalError(429, 'rate_limited', 'Demasiadas solicitudes. Intenta más tarde.', wait);
        }
      }
    }
  }

  function sessionOf(request: FastifyRequest): Account {
    const account = state.sessionAccount(readCookie(request, sessionCookie), Date.now());
    if (!account) throw new PortalError(401, 'session_expired', 'Tu sesión expiró. Inicia sesión de nuevo.');
    return account;
  }

  function linkedService(account: Account, serviceNumber: string) {
    if (!account.linked.has(serviceNumber))
      throw new PortalError(404, 'service_not_linked', 'El servicio no está en tu cuenta.');
    return serviceProfile(serviceNumber);
  }

  app.setErrorHandler((error, _request, reply: FastifyReply) => {
    if (error instanceof PortalError) {
      if (error.retryAfter) reply.header('retry-after', String(error.retryAfter));
      return reply.status(error.status).send({ error: error.code, mensaje: error.message });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    return reply.status(status).send({ error: 'bad_request', mensaje: (error as Error).message });
  });

  app.post<{ Body: { usuario?: string; contrasena?: string } }>('/api/session', async (request, reply) => {
    const username = String(request.body?.usuario ?? '');
    const account = state.account(username) ?? null;
    await admit(reply, account, 'session', `account:${username.toLowerCase()}`);
    if (
      !account ||
      account.password !== request.body?.contrasena ||
      account.faults.wrongPassword ||
      state.globalFaults.wrongPassword
    ) {
      throw new PortalError(401, 'invalid_credentials', 'Usuario o contraseña incorrectos.');
    }
    if (account.faults.captcha || state.globalFaults.captcha) {
      throw new PortalError(403, 'captcha_required', 'Escribe los caracteres de la imagen para continuar.');
    }
    const token = state.openSession(account.username, Date.now());
    reply.header('set-cookie', `${sessionCookie}=${token}; Path=/; HttpOnly`);
    return { sesion: token, expira: new Date(Date.now() + state.sessionTtlMs).toISOString() };
  });

  app.get('/api/servicios', async (request, reply) => {
    const account = sessionOf(request);
    await admit(reply, account, 'services', `account:${account.username}`);
    return {
      servicios: [...account.linked].sort().map((number) => {
        const profile = serviceProfile(number);
        return {
          numero_servicio: number,
          nombre_titular: profile.holderName,
          tarifa: profile.tariff,
          direccion: profile.address,
        };
      }),
    };
  });

  app.post<{ Body: { numero_servicio?: string; total_a_pagar?: number } }>(
    '/api/servicios',
    async (request, reply) => {
      const account = sessionOf(request);
      await admit(reply, account, 'link', `account:${account.username}`);
      const serviceNumber = String(request.body?.numero_servicio ?? '');
      if (!isServiceNumber(serviceNumber))
        throw new PortalError(404, 'service_not_found', 'El número de servicio no existe.');
      const profile = serviceProfile(serviceNumber);
      if (account.linked.has(serviceNumber))
        return reply.status(200).send({ numero_servicio: serviceNumber, vinculado: true });
      if (
        profile.unlinkable ||
        account.faults.unlinkable.includes(serviceNumber) ||
        state.globalFaults.unlinkable.includes(serviceNumber)
      ) {
        throw new PortalError(409, 'cannot_link', 'Este servicio no se puede agregar a tu cuenta.');
      }
      // "Total a pagar" of a recent receipt in whole pesos; the last payment is accepted too.
      const offered = Math.round(Number(request.body?.total_a_pagar));
      const recent = receipts(profile, today(), 6);
      const accepted = new Set([
        ...recent.map((receipt) => receipt.total),
        ...payments(profile, today())
          .slice(0, 2)
          .map((payment) => payment.amount),
      ]);
      if (!accepted.has(offered))
        throw new PortalError(422, 'wrong_total', 'El total a pagar no coincide con un recibo reciente.');
      account.linked.add(serviceNumber);
      return reply.status(201).send({ numero_servicio: serviceNumber, vinculado: true });
    },
  );

  app.get<{ Params: { serviceNumber: string } }>(
    '/api/servicios/:serviceNumber/recibos',
    async (request, reply) => {
      const account = sessionOf(request);
      await admit(reply, account, 'receipts', `account:${account.username}`);
      const profile = linkedService(account, request.params.serviceNumber);
      return {
        recibos: receipts(profile, today(), historyMonths).map((receipt) => ({
          id: receipt.id,
          periodo_inicio: receipt.initialDate,
          periodo_fin: receipt.finalDate,
          fecha_limite: receipt.dueDate,
          total: receipt.total,
          kwh: receipt.kwh,
          tarifa: receipt.tariff,
          uuid: receipt.uuid,
        })),
      };
    },
  );

  app.get<{ Params: { serviceNumber: string; receiptId: string; format: string } }>(
    '/api/servicios/:serviceNumber/recibos/:receiptId/:format',
    async (request, reply) => {
      const account = sessionOf(request);
      await admit(reply, account, 'document', `account:${account.username}`);
      const profile = linkedService(account, request.params.serviceNumber);
      const receipt = receipts(profile, today(), historyMonths).find(
        (item) => item.id === request.params.receiptId,
      );
      if (!receipt || !['pdf', 'xml'].includes(request.params.format)) {
        throw new PortalError(404, 'document_not_found', 'No encontramos ese recibo.');
      }
      if (request.params.format === 'pdf')
        return reply.type('application/pdf').send(receiptPdf(receipt, profile.address));
      const mixedUp = [account.faults, state.globalFaults].some((fault) =>
        fault.mismatchedXml.includes(receipt.serviceNumber),
      );
      const served = mixedUp
        ? { ...receipt, serviceNumber: otherServiceNumber(receipt.serviceNumber) }
        : receipt;
      return reply.type('application/xml; charset=utf-8').send(receiptCfdi(served));
    },
  );

  app.get<{ Params: { serviceNumber: string } }>(
    '/api/servicios/:serviceNumber/pagos',
    async (request, reply) => {
      const account = sessionOf(request);
      await admit(reply, account, 'payments', `account:${account.username}`);
      const profile = linkedService(account, request.params.serviceNumber);
      return {
        pagos: payments(profile, today()).map((payment) => ({
          fecha: payment.date,
          importe: payment.amount,
          canal: payment.channel,
          referencia: payment.reference,
        })),
      };
    },
  );

  // The public receipt consultation service: latest receipt data from the service number alone.
  app.get<{ Params: { serviceNumber: string } }>(
    '/consulta-recibo/:serviceNumber',
    async (request, reply) => {
      await admit(reply, null, 'consultation', `ip:${request.ip}`);
      if (state.globalFaults.consultationDown)
        throw new PortalError(503, 'unavailable', 'Consulta no disponible.');
      const serviceNumber = request.params.serviceNumber;
      if (!isServiceNumber(serviceNumber))
        throw new PortalError(404, 'service_not_found', 'El número de servicio no existe.');
      const profile = serviceProfile(serviceNumber);
      if (profile.consultationMissing)
        throw new PortalError(404, 'receipt_not_found', 'No hay un recibo disponible para consulta.');
      const receipt = latestReceipt(profile, today());
      return {
        numero_servicio: serviceNumber,
        nombre_titular: profile.holderName,
        tarifa: profile.tariff,
        total_a_pagar: receipt.total,
        fecha_limite: receipt.dueDate,
        periodo_inicio: receipt.initialDate,
        periodo_fin: receipt.finalDate,
      };
    },
  );

  // Control of the simulator itself (tests, demos): accounts, faults and request counts.
  app.get('/__sim/accounts', async () => ({
    accounts: [...state.accounts.values()].map((account) => ({
      username: account.username,
      services: [...account.linked].sort(),
      faults: account.faults,
    })),
  }));

  app.post<{ Body: AccountSeed }>('/__sim/accounts', async (request, reply) => {
    const { username, password, services, faults } = request.body ?? ({} as AccountSeed);
    if (!username || !password)
      throw new PortalError(400, 'bad_request', 'username and password are required');
    const account = state.addAccount({
      username,
      password,
      services: services ?? 0,
      ...(faults ? { faults } : {}),
    });
    return reply.status(201).send({ username: account.username, services: [...account.linked].sort() });
  });

  app.put<{ Body: { account?: string; faults: Partial<Faults>; session_ttl_ms?: number } }>(
    '/__sim/faults',
    async (request) => {
      const { account: username, faults, session_ttl_ms } = request.body ?? { faults: {} };
      if (session_ttl_ms) state.sessionTtlMs = session_ttl_ms;
      if (!username) {
        state.globalFaults = { ...state.globalFaults, ...faults };
        return { global: state.globalFaults };
      }
      const account = state.account(username);
      if (!account) throw new PortalError(404, 'not_found', 'unknown account');
      account.faults = { ...account.faults, ...faults };
      return { account: account.username, faults: account.faults };
    },
  );

  app.get('/__sim/stats', async () => ({
    total: state.stats.total,
    by_account: Object.fromEntries(state.stats.byAccount),
    by_route: Object.fromEntries(state.stats.byRoute),
    peak_in_flight: Object.fromEntries(state.stats.peakInFlight),
    rate_limited: Object.fromEntries(state.stats.rateLimited),
  }));

  app.post('/__sim/stats/reset', async () => {
    state.resetStats();
    return { total: 0 };
  });

  return { app, state };
}
