import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { documentCfdi } from './cfdi-writer';
import { receiptPdf } from './receipt-pdf';
import { type Account, type AccountSeed, type Faults, SimulatorState } from './state';
import {
  acceptedTotalsToPay,
  documentFileName,
  documentFormats,
  isServiceNumber,
  latestReceipt,
  type ServiceProfile,
  serviceDocuments,
  serviceProfile,
  type WorldDocument,
  type WorldReceipt,
} from './world';

/** Receipt PDFs kept drawn (about 10 KB each). */
const PDF_CACHE_SIZE = 500;

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
    if (account) state.checkRetryAfter(account.username, Date.now());
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
          state.answeredRateLimit(account?.username ?? '(public)', wait, Date.now());
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
      // CFE's whole-peso "total a pagar" (IMPTOTAL) of the last or second-to-last receipt.
      const offered = Number(request.body?.total_a_pagar);
      if (!acceptedTotalsToPay(profile, today()).includes(offered))
        throw new PortalError(422, 'wrong_total', 'El total a pagar no coincide con un recibo reciente.');
      account.linked.add(serviceNumber);
      return reply.status(201).send({ numero_servicio: serviceNumber, vinculado: true });
    },
  );

  /** Drawing a PDF takes milliseconds; syncs and benchmarks download the same receipts again. */
  const pdfs = new Map<string, Buffer>();
  async function cachedPdf(receipt: WorldReceipt, profile: ServiceProfile): Promise<Buffer> {
    const cached = pdfs.get(receipt.uuid);
    if (cached) return cached;
    const pdf = await receiptPdf(receipt, profile);
    if (pdfs.size >= PDF_CACHE_SIZE) pdfs.delete(pdfs.keys().next().value as string);
    pdfs.set(receipt.uuid, pdf);
    return pdf;
  }

  /** The documents of a service as the portal's grid lists them, newest first. */
  const documentsOf = (serviceNumber: string) =>
    serviceDocuments(serviceProfile(serviceNumber), today(), historyMonths);
  const documentId = (document: WorldDocument) => `${document.series}-${document.folio}`;
  const documentTypes: Record<WorldDocument['type'], string> = {
    receipt: 'recibo',
    complementary: 'complementaria',
    payment: 'pago',
  };

  app.get<{ Params: { serviceNumber: string } }>(
    '/api/servicios/:serviceNumber/documentos',
    async (request, reply) => {
      const account = sessionOf(request);
      await admit(reply, account, 'documents', `account:${account.username}`);
      linkedService(account, request.params.serviceNumber);
      return {
        documentos: documentsOf(request.params.serviceNumber).map((document) => ({
          id: documentId(document),
          serie: document.series,
          folio: document.folio,
          mes: document.month,
          tipo: documentTypes[document.type],
          formatos: documentFormats(document),
        })),
      };
    },
  );

  app.get<{ Params: { serviceNumber: string; documentId: string; format: string } }>(
    '/api/servicios/:serviceNumber/documentos/:documentId/:format',
    async (request, reply) => {
      const account = sessionOf(request);
      await admit(reply, account, 'document', `account:${account.username}`);
      const profile = linkedService(account, request.params.serviceNumber);
      const format = request.params.format;
      const document = documentsOf(profile.serviceNumber).find(
        (candidate) => documentId(candidate) === request.params.documentId,
      );
      if (
        !document ||
        (format !== 'pdf' && format !== 'xml') ||
        !documentFormats(document).includes(format)
      ) {
        throw new PortalError(404, 'document_not_found', 'No encontramos ese documento.');
      }
      const file = `${document.series}-${document.folio}/${format}`;
      for (const fault of [account.faults, state.globalFaults]) {
        const failing = fault.failDownloads[file] ?? 0;
        if (failing <= 0) continue;
        fault.failDownloads[file] = failing - 1;
        throw new PortalError(503, 'unavailable', 'El servicio no está disponible por el momento.');
      }
      const served = `${profile.serviceNumber}/${file}`;
      state.stats.downloads.set(served, (state.stats.downloads.get(served) ?? 0) + 1);
      reply.header('content-disposition', `attachment; filename="${documentFileName(document, format)}"`);
      if (format === 'pdf' && document.type === 'receipt')
        return reply.type('application/pdf').send(await cachedPdf(document, profile));
      const mixedUp = [account.faults, state.globalFaults].some((fault) =>
        fault.mismatchedXml.includes(document.serviceNumber),
      );
      const cfdi = mixedUp
        ? { ...document, serviceNumber: otherServiceNumber(document.serviceNumber) }
        : document;
      return reply.type('application/xml; charset=utf-8').send(documentCfdi(cfdi, profile));
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
      if (!receipt)
        throw new PortalError(404, 'receipt_not_found', 'No hay un recibo disponible para consulta.');
      return reply.type('application/xml; charset=utf-8').send(documentCfdi(receipt, profile));
    },
  );

  // Ground truth for tests and benchmarks: every document the world has for a service.
  app.get<{ Params: { serviceNumber: string } }>(
    '/__sim/services/:serviceNumber/documents',
    async (request) => {
      if (!isServiceNumber(request.params.serviceNumber))
        throw new PortalError(404, 'service_not_found', 'El número de servicio no existe.');
      return { documents: documentsOf(request.params.serviceNumber) };
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
    ignored_retry_after: Object.fromEntries(state.stats.ignoredRetryAfter),
  }));

  app.post('/__sim/stats/reset', async () => {
    state.resetStats();
    return { total: 0 };
  });

  return { app, state };
}
