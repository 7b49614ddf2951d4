import { CookieJar } from 'tough-cookie';
import type { WebForm } from './forms';
import type { GridRow } from './grid';
import type { Conversation } from './http';
import type { Page } from './pages';
import type { CaptchaChallenge, SessionSnapshot } from './portal';

/** The invoices grid the session shows: for which service, the page (its form) and its rows by series-folio. */
export type InvoicesView = { serviceNumber: string; page: Page; rows: Map<string, GridRow> };

export const rowKey = (document: { series: string; folio: string }) => `${document.series}-${document.folio}`;

/**
 * One logged-in conversation with Mi Espacio for one credential. The server keeps one selected
 * service per session, so everything here runs one request at a time, one service at a time.
 */
export class PortalSession implements Conversation {
  jar = new CookieJar();
  nextRequestAt = 0;
  loggedIn = false;
  /** The login form waiting for the CAPTCHA's answer, and the challenge shown for it. */
  pending: WebForm | null = null;
  challenge: CaptchaChallenge | null = null;
  /** The grids this server session showed, by service: the same rows for two services is a stale grid. */
  readonly grids = new Map<string, string>();
  invoices: InvoicesView | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly cfeUser: string,
    /** Of the user and password that opened it: after a password change it is not used again. */
    readonly fingerprint: string,
  ) {}

  /** Runs work after the session's earlier work: a WebForms session is a chain of pages. */
  serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** A fresh start: new cookies (a new server session), nothing known about it. */
  restart() {
    this.jar = new CookieJar();
    this.loggedIn = false;
    this.pending = null;
    this.challenge = null;
    this.grids.clear();
    this.invoices = null;
  }

  snapshot(): SessionSnapshot {
    return {
      version: 1,
      cfeUser: this.cfeUser,
      cookies: this.jar.serializeSync(),
      loggedIn: this.loggedIn,
      grids: [...this.grids],
      pending: this.pending ? { action: this.pending.action.href, fields: this.pending.fields } : null,
      savedAt: Date.now(),
    };
  }

  static fromSnapshot(snapshot: SessionSnapshot, fingerprint: string): PortalSession {
    const session = new PortalSession(snapshot.cfeUser, fingerprint);
    session.jar = CookieJar.deserializeSync(
      snapshot.cookies as Parameters<typeof CookieJar.deserializeSync>[0],
    );
    session.loggedIn = snapshot.loggedIn;
    for (const [serviceNumber, rows] of snapshot.grids ?? []) session.grids.set(serviceNumber, rows);
    session.pending = snapshot.pending
      ? { action: new URL(snapshot.pending.action), fields: snapshot.pending.fields }
      : null;
    return session;
  }
}
