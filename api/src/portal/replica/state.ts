import { randomBytes } from 'node:crypto';
import type { DrawnCaptcha } from './captcha';

/** How often something the sources are unsure about happens: never, always, or on a share of tries. */
export type Frequency = 'off' | 'always' | { share: number };

/**
 * Behaviour switches and injectable faults, global or per account (an account's own win over the
 * global ones where it sets them). Where REAL-CFE.md is unsure, the behaviour is a switch.
 */
export type Switches = {
  /** Added to every answer. */
  latencyMs: number;
  /** Every request answers an HTTP 503 page while true. */
  outage: boolean;
  /** The next N requests answer Incapsula's "Request unsuccessful" page instead. */
  firewallNext: number;
  /** The next N requests answer 200 with an empty body (the firewall's other refusal). */
  emptyNext: number;
  /** Share of requests (0–1, seeded) the firewall refuses. */
  firewallShare: number;
  /** More than `max` requests of one client within `windowMs`: the firewall refuses the rest. */
  firewallBurst: { max: number; windowMs: number } | null;
  /** Login asks for the image CAPTCHA. */
  captcha: Frequency;
  /** The consultation asks for its image CAPTCHA after "Continuar". */
  consultationCaptcha: Frequency;
  /** Login refuses even the right password (a password changed on the portal). */
  wrongPassword: boolean;
  /** A session keeps showing the first service's invoices whatever is selected later. */
  staleGrid: boolean;
  /** After `every` XML downloads in a session the next one answers the throttle message for `coolDownMs`. */
  xmlThrottle: { every: number; coolDownMs: number } | null;
  /** AgregarServicio refuses to go beyond this many services in the account. */
  serviceCap: number | null;
  /** A service added to the account appears in the drop-down only after this long. */
  linkVisibleAfterMs: number;
  /** Login answers a redirect to Default.aspx (true) or Default's content in place at Login.aspx. */
  loginRedirect: boolean;
  /**
   * The grids list only this many months back, as for services contracted that recently (the
   * portal has nothing older); null: the world's whole history.
   */
  historyMonths: number | null;
};

export const defaultSwitches = (): Switches => ({
  latencyMs: 0,
  outage: false,
  firewallNext: 0,
  emptyNext: 0,
  firewallShare: 0,
  firewallBurst: null,
  captcha: 'off',
  consultationCaptcha: 'off',
  wrongPassword: false,
  staleGrid: false,
  xmlThrottle: { every: 5, coolDownMs: 0 },
  serviceCap: null,
  linkVisibleAfterMs: 0,
  loginRedirect: true,
  historyMonths: null,
});

export type LinkedService = { serviceNumber: string; alias: string; visibleAt: number };

export type Account = {
  username: string;
  password: string;
  /** In the order they were added: the first is the account's primary service. */
  services: LinkedService[];
  switches: Partial<Switches>;
};

export type AccountSeed = {
  username: string;
  password: string;
  /** How many of the world's services the account starts with. */
  services?: number;
  /** Or exactly these service numbers. */
  serviceNumbers?: string[];
  switches?: Partial<Switches>;
};

/** The documented demo accounts (docs/cfe-replica.md): one per outcome worth trying by hand. */
export const demoAccounts: AccountSeed[] = [
  { username: 'empresa.demo', password: 'Demo-2024', services: 6 },
  { username: 'captcha.demo', password: 'Demo-2024', services: 2, switches: { captcha: 'always' } },
  { username: 'lento.demo', password: 'Demo-2024', services: 3, switches: { latencyMs: 1500 } },
  { username: 'muro.demo', password: 'Demo-2024', services: 2, switches: { firewallShare: 0.3 } },
  { username: 'rezago.demo', password: 'Demo-2024', services: 3, switches: { staleGrid: true } },
  { username: 'tope.demo', password: 'Demo-2024', services: 9, switches: { serviceCap: 10 } },
];

export type ReplicaSession = {
  id: string;
  /** The forms-authentication ticket (.ASPXAUTH) and whose account it opened. */
  auth: { ticket: string; username: string } | null;
  /** The anti-forgery token (__AntiXsrfToken cookie) once an authenticated page set it. */
  antiXsrf: string | null;
  lastSeen: number;
  /** The CAPTCHA drawn for this session's login or consultation form. */
  captcha: (DrawnCaptcha & { issuedAt: number }) | null;
  /** The service selected on the server: the invoices grid follows it. */
  selectedService: string | null;
  /** With stale grids: the service whose invoices this session showed first. */
  gridService: string | null;
  xmlDownloads: number;
  throttledUntil: number | null;
};

export type Statistics = {
  total: number;
  byAccount: Map<string, number>;
  byPage: Map<string, number>;
  peakInFlight: Map<string, number>;
  logins: Map<string, number>;
  captchasDrawn: number;
  firewallRefusals: number;
  xmlThrottled: number;
  downloads: { pdf: number; xml: number };
};

