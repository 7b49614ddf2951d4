import type { DiagnosticSink } from './diagnostics';
import { redactPage } from './diagnostics';
import type { PortalHttp } from './http';
import { connectorMessages } from './messages';
import { isLoginPage, type Page, type Reading, readAnswer } from './pages';
import { CfePortalError, type PortalFile } from './portal';
import type { PortalSession } from './session';

/** What the connector's flows share: HTTP, the waits they suggest, where unknown pages go. */
export type Navigator = {
  http: PortalHttp;
  /** Suggested wait after a firewall refusal (the retry layer decides). */
  firewallBackoffMs: number;
  /** Suggested wait after the XML throttle message. */
  throttleBackoffMs: number;
  diagnostics: DiagnosticSink | null;
};

/** The portal showed the login page to a logged-in session: it ended (there is no 401). */
export class SessionEnded extends Error {}

/** The grid shows another service's documents (the stale grid of a reused session). */
export class StaleGrid extends Error {}

type Request = {
  method: 'GET' | 'POST';
  url: URL;
  form?: URLSearchParams;
  /** What the connector is doing, for diagnostics. */
  during: string;
  /** A logged-in page: the login page means the session ended. */
  authenticated: boolean;
  /** Texts to remove from a saved page (the password, the user). */
  secrets: string[];
};

/**
 * One request of a session, read from the page: the firewall's refusals and outages become
 * transient errors, the login page on a logged-in request ends the session.
 */
export async function navigate(
  navigator: Navigator,
  session: PortalSession,
  request: Request,
): Promise<{ page: Page } | { file: PortalFile }> {
  const answer = await navigator.http.send(session, request.method, request.url, request.form);
  const reading = readAnswer(answer);
  if (reading.kind === 'file') return { file: reading.file };
  const page = pageOrRefusal(navigator, reading);
  if (request.authenticated && isLoginPage(page)) {
    session.loggedIn = false;
    throw new SessionEnded();
  }
  return { page };
}

/** The page of an answer that is not a file; the firewall's refusals and outages are transient errors. */
export function pageOrRefusal(navigator: Navigator, reading: Exclude<Reading, { kind: 'file' }>): Page {
  if (reading.kind === 'firewall')
    throw new CfePortalError(
      reading.empty ? 'empty_answer' : 'firewall',
      reading.empty ? connectorMessages.emptyAnswer : connectorMessages.firewall,
      { retryAfterMs: navigator.firewallBackoffMs },
    );
  if (reading.kind === 'outage') throw new CfePortalError('outage', connectorMessages.outage);
  return reading.page;
}

/** A request whose answer must be a page (not a file). */
export async function pageOf(navigator: Navigator, session: PortalSession, request: Request): Promise<Page> {
  const result = await navigate(navigator, session, request);
  if ('page' in result) return result.page;
  throw await unknownPage(navigator, null, request);
}

/** A page the connector does not recognise: saved without secrets, answered as a transient error. */
export async function unknownPage(
  navigator: Navigator,
  page: Page | null,
  request: Pick<Request, 'during' | 'secrets'>,
): Promise<CfePortalError> {
  if (navigator.diagnostics && page) {
    const url = new URL(page.url);
    url.search = '';
    try {
      await navigator.diagnostics({
        at: new Date(),
        during: request.during,
        url: url.href,
        status: 200,
        html: redactPage(page.html, request.secrets),
      });
    } catch {
      // Diagnostics must never turn a portal failure into another one.
    }
  }
  return new CfePortalError('unknown_page', connectorMessages.unknownPage);
}
