import { createHash } from 'node:crypto';
import { linkService, listServices } from './account';
import { type ConsultationContact, consult, consultationSession } from './consultation';
import type { DiagnosticSink } from './diagnostics';
import { PortalHttp } from './http';
import { download, openInvoices } from './invoices';
import { logIn } from './login';
import { connectorMessages } from './messages';
import { type Navigator, SessionEnded, StaleGrid } from './navigation';
import {
  type AccountService,
  type CaptchaAnswer,
  type CfePortal,
  CfePortalError,
  type Consultation,
  type ConsultationRequest,
  type DocumentFormat,
  type LinkRequest,
  type PortalCredential,
  type PortalDocument,
  type PortalFile,
  type SessionSnapshot,
} from './portal';
import { PortalSession } from './session';

export type MiEspacioOptions = {
  /** https://app.cfe.mx, or a replica's address. */
  baseUrl: string;
  /** PORTAL_PROXY_URL: one HTTP(S) proxy for every request (a fixed address in Mexico). */
  proxyUrl?: string | null;
  /** Per request. */
  timeoutMs?: number;
  /** Least time between two requests of one session; the real portal needs seconds, the replica none. */
  pacingMs?: number;
  /** Least time between two consultations (a team needed ~18 s between service numbers). */
  consultationPacingMs?: number;
  userAgent?: string;
  /** Suggested waits the retry layer receives with a firewall refusal and with the XML throttle. */
  firewallBackoffMs?: number;
  throttleBackoffMs?: number;
  /** A challenge is shown again (not a new CAPTCHA) while younger than this: the form's lifetime. */
  captchaLifetimeMs?: number;
  /** How long a refused login is answered from memory instead of trying the same password again. */
  refusedLoginMemoryMs?: number;
  /** Where unrecognised pages go, without secrets. */
  diagnostics?: DiagnosticSink | null;
  /** The service numbers an XML names (the CFDI reader): a downloaded XML of another service means a stale grid. */
  documentOwner?: ((xml: Buffer) => readonly string[]) | null;
  consultationContact?: ConsultationContact;
};

const fingerprintOf = (credential: PortalCredential) =>
  createHash('sha256').update(`${credential.cfeUser}\u0000${credential.password}`).digest('base64url');

/**
 * The Mi Espacio connector: `CfePortal` over CFE's real pages (REAL-CFE.md §1–2). One session per
 * credential, kept until the portal shows the login page (then one new login), one request at a
 * time and one service at a time per session, paced. It never retries on its own beyond that:
 * transient failures (firewall, throttle, outage) are errors of kinds the retry layer acts on.
 */
export class MiEspacioClient implements CfePortal {
  private readonly sessions = new Map<string, PortalSession>();
  private readonly refusedLogins = new Map<
    string,
    { fingerprint: string; error: CfePortalError; until: number }
  >();
  private readonly navigator: Navigator;
  private readonly captchaLifetimeMs: number;
  private readonly refusedLoginMemoryMs: number;
  private consultations: Promise<unknown> = Promise.resolve();
  private nextConsultationAt = 0;

  constructor(private readonly options: MiEspacioOptions) {
    this.navigator = {
      http: new PortalHttp(
        {
          baseUrl: options.baseUrl,
          proxyUrl: options.proxyUrl ?? null,
          timeoutMs: options.timeoutMs ?? 30_000,
          userAgent: options.userAgent ?? 'Mozilla/5.0 (compatible; Luz/1.0; +conector Mi Espacio)',
        },
        options.pacingMs ?? 0,
      ),
      firewallBackoffMs: options.firewallBackoffMs ?? 60_000,
      throttleBackoffMs: options.throttleBackoffMs ?? 5_000,
      diagnostics: options.diagnostics ?? null,
    };
    this.captchaLifetimeMs = options.captchaLifetimeMs ?? 4 * 60_000;
    this.refusedLoginMemoryMs = options.refusedLoginMemoryMs ?? 60_000;
  }

  async openSession(credential: PortalCredential, answer?: CaptchaAnswer): Promise<void> {
    if (answer?.challenge.scope === 'consultation')
      throw new Error('A consultation CAPTCHA is answered through consult(), not openSession()');
    if (answer) this.importSession(credential, answer.challenge.session);
    const session = this.sessionOf(credential);
    await session.serially(() =>
      answer ? this.logIn(session, credential, answer.answer) : this.ensureLoggedIn(session, credential),
    );
  }

  listServices(credential: PortalCredential): Promise<AccountService[]> {
    return this.withSession(credential, (session) => listServices(this.navigator, session, credential));
  }

  linkService(credential: PortalCredential, request: LinkRequest): Promise<void> {
    return this.withSession(credential, (session) =>
      linkService(this.navigator, session, credential, request),
    );
  }

