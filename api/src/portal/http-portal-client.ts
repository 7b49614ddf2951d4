import { createHash } from 'node:crypto';
import {
  type PortalClient,
  type PortalCredential,
  type PortalDocument,
  type PortalDocumentType,
  PortalError,
  type PortalErrorKind,
  type PortalService,
} from './portal-client';
import { RequestLimiter } from './request-limiter';

export type HttpPortalClientOptions = {
  baseUrl: string;
  /** Per request; the portal is slow but a hung socket must not hold a worker forever. */
  timeoutMs?: number;
  /** How long a refused login (wrong password, CAPTCHA) is answered from memory. Default one minute. */
  refusedLoginMemoryMs?: number;
  maxConcurrentPerCredential?: number;
  minIntervalMs?: number;
};

type Session = { cookie: string; expiresAt: number; fingerprint: string };

/** The simulator's Spanish document types. */
const documentTypes: Record<string, PortalDocumentType> = {
  recibo: 'receipt',
  complementaria: 'complementary',
  pago: 'payment',
};

const knownKinds = new Set<PortalErrorKind>([
  'invalid_credentials',
  'captcha_required',
  'cannot_link',
  'wrong_total',
  'service_not_found',
  'service_not_linked',
  'rate_limited',
  'unavailable',
]);

/**
 * `PortalClient` over HTTP: keeps one session per credential and reuses it until the portal
 * says it expired (then logs in again once), times every request out, and limits requests per
 * credential. It never retries on its own: retries belong to the sync's request policy
 * (`sync/portal-policy.ts`) and the engine, with backoff.
 */
export class HttpPortalClient implements PortalClient {
  private readonly sessions = new Map<string, Session>();
  /**
   * Logins the portal refused (wrong password, CAPTCHA), by credential, with a fingerprint of
   * what was sent: the same user and password are not tried again for a while, because a portal
   * locks accounts that keep failing.
   */
  private readonly refusedLogins = new Map<
    string,
    { fingerprint: string; error: PortalError; until: number }
  >();
  private readonly logins = new Map<string, Promise<Session>>();
  private readonly limiter: RequestLimiter;
  private readonly timeoutMs: number;
  private readonly refusedLoginMemoryMs: number;

  constructor(private readonly options: HttpPortalClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.refusedLoginMemoryMs = options.refusedLoginMemoryMs ?? 60_000;
    this.limiter = new RequestLimiter(options.maxConcurrentPerCredential ?? 2, options.minIntervalMs ?? 50);
  }

  async listServices(credential: PortalCredential): Promise<PortalService[]> {
    const body = await this.authorized<{
      servicios: { numero_servicio: string; nombre_titular: string; tarifa: string; direccion: string }[];
    }>(credential, 'GET', '/api/servicios');
    return body.servicios.map((service) => ({
      serviceNumber: service.numero_servicio,
      holderName: service.nombre_titular,
      tariff: service.tarifa,
      address: service.direccion,
    }));
  }

  async linkService(credential: PortalCredential, serviceNumber: string, totalToPay: number): Promise<void> {
    await this.authorized(credential, 'POST', '/api/servicios', {
      numero_servicio: serviceNumber,
      total_a_pagar: totalToPay,
    });
  }

  async listDocuments(credential: PortalCredential, serviceNumber: string): Promise<PortalDocument[]> {
    const body = await this.authorized<{
      documentos: {
        id: string;
        serie: string;
        folio: string;
        mes: string;
        tipo: string;
        formatos: ('pdf' | 'xml')[];
      }[];
    }>(credential, 'GET', `/api/servicios/${encodeURIComponent(serviceNumber)}/documentos`);
    return body.documentos.map((document) => ({
      id: document.id,
      series: document.serie,
      folio: document.folio,
      month: document.mes,
      type: documentTypes[document.tipo] ?? 'receipt',
      formats: document.formatos,
    }));
  }

  async downloadDocument(
    credential: PortalCredential,
    serviceNumber: string,
    documentId: string,
    format: 'pdf' | 'xml',
  ): Promise<Buffer> {
    const path = `/api/servicios/${encodeURIComponent(serviceNumber)}/documentos/${encodeURIComponent(documentId)}/${format}`;
    return this.authorized(credential, 'GET', path, undefined, 'binary');
  }

  async consultReceipt(serviceNumber: string): Promise<Buffer | null> {
    try {
      return await this.limiter.run('consultation', () =>
        this.request<Buffer>(
          'GET',
          `/consulta-recibo/${encodeURIComponent(serviceNumber)}`,
          undefined,
          'binary',
        ),
      );
    } catch (error) {
      if (error instanceof PortalError && (error.kind === 'service_not_found' || error.kind === 'unexpected'))
        return null;
      throw error;
    }
  }

