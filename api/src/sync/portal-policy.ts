import { setTimeout as sleep } from 'node:timers/promises';
import type { Queryable } from '../db/database';
import type {
  AccountService,
  CaptchaAnswer,
  CfePortal,
  Consultation,
  ConsultationRequest,
  DocumentFormat,
  LinkRequest,
  PortalCredential,
  PortalDocument,
  PortalFile,
  SessionSnapshot,
} from '../portal/mi-espacio/portal';
import { PortalError } from '../portal/portal-client';
import { cooldownLeftMs, DEFAULT_COOLDOWN_MS, startCooldown } from './cooldown';
import { syncMessages } from './messages';
import { stop, withRetries } from './retry';

export type PortalPolicyOptions = {
  db: Queryable;
  /** The credential whose requests these are: its cool-down holds them all. */
  credentialId: string;
  /** Further attempts of one request after a transient failure. */
  retries: number;
  /** Backoff before the first retry (doubled each time, with jitter). */
  retryDelayMs: number;
  /** Epoch ms: the step's time budget. A wait that would end past it is left to the engine. */
  deadline: number;
  signal?: AbortSignal;
};

/** Failures a second request may not meet: the portal was down, slow, busy, or the connection broke. */
const isTransient = (error: unknown) =>
  error instanceof PortalError &&
  (error.kind === 'unavailable' || error.kind === 'timeout' || error.kind === 'rate_limited');

const isRateLimited = (error: unknown) => error instanceof PortalError && error.kind === 'rate_limited';

/**
 * Cool-downs this process heard of, by credential (epoch ms): set the moment a 429 arrives, before
 * the database knows, so that this process's other lanes stop at once; the database tells the
 * other processes.
 */
const heardCooldowns = new Map<string, number>();

/**
 * How stale this process's view of another process's cool-down may be. The database is read at
 * most this often per credential (a read per request was a third of a sync's queries, which on
 * PGlite all take turns); a 429 heard in this process counts at once.
 */
const COOLDOWN_READ_EVERY_MS = 500;
const readCooldowns = new Map<string, { at: number; until: number }>();

async function storedCooldownUntil(db: Queryable, credentialId: string): Promise<number> {
  const read = readCooldowns.get(credentialId);
  if (read && Date.now() - read.at < COOLDOWN_READ_EVERY_MS) return read.until;
  const at = Date.now();
  const until = at + (await cooldownLeftMs(db, credentialId));
  readCooldowns.set(credentialId, { at, until });
  return until;
}

/**
 * How a sync step asks the portal: each request is retried on its own after a transient failure
 * (503, dropped connection, timeout: backoff with jitter, at least what Retry-After says), so one
 * bad answer costs one request more, not the step. A 429 starts the credential's cool-down in the
 * database, and every request of the credential, in every lane and process, waits it out before
 * it goes; a wait longer than the step's budget ends the step as rate-limited, and the engine
 * defers it (decision 022).
 */
export class PortalRequestPolicy implements CfePortal {
  constructor(
    private readonly portal: CfePortal,
    private readonly options: PortalPolicyOptions,
  ) {}

  openSession(credential: PortalCredential, answer?: CaptchaAnswer): Promise<void> {
    // An answer is posted once: a second post of the same answer would be refused as wrong.
    return answer
      ? this.portal.openSession(credential, answer)
      : this.request(() => this.portal.openSession(credential));
  }

  listServices(credential: PortalCredential): Promise<AccountService[]> {
    return this.request(() => this.portal.listServices(credential));
  }

  linkService(credential: PortalCredential, request: LinkRequest): Promise<void> {
    // Linking twice is harmless: a linked service answers "already linked".
    return this.request(() => this.portal.linkService(credential, request));
  }

  listDocuments(credential: PortalCredential, serviceNumber: string): Promise<PortalDocument[]> {
    return this.request(() => this.portal.listDocuments(credential, serviceNumber));
  }

  downloadDocument(
    credential: PortalCredential,
    serviceNumber: string,
    document: Pick<PortalDocument, 'series' | 'folio'>,
    format: DocumentFormat,
  ): Promise<PortalFile> {
    return this.request(() => this.portal.downloadDocument(credential, serviceNumber, document, format));
  }

  /** The public consultation service is not the account's: no cool-down of the credential, retries alike. */
  consult(
    request: ConsultationRequest,
    options?: { downloads?: number; answer?: CaptchaAnswer },
  ): Promise<Consultation | null> {
    return this.request(() => this.portal.consult(request, options), false);
  }

  exportSession(credentialKey: string): SessionSnapshot | null {
    return this.portal.exportSession(credentialKey);
  }

  importSession(credential: PortalCredential, snapshot: SessionSnapshot): boolean {
    return this.portal.importSession(credential, snapshot);
  }

  forget(credentialKey: string) {
    this.portal.forget(credentialKey);
  }

  private request<T>(send: () => Promise<T>, ofAccount = true): Promise<T> {
    const { db, credentialId, signal } = this.options;
    return withRetries(
      async () => {
        if (ofAccount) await this.waitForCooldown();
        try {
          return await send();
        } catch (error) {
          if (ofAccount && isRateLimited(error)) {
            const waitMs = (error as PortalError).retryAfterMs ?? DEFAULT_COOLDOWN_MS;
            heardCooldowns.set(
              credentialId,
              Math.max(heardCooldowns.get(credentialId) ?? 0, Date.now() + waitMs),
            );
            await startCooldown(db, credentialId, waitMs);
          }
          throw error;
        }
      },
      {
        retries: this.options.retries,
        delayMs: this.options.retryDelayMs,
        deadline: this.options.deadline,
        ...(signal ? { signal } : {}),
        retryable: isTransient,
        // A 429 is a wait, not a failure: the next attempt waits out the cool-down first.
        free: (error) => ofAccount && isRateLimited(error),
        onRetry: async (error) => {
          // A 503 that says when to come back is believed (a 429's wait is the cool-down's).
          const retryAfterMs = error instanceof PortalError && !isRateLimited(error) ? error.retryAfterMs : 0;
          if (retryAfterMs) await this.pause(retryAfterMs);
        },
      },
    );
  }

  /** Waits while the credential cools down; past the step's budget the engine defers the step instead. */
  private async waitForCooldown() {
    const { credentialId } = this.options;
    for (;;) {
      const stored = await storedCooldownUntil(this.options.db, credentialId);
      // Read after the database answers: a 429 another lane heard meanwhile counts too.
      const left = Math.max(stored, heardCooldowns.get(credentialId) ?? 0) - Date.now();
      if (left <= 0) return;
      if (Date.now() + left > this.options.deadline)
        throw stop(new PortalError('rate_limited', syncMessages.portalRateLimited, left));
      await this.pause(left);
    }
  }

  private async pause(ms: number) {
    if (Date.now() + ms > this.options.deadline) return;
    await sleep(ms, undefined, this.options.signal ? { signal: this.options.signal } : {});
  }
}
