import { randomBytes } from 'node:crypto';
import { demoServiceNumbers } from './world';

/** Faults that can be switched on globally or for one account (ARCHITECTURE §6). */
export type Faults = {
  /** Added to every answer. */
  latencyMs: number;
  /** Every request answers 503 while true. */
  outage: boolean;
  /** The next N requests answer 503, then service recovers. */
  failNext: number;
  /** At most `max` requests per `windowMs`; beyond that 429 with Retry-After. */
  rateLimit: { max: number; windowMs: number } | null;
  /** Login demands a CAPTCHA the client cannot solve. */
  captcha: boolean;
  /** Login refuses the password even when right (a changed password on the portal). */
  wrongPassword: boolean;
  /** Service numbers the portal refuses to link. */
  unlinkable: string[];
  /** The receipt consultation service answers 503. */
  consultationDown: boolean;
  /** Service numbers whose CFDI XML names another service (a portal mix-up the client must catch). */
  mismatchedXml: string[];
  /** `<document id>/<pdf|xml>` → the next N downloads of that file answer 503. */
  failDownloads: Record<string, number>;
};

export const noFaults = (): Faults => ({
  latencyMs: 0,
  outage: false,
  failNext: 0,
  rateLimit: null,
  captcha: false,
  wrongPassword: false,
  unlinkable: [],
  consultationDown: false,
  mismatchedXml: [],
  failDownloads: {},
});

export type Account = { username: string; password: string; linked: Set<string>; faults: Faults };

export type AccountSeed = { username: string; password: string; services?: number; faults?: Partial<Faults> };

/** The documented demo accounts (README): one per outcome a user may want to try. */
export const demoAccounts: AccountSeed[] = [
  { username: 'empresa.demo', password: 'Demo-2024', services: 6 },
  { username: 'captcha.demo', password: 'Demo-2024', services: 2, faults: { captcha: true } },
  { username: 'lento.demo', password: 'Demo-2024', services: 3, faults: { latencyMs: 1500 } },
  { username: 'caido.demo', password: 'Demo-2024', services: 2, faults: { outage: true } },
  {
    username: 'limitado.demo',
    password: 'Demo-2024',
    services: 3,
    faults: { rateLimit: { max: 5, windowMs: 10_000 } },
  },
];

export type Session = { username: string; expiresAt: number };

export class SimulatorState {
  readonly accounts = new Map<string, Account>();
  readonly sessions = new Map<string, Session>();
  globalFaults: Faults = noFaults();
  sessionTtlMs: number;
  /** Request counts, for tests that prove there is no retry storm. */
  stats = {
    total: 0,
    byAccount: new Map<string, number>(),
    byRoute: new Map<string, number>(),
    peakInFlight: new Map<string, number>(),
    /** 429 answers by account. */
    rateLimited: new Map<string, number>(),
    /** Requests of an account sent inside the wait its last 429 asked for (a client ignoring Retry-After). */
    ignoredRetryAfter: new Map<string, number>(),
    /** Files served, by `<service>/<document id>/<format>`: a sync that resumes downloads each once. */
    downloads: new Map<string, number>(),
  };
  /** Per account: when its last 429 was answered and until when it asked to wait. */
  private readonly retryAfter = new Map<string, { from: number; until: number }>();
  private readonly inFlight = new Map<string, number>();
  private readonly windows = new Map<string, number[]>();

  constructor(options: { accounts?: AccountSeed[]; sessionTtlMs?: number } = {}) {
    this.sessionTtlMs = options.sessionTtlMs ?? 15 * 60_000;
    for (const seed of options.accounts ?? demoAccounts) this.addAccount(seed);
  }

  addAccount(seed: AccountSeed): Account {
    const account: Account = {
      username: seed.username,
      password: seed.password,
      linked: new Set(demoServiceNumbers(seed.username, seed.services ?? 0)),
      faults: { ...noFaults(), ...seed.faults },
    };
    this.accounts.set(seed.username.toLowerCase(), account);
    return account;
  }

  account(username: string): Account | undefined {
    return this.accounts.get(username.toLowerCase());
  }

  openSession(username: string, now: number): string {
    const token = randomBytes(18).toString('base64url');
    this.sessions.set(token, { username, expiresAt: now + this.sessionTtlMs });
    return token;
  }

  /** The session's account, or null when unknown or expired (the portal's 10–30 minute sessions). */
  sessionAccount(token: string | undefined, now: number): Account | null {
    if (!token) return null;
    const session = this.sessions.get(token);
    if (!session) return null;
    if (session.expiresAt <= now) {
      this.sessions.delete(token);
      return null;
    }
    return this.account(session.username) ?? null;
  }

  /** Counts a request and tracks how many of the account's requests are in flight at once. */
  count(account: string | null, route: string): () => void {
    this.stats.total += 1;
    const key = account ?? '(public)';
    this.stats.byAccount.set(key, (this.stats.byAccount.get(key) ?? 0) + 1);
    this.stats.byRoute.set(route, (this.stats.byRoute.get(route) ?? 0) + 1);
    const active = (this.inFlight.get(key) ?? 0) + 1;
    this.inFlight.set(key, active);
    this.stats.peakInFlight.set(key, Math.max(active, this.stats.peakInFlight.get(key) ?? 0));
    return () => this.inFlight.set(key, (this.inFlight.get(key) ?? 1) - 1);
  }

  /** Sliding-window limiter; answers the seconds to wait when the request is over the limit. */
  overLimit(key: string, limit: { max: number; windowMs: number }, now: number): number | null {
    const recent = (this.windows.get(key) ?? []).filter((time) => time > now - limit.windowMs);
    if (recent.length >= limit.max) {
      this.windows.set(key, recent);
      const oldest = recent[0] ?? now;
      return Math.max(1, Math.ceil((oldest + limit.windowMs - now) / 1000));
    }
    recent.push(now);
    this.windows.set(key, recent);
    return null;
  }

  /** Records a 429 answered now that asked the account to wait `seconds`. */
  answeredRateLimit(account: string, seconds: number, now: number) {
    this.stats.rateLimited.set(account, (this.stats.rateLimited.get(account) ?? 0) + 1);
    this.retryAfter.set(account, { from: now, until: now + seconds * 1000 });
  }

  /**
   * Counts a request that arrives while the account's last 429 still asks it to wait. One sent
   * within 100 ms of that answer is not counted: it left before the client could know.
   */
  checkRetryAfter(account: string, now: number) {
    const wait = this.retryAfter.get(account);
    if (wait && now > wait.from + 100 && now < wait.until)
      this.stats.ignoredRetryAfter.set(account, (this.stats.ignoredRetryAfter.get(account) ?? 0) + 1);
  }

  resetStats() {
    this.stats = {
      total: 0,
      byAccount: new Map(),
      byRoute: new Map(),
      peakInFlight: new Map(),
      rateLimited: new Map(),
      ignoredRetryAfter: new Map(),
      downloads: new Map(),
    };
    this.windows.clear();
    this.retryAfter.clear();
  }
}