  forget(credentialKey: string) {
    this.sessions.delete(credentialKey);
    this.refusedLogins.delete(credentialKey);
  }

  private async authorized<T>(
    credential: PortalCredential,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    as: 'json' | 'binary' = 'json',
  ): Promise<T> {
    return this.limiter.run(credential.key, async () => {
      const session = await this.session(credential);
      try {
        return await this.request<T>(method, path, body, as, session.cookie);
      } catch (error) {
        if (!(error instanceof SessionExpired)) throw error;
        // Another request may have logged in again already: only the session that ended goes.
        if (this.sessions.get(credential.key) === session) this.sessions.delete(credential.key);
        const renewed = await this.session(credential);
        try {
          return await this.request<T>(method, path, body, as, renewed.cookie);
        } catch (again) {
          if (again instanceof SessionExpired)
            throw new PortalError('unavailable', 'El portal de CFE cerró la sesión recién abierta.');
          throw again;
        }
      }
    });
  }

  /**
   * One login at a time per credential; concurrent callers share it. A session belongs to the
   * user and password that opened it: after a password change it is not used again.
   */
  private async session(credential: PortalCredential): Promise<Session> {
    const fingerprint = createHash('sha256')
      .update(`${credential.cfeUser}\u0000${credential.password}`)
      .digest('base64url');
    // Kept until the portal says it ended (its stated expiry may be extended by use): then one login.
    const cached = this.sessions.get(credential.key);
    if (cached && cached.fingerprint === fingerprint) return cached;
    const loginKey = `${credential.key}:${fingerprint}`;
    const pending = this.logins.get(loginKey);
    if (pending) return pending;
    const refused = this.refusedLogins.get(credential.key);
    if (refused && refused.fingerprint === fingerprint && refused.until > Date.now()) throw refused.error;
    const login = (async () => {
      const response = await this.fetch('POST', '/api/session', {
        usuario: credential.cfeUser,
        contrasena: credential.password,
      });
      if (!response.ok) {
        const error = await this.failure(response);
        if (error instanceof PortalError && error.isUserError)
          this.refusedLogins.set(credential.key, {
            fingerprint,
            error,
            until: Date.now() + this.refusedLoginMemoryMs,
          });
        throw error;
      }
      const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const body = (await response.json().catch((error: unknown) => {
        throw bodyFailure(error);
      })) as { expira: string };
      const session = { cookie, expiresAt: Date.parse(body.expira), fingerprint };
      this.sessions.set(credential.key, session);
      return session;
    })();
    this.logins.set(loginKey, login);
    try {
      return await login;
    } finally {
      this.logins.delete(loginKey);
    }
  }

  private async request<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    as: 'json' | 'binary' = 'json',
    cookie?: string,
  ): Promise<T> {
    const response = await this.fetch(method, path, body, cookie);
    if (!response.ok) throw await this.failure(response);
    try {
      if (as === 'binary') return Buffer.from(await response.arrayBuffer()) as T;
      return (await response.json()) as T;
    } catch (error) {
      throw bodyFailure(error);
    }
  }

  private async fetch(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    cookie?: string,
  ): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (cookie) headers.cookie = cookie;
    try {
      return await fetch(new URL(path, this.options.baseUrl), {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw bodyFailure(error);
    }
  }

  private async failure(response: Response): Promise<Error> {
    const body = (await response.json().catch(() => ({}))) as { error?: string; mensaje?: string };
    if (response.status === 401 && body.error === 'session_expired') return new SessionExpired();
    const kind =
      body.error && knownKinds.has(body.error as PortalErrorKind)
        ? (body.error as PortalErrorKind)
        : 'unexpected';
    const retryAfter = Number(response.headers.get('retry-after'));
    const message = body.mensaje ?? `${response.status} ${response.statusText}`;
    if (kind === 'unexpected' && response.status >= 500) return new PortalError('unavailable', message);
    return new PortalError(
      kind,
      message,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
    );
  }
}

class SessionExpired extends Error {}

/** A request or answer cut short: by our timeout, or by a connection the portal dropped. */
function bodyFailure(error: unknown): PortalError {
  const name = (error as Error).name;
  if (name === 'TimeoutError' || name === 'AbortError')
    return new PortalError('timeout', 'El portal de CFE no respondió a tiempo.');
  if (name === 'SyntaxError')
    return new PortalError('unexpected', 'El portal de CFE respondió algo inesperado.');
  return new PortalError('unavailable', 'No fue posible conectar con el portal de CFE.');
}