const emptyStatistics = (): Statistics => ({
  total: 0,
  byAccount: new Map(),
  byPage: new Map(),
  peakInFlight: new Map(),
  logins: new Map(),
  captchasDrawn: 0,
  firewallRefusals: 0,
  xmlThrottled: 0,
  downloads: { pdf: 0, xml: 0 },
});

const increment = (map: Map<string, number>, key: string, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

export class ReplicaState {
  readonly accounts = new Map<string, Account>();
  readonly sessions = new Map<string, ReplicaSession>();
  global: Switches = defaultSwitches();
  /** Idle lifetime of a session (the sources guess 10–30 minutes). */
  sessionIdleMs: number;
  /** How long a drawn CAPTCHA stays valid. */
  captchaLifetimeMs: number;
  stats = emptyStatistics();
  /** The CAPTCHAs drawn, newest last (for tests and demos: GET /__replica/captchas). */
  readonly captchas: { sessionId: string; answer: string; issuedAt: number }[] = [];
  /** Requests being answered now, by account. */
  readonly inFlight = new Map<string, number>();

  constructor(
    private readonly servicesOf: (username: string, count: number) => string[],
    options: { accounts?: AccountSeed[]; sessionIdleMs?: number; captchaLifetimeMs?: number } = {},
  ) {
    this.sessionIdleMs = options.sessionIdleMs ?? 20 * 60_000;
    this.captchaLifetimeMs = options.captchaLifetimeMs ?? 5 * 60_000;
    for (const seed of options.accounts ?? demoAccounts) this.addAccount(seed);
  }

  addAccount(seed: AccountSeed): Account {
    const numbers = seed.serviceNumbers ?? this.servicesOf(seed.username, seed.services ?? 0);
    const account: Account = {
      username: seed.username,
      password: seed.password,
      services: numbers.map((serviceNumber, index) => ({
        serviceNumber,
        alias: `SERVICIO ${index + 1}`,
        visibleAt: 0,
      })),
      switches: { ...seed.switches },
    };
    this.accounts.set(seed.username.toLowerCase(), account);
    return account;
  }

  account(username: string): Account | undefined {
    return this.accounts.get(username.trim().toLowerCase());
  }

  /** The switches in force for an account (or for anonymous requests). */
  switchesFor(account: Account | null): Switches {
    return { ...this.global, ...(account?.switches ?? {}) };
  }

  /** The session of an ASP.NET_SessionId cookie, or null when unknown or idle too long. */
  session(id: string | undefined, now: number): ReplicaSession | null {
    if (!id) return null;
    const session = this.sessions.get(id);
    if (!session) return null;
    if (now - session.lastSeen > this.sessionIdleMs) {
      this.sessions.delete(id);
      return null;
    }
    session.lastSeen = now;
    return session;
  }

  openSession(now: number): ReplicaSession {
    // Sessions nobody comes back to are dropped now and then, as the portal forgets them.
    if (this.sessions.size % 1000 === 999)
      for (const [id, idle] of this.sessions)
        if (now - idle.lastSeen > this.sessionIdleMs) this.sessions.delete(id);
    const session: ReplicaSession = {
      id: randomBytes(12).toString('base64url').toLowerCase(),
      auth: null,
      antiXsrf: null,
      lastSeen: now,
      captcha: null,
      selectedService: null,
      gridService: null,
      xmlDownloads: 0,
      throttledUntil: null,
    };
    this.sessions.set(session.id, session);
    return session;
  }

  /** The account a session is logged in to. */
  sessionAccount(session: ReplicaSession | null): Account | null {
    return session?.auth ? (this.account(session.auth.username) ?? null) : null;
  }

  /** Every open session of an account ends (the portal's own expiry, or the control endpoint). */
  expireSessions(username?: string) {
    for (const [id, session] of this.sessions)
      if (!username || session.auth?.username.toLowerCase() === username.toLowerCase())
        this.sessions.delete(id);
  }

  recordCaptcha(session: ReplicaSession, captcha: DrawnCaptcha, now: number) {
    session.captcha = { ...captcha, issuedAt: now };
    this.captchas.push({ sessionId: session.id, answer: captcha.answer, issuedAt: now });
    if (this.captchas.length > 100) this.captchas.shift();
    this.stats.captchasDrawn += 1;
  }

  /** Counts a request; answers the function that marks it finished (for the in-flight peak). */
  count(account: string | null, page: string): () => void {
    const key = account ?? '(anónimo)';
    this.stats.total += 1;
    increment(this.stats.byAccount, key);
    increment(this.stats.byPage, page);
    const active = (this.inFlight.get(key) ?? 0) + 1;
    this.inFlight.set(key, active);
    this.stats.peakInFlight.set(key, Math.max(active, this.stats.peakInFlight.get(key) ?? 0));
    return () => this.inFlight.set(key, (this.inFlight.get(key) ?? 1) - 1);
  }

  countLogin(username: string) {
    increment(this.stats.logins, username.toLowerCase());
  }

  resetStatistics() {
    this.stats = emptyStatistics();
  }
}