  listDocuments(credential: PortalCredential, serviceNumber: string): Promise<PortalDocument[]> {
    return this.withSession(credential, async (session) => {
      const during = { during: 'documents', secrets: [credential.password, credential.cfeUser] };
      const view = await this.freshIfStale(session, credential, serviceNumber, () =>
        openInvoices(this.navigator, session, serviceNumber, during),
      );
      return [...view.rows.values()].map((row) => row.document);
    });
  }

  downloadDocument(
    credential: PortalCredential,
    serviceNumber: string,
    document: Pick<PortalDocument, 'series' | 'folio'>,
    format: DocumentFormat,
  ): Promise<PortalFile> {
    return this.withSession(credential, (session) =>
      this.freshIfStale(session, credential, serviceNumber, () =>
        download(
          this.navigator,
          session,
          credential,
          { serviceNumber, series: document.series, folio: document.folio, format },
          { documentOwner: this.options.documentOwner ?? null },
        ),
      ),
    );
  }

  consult(
    request: ConsultationRequest,
    options: { downloads?: number; answer?: CaptchaAnswer } = {},
  ): Promise<Consultation | null> {
    const work = async () => {
      const wait = this.nextConsultationAt - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      try {
        return await consult(
          this.navigator,
          consultationSession(options.answer?.challenge.session),
          request,
          {
            downloads: options.downloads ?? 2,
            contact: this.options.consultationContact ?? { areaCode: '', phone: '', email: '' },
            ...(options.answer ? { captchaAnswer: options.answer.answer } : {}),
          },
        );
      } finally {
        this.nextConsultationAt = Date.now() + (this.options.consultationPacingMs ?? 0);
      }
    };
    // Consultations are paced over the whole client: they all come from the same address.
    const run = this.consultations.then(work, work);
    this.consultations = run.catch(() => undefined);
    return run;
  }

  exportSession(credentialKey: string): SessionSnapshot | null {
    return this.sessions.get(credentialKey)?.snapshot() ?? null;
  }

  importSession(credential: PortalCredential, snapshot: SessionSnapshot): boolean {
    if (snapshot.version !== 1 || snapshot.cfeUser !== credential.cfeUser) return false;
    this.sessions.set(credential.key, PortalSession.fromSnapshot(snapshot, fingerprintOf(credential)));
    return true;
  }

  forget(credentialKey: string) {
    this.sessions.delete(credentialKey);
    this.refusedLogins.delete(credentialKey);
  }

  /** Closes the connections (tests, shutdown). */
  close() {
    return this.navigator.http.close();
  }

  private sessionOf(credential: PortalCredential): PortalSession {
    const fingerprint = fingerprintOf(credential);
    const existing = this.sessions.get(credential.key);
    if (existing && existing.fingerprint === fingerprint) return existing;
    const session = new PortalSession(credential.cfeUser, fingerprint);
    this.sessions.set(credential.key, session);
    return session;
  }

  /** The work on a logged-in session; a session the portal ended is logged in again, once. */
  private withSession<T>(
    credential: PortalCredential,
    work: (session: PortalSession) => Promise<T>,
  ): Promise<T> {
    const session = this.sessionOf(credential);
    return session.serially(async () => {
      await this.ensureLoggedIn(session, credential);
      try {
        return await work(session);
      } catch (error) {
        if (!(error instanceof SessionEnded)) throw error;
        session.restart();
        await this.ensureLoggedIn(session, credential);
        return work(session);
      }
    });
  }

  /** A stale grid gets one fresh login (a new server session); stale again is a transient failure. */
  private async freshIfStale<T>(
    session: PortalSession,
    credential: PortalCredential,
    serviceNumber: string,
    work: () => Promise<T>,
  ): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof StaleGrid)) throw error;
    }
    session.restart();
    await this.ensureLoggedIn(session, credential);
    try {
      return await work();
    } catch (error) {
      if (error instanceof StaleGrid)
        throw new CfePortalError('stale_grid', connectorMessages.staleGrid(serviceNumber));
      throw error;
    }
  }

  /**
   * Logs in when needed. A challenge still within the form's lifetime is answered from memory
   * (no new CAPTCHA while a person may be reading one), as is a login refused a moment ago.
   */
  private async ensureLoggedIn(session: PortalSession, credential: PortalCredential) {
    if (session.loggedIn) return;
    const refused = this.refusedLogins.get(credential.key);
    if (refused && refused.fingerprint === session.fingerprint && refused.until > Date.now())
      throw refused.error;
    const challenge = session.challenge;
    if (challenge && Date.now() - challenge.issuedAt < this.captchaLifetimeMs)
      throw new CfePortalError('captcha_required', connectorMessages.captchaRequired, { challenge });
    await this.logIn(session, credential);
  }

  private async logIn(session: PortalSession, credential: PortalCredential, captchaAnswer?: string) {
    try {
      await logIn(this.navigator, session, credential, captchaAnswer);
    } catch (error) {
      if (error instanceof CfePortalError && error.failure === 'login_refused')
        this.refusedLogins.set(credential.key, {
          fingerprint: session.fingerprint,
          error,
          until: Date.now() + this.refusedLoginMemoryMs,
        });
      throw error;
    }
  }
}
