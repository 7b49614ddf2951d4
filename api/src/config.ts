import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import { type RemoteName, remoteNames } from '@luz/shared/contract';
import { z } from 'zod';
import type { S3StorageOptions } from './storage/s3-storage';

export type RateLimit = { max: number; windowMs: number };

/** Where receipts (PDF, CFDI XML) are kept: a local folder, or an S3-compatible bucket. */
export type StorageConfig = { kind: 'local'; dir: string } | ({ kind: 's3' } & S3StorageOptions);

export type Config = {
  port: number;
  host: string;
  /** Base URL of the product as users reach it; links in e-mails start with it. No trailing slash. */
  publicUrl: string;
  dataDir: string;
  /** null: PGlite persisted in `<dataDir>/pgdata`. */
  databaseUrl: string | null;
  /** Signs access tokens (HS256). */
  secretKey: string;
  /** AES-256 key (32 bytes) for portal passwords and webhook secrets at rest. */
  credentialsKey: Buffer;
  /** How Luz talks to CFE's Mi Espacio (decision 040). */
  portal: PortalSettings;
  billing: {
    provider: 'local' | 'chargebee';
    chargebeeSite: string | null;
    chargebeeApiKey: string | null;
    /** The plan's item price sold at checkout. */
    chargebeePlanItemPriceId: string;
    /** What the plan costs a month (MXN, exact text), shown on /subscription: the provider's price. */
    planMonthlyPrice: string;
    /** Basic-auth pair Chargebee sends to our webhook endpoint; the endpoint is off without it. */
    chargebeeWebhookAuth: { username: string; password: string } | null;
    /** A Chargebee-compatible API base URL instead of https://<site>.chargebee.com (tests, proxies). */
    chargebeeApiBaseUrl: string | null;
  };
  storage: StorageConfig;
  /** null: messages are written as .eml files to `<dataDir>/outbox`. */
  smtpUrl: string | null;
  mailFrom: string;
  firstSuperuser: { email: string; password: string | null } | null;
  workers: boolean;
  sync: SyncSettings;
  accessTokenExpireMinutes: number;
  passwordResetExpireMinutes: number;
  loginRateLimit: RateLimit;
  /** Login attempts per client address whatever the username (password spraying, argon2 cost). */
  loginAddressRateLimit: RateLimit;
  recoveryRateLimit: RateLimit;
  /** Reset mails one client address may ask for, whatever the e-mail. */
  recoveryAddressRateLimit: RateLimit;
  /** Syncs (and retries) one user may start per window, over every door into the engine. */
  syncRateLimit: RateLimit;
  /** WebSockets of sync events one user may have open in one API process. */
  webSocketsPerUser: number;
  /** Accounts one client address may create (each signup also costs an argon2 hash). */
  signupRateLimit: RateLimit;
  /** Requests one API token may make per window (integrations run unattended: a loop must not flood the API). */
  apiTokenRateLimit: RateLimit;
  /** Read the client address from X-Forwarded-For (behind a load balancer). */
  trustProxy: boolean;
  /** Browser origins allowed to call the API from another origin (CORS); empty: same origin only. */
  corsOrigins: string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Holds `host/dist` and `remote-<name>/dist`. */
  webRoot: string;
  webhooks: WebhookSettings;
  frontEnd: {
    apiUrl: string;
    remotes: Record<RemoteName, string>;
    poweredBy: { label: string; url: string };
    chatScriptUrl: string | null;
    sessionRecordingScriptUrl: string | null;
    /** Further sources the host page's Content-Security-Policy allows (what third-party widgets load). */
    cspExtraSources: string[];
  };
};

export type WebhookSettings = {
  /**
   * Exceptions to the rule that webhooks never reach loopback, private, link-local or metadata
   * addresses: host names (exact), IP addresses and CIDR ranges. Empty in production.
   */
  allowedHosts: string[];
  /** One attempt (connect, send, answer) must finish within this time. */
  attemptTimeoutMs: number;
  /** Waits before each retry; their count is the number of retries after the first attempt. */
  retryDelaysMs: number[];
  /** Test sends a user may ask for (POST /webhooks/{id}/test): Luz must not become a way to flood a URL. */
  testRateLimit: RateLimit;
};

/** The Mi Espacio connector's settings: egress, pacing, the service cap and the CAPTCHA's wait. */
export type PortalSettings = {
  /**
   * Mi Espacio's base URL (https://app.cfe.mx, or a replica elsewhere): PORTAL_URL. Without it the
   * process starts the bundled replica of CFE's pages on loopback and puts its address here.
   */
  url: string | null;
  /** Port of that bundled replica on 127.0.0.1 (PORTAL_REPLICA_PORT); 0 picks a free one. */
  replicaPort: number;
  /**
   * One HTTP(S) proxy for every request to CFE (a fixed office or residential address in Mexico):
   * CFE's firewall refuses data-centre addresses, and its cookies break when the address changes.
   */
  proxyUrl: string | null;
  /** Least time between two requests of one portal session (seconds on CFE, none on the replica). */
  pacingMs: number;
  /** Least time between two receipt consultations (they all come from one address). */
  consultationPacingMs: number;
  /** Services Luz adds to one CFE account without the user's explicit confirmation. */
  serviceCap: number;
  /** How long a CAPTCHA waits for the person's answer before the run ends as a user error. */
  captchaTimeoutMs: number;
  /** How long a request waits after the firewall refused one, and after the XML throttle (no variable: tests shorten them). */
  firewallBackoffMs: number;
  throttleBackoffMs: number;
};

/** How the sync engine treats the portal (ARCHITECTURE §6: keep sessions, space requests, never storm). */
export type SyncSettings = {
  /** Steps running at once against one portal account, over all worker processes. */
  concurrencyPerCredential: number;
  /** Sync steps one worker process runs at once, over all accounts. */
  workerConcurrency: number;
  /** Limit of one portal request. */
  portalTimeoutSeconds: number;
  /** Further attempts of one portal request after a transient failure (503, 429, dropped, timeout). */
  portalRetries: number;
  /** Backoff before the first of them; doubled before each next one, with jitter. */
  portalRetryDelayMs: number;
  /** A running step older than this is abandoned and retried (the crashed-worker detector). */
  stepTimeoutSeconds: number;
  /** Wait before the second attempt of a failed step; doubled before the third. */
  retryDelaySeconds: number;
  /** Service points with autofetch are synced again after this long. */
  autofetchIntervalHours: number;
};

export type Environment = Record<string, string | undefined>;

const secretFiles = { secretKey: 'secret_key', credentialsKey: 'credentials_key' } as const;

const units: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000 };

/** `<max>/<window>`, e.g. `10/1m`: at most `max` requests per client key in each window (s, m or h). */
const zRateLimit = z.string().transform((value, ctx): RateLimit => {
  const match = /^(\d+)\s*\/\s*(\d+)\s*([smh])$/.exec(value.trim());
  const max = Number(match?.[1]);
  const windowMs = Number(match?.[2]) * (units[match?.[3] ?? ''] ?? Number.NaN);
  if (!match || max < 1 || !(windowMs > 0)) {
    ctx.addIssue({ code: 'custom', message: 'expected <max>/<window>, e.g. 10/1m' });
    return z.NEVER;
  }
  return { max, windowMs };
});

/** A duration such as `5s`, `5m`, `2h` or `250ms`. */
const durationPattern = /^(\d+)\s*(ms|s|m|h)$/;
const durationUnits: Record<string, number> = { ms: 1, ...units };
function parseDuration(text: string): number | null {
  const match = durationPattern.exec(text.trim());
  return match ? Number(match[1]) * (durationUnits[match[2] ?? ''] ?? Number.NaN) : null;
}

/** Comma-separated durations, e.g. `5s,5m,30m,2h,5h,10h`. */
const zDurationList = z.string().transform((value, ctx): number[] => {
  const durations = value.split(',').map(parseDuration);
  if (durations.some((duration) => duration === null || duration <= 0) || durations.length > 20) {
    ctx.addIssue({ code: 'custom', message: 'expected comma-separated durations, e.g. 5s,5m,30m' });
    return z.NEVER;
  }
  return durations as number[];
});

/** Comma-separated host names, IP addresses or CIDR ranges. */
const zHostList = z.string().transform((value, ctx): string[] => {
  const entries = value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  const valid = (entry: string) => {
    const [address, prefix, ...rest] = entry.split('/');
    if (rest.length > 0 || !address) return false;
    const family = isIP(address);
    if (prefix !== undefined)
      return family !== 0 && /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
    return family !== 0 || /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(address);
  };
  const invalid = entries.filter((entry) => !valid(entry));
  if (invalid.length > 0) {
    ctx.addIssue({ code: 'custom', message: 'expected host names, IP addresses or CIDR ranges' });
    return z.NEVER;
  }
  return entries;
});

/**
 * CSP host sources, comma- or space-separated: `https://cdn.example.com`, `wss://*.example.com`,
 * `*.example.com:443`. Nothing else gets in (no keywords, quotes or semicolons that could rewrite
 * the policy).
 */
const cspSource =
  /^(?:(?:https?|wss?):\/\/)?(?:\*\.)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::(?:\d{1,5}|\*))?$/i;
const zCspSources = z.string().transform((value, ctx): string[] => {
  const entries = value.split(/[\s,]+/).filter(Boolean);
  if (entries.some((entry) => !cspSource.test(entry))) {
    ctx.addIssue({
      code: 'custom',
      message: 'expected origins such as https://cdn.example.com or wss://*.example.com',
    });
    return z.NEVER;
  }
  return entries;
});

/** Comma-separated origins (`https://app.example.com`), each exactly scheme, host and port. */
const zOriginList = z.string().transform((value, ctx): string[] => {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const origins = entries.map((entry) =>
    URL.canParse(entry) && /^https?:$/.test(new URL(entry).protocol) ? new URL(entry).origin : 'null',
  );
  if (origins.some((origin, index) => origin === 'null' || origin !== entries[index]?.replace(/\/$/, ''))) {
    ctx.addIssue({ code: 'custom', message: 'expected origins such as https://app.example.com' });
    return z.NEVER;
  }
  return origins;
});

const zBoolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const zHttpUrl = z.url({ protocol: /^https?$/ });
const zMinutes = z.coerce.number().int().positive();

/** Every setting, as text from the environment; empty values count as absent. */
const zEnvironment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: zHttpUrl.optional(),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  CREDENTIALS_KEY: z.string().optional(),
  PORTAL_URL: zHttpUrl.optional(),
  PORTAL_REPLICA_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  PORTAL_PROXY_URL: zHttpUrl.optional(),
  PORTAL_PACING_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  PORTAL_CONSULTATION_PACING_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  PORTAL_SERVICE_CAP: z.coerce.number().int().min(1).max(1_000).default(10),
  PORTAL_CAPTCHA_TIMEOUT: z
    .string()
    .transform((value, ctx) => {
      const duration = parseDuration(value);
      if (duration === null || duration < 30_000 || duration > 3_600_000) {
        ctx.addIssue({ code: 'custom', message: 'expected a duration from 30s to 1h, e.g. 5m' });
        return z.NEVER;
      }
      return duration;
    })
    .default(5 * 60_000),
  BILLING_PROVIDER: z.enum(['local', 'chargebee']).default('local'),
  CHARGEBEE_SITE: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*$/i, 'must be the site name, e.g. luz-test (not a URL)')
    .optional(),
  CHARGEBEE_API_KEY: z.string().optional(),
  CHARGEBEE_PLAN_ITEM_PRICE_ID: z.string().default('luz-empresa-MXN-Monthly'),
  PLAN_MONTHLY_PRICE: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be an amount in MXN, e.g. 990 or 990.00')
    .default('990.00'),
  CHARGEBEE_WEBHOOK_USERNAME: z.string().optional(),
  CHARGEBEE_WEBHOOK_PASSWORD: z.string().min(16, 'must be at least 16 characters').optional(),
  CHARGEBEE_API_BASE_URL: zHttpUrl.optional(),
  STORAGE: z.enum(['local', 's3']).default('local'),
  STORAGE_DIR: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: zHttpUrl.optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: zBoolean.default(false),
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9/_.-]*$/, 'letters, digits, "/", "_", "." and "-" only')
    .optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().default('Luz <no-reply@luz.local>'),
  FIRST_SUPERUSER: z.email().optional(),
  FIRST_SUPERUSER_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(128).optional(),
  WORKERS: zBoolean.default(true),
  PORTAL_CONCURRENCY_PER_CREDENTIAL: z.coerce.number().int().min(1).max(20).default(1),
  SYNC_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(20),
  PORTAL_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(30),
  PORTAL_REQUEST_RETRIES: z.coerce.number().int().min(0).max(20).default(4),
  PORTAL_RETRY_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1_000),
  SYNC_STEP_TIMEOUT_SECONDS: z.coerce.number().int().min(2).max(3_600).default(180),
  SYNC_RETRY_DELAY_SECONDS: z.coerce.number().min(0).max(3_600).default(30),
  AUTOFETCH_INTERVAL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 31)
    .default(24),
  ACCESS_TOKEN_EXPIRE_MINUTES: zMinutes.default(60 * 24),
  PASSWORD_RESET_EXPIRE_MINUTES: zMinutes.default(30),
  LOGIN_RATE_LIMIT: zRateLimit.default({ max: 10, windowMs: 60_000 }),
  LOGIN_ADDRESS_RATE_LIMIT: zRateLimit.default({ max: 30, windowMs: 60_000 }),
  RECOVERY_RATE_LIMIT: zRateLimit.default({ max: 5, windowMs: 15 * 60_000 }),
  RECOVERY_ADDRESS_RATE_LIMIT: zRateLimit.default({ max: 20, windowMs: 3_600_000 }),
  SYNC_RATE_LIMIT: zRateLimit.default({ max: 10, windowMs: 60_000 }),
  WEBSOCKETS_PER_USER: z.coerce.number().int().min(1).max(1_000).default(10),
  SIGNUP_RATE_LIMIT: zRateLimit.default({ max: 20, windowMs: 3_600_000 }),
  API_TOKEN_RATE_LIMIT: zRateLimit.default({ max: 600, windowMs: 60_000 }),
  TRUST_PROXY: zBoolean.default(false),
  CORS_ORIGINS: zOriginList.default([]),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_ROOT: z.string().optional(),
  WEBHOOK_ALLOWED_HOSTS: zHostList.default([]),
  WEBHOOK_TIMEOUT: z
    .string()
    .transform((value, ctx) => {
      const duration = parseDuration(value);
      if (duration === null || duration < 100 || duration > 120_000) {
        ctx.addIssue({ code: 'custom', message: 'expected a duration from 100ms to 2m, e.g. 10s' });
        return z.NEVER;
      }
      return duration;
    })
    .default(10_000),
  WEBHOOK_TEST_RATE_LIMIT: zRateLimit.default({ max: 10, windowMs: 60_000 }),
  WEBHOOK_RETRY_SCHEDULE: zDurationList.default([
    5_000,
    5 * 60_000,
    30 * 60_000,
    2 * 3_600_000,
    5 * 3_600_000,
    10 * 3_600_000,
  ]),
  API_URL: z.string().default(''),
  REMOTE_RPUS_URL: z.string().optional(),
  REMOTE_PERIODS_URL: z.string().optional(),
  REMOTE_ADMIN_URL: z.string().optional(),
  REMOTE_SETTINGS_URL: z.string().optional(),
  POWERED_BY_LABEL: z.string().default('Luz'),
  // Becomes a link on every page: http(s) only, never `javascript:`.
  POWERED_BY_URL: zHttpUrl.optional(),
  CHAT_SCRIPT_URL: zHttpUrl.optional(),
  SESSION_RECORDING_SCRIPT_URL: zHttpUrl.optional(),
  CSP_EXTRA_SOURCES: zCspSources.default([]),
});

type ParsedEnvironment = z.infer<typeof zEnvironment>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads the environment without touching the disk. Messages name the variable but never echo
 * its value: a misplaced secret must not end up in a log.
 */
export function parseEnvironment(env: Environment): ParsedEnvironment {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const result = zEnvironment.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const parsed = result.data;
  if (parsed.BILLING_PROVIDER === 'chargebee' && (!parsed.CHARGEBEE_SITE || !parsed.CHARGEBEE_API_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  BILLING_PROVIDER=chargebee needs CHARGEBEE_SITE and CHARGEBEE_API_KEY',
    );
  }
  if (!parsed.CHARGEBEE_WEBHOOK_USERNAME !== !parsed.CHARGEBEE_WEBHOOK_PASSWORD) {
    throw new ConfigError(
      'Invalid configuration:\n  CHARGEBEE_WEBHOOK_USERNAME and CHARGEBEE_WEBHOOK_PASSWORD go together',
    );
  }
  if (parsed.STORAGE === 's3' && !parsed.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  STORAGE=s3 needs S3_BUCKET');
  }
  if (Boolean(parsed.S3_ACCESS_KEY_ID) !== Boolean(parsed.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither, for the default AWS credential chain)',
    );
  }
  if (parsed.FIRST_SUPERUSER_PASSWORD && !parsed.FIRST_SUPERUSER) {
    throw new ConfigError(
      'Invalid configuration:\n  FIRST_SUPERUSER_PASSWORD is set without FIRST_SUPERUSER',
    );
  }
  return parsed;
}

/** CREDENTIALS_KEY is 32 bytes written as 64 hex digits or as base64 / base64url. */
export function decodeCredentialsKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64url');
  if (key.length !== 32)
    throw new ConfigError('Invalid configuration:\n  CREDENTIALS_KEY must encode exactly 32 bytes');
  return key;
}

/**
 * Reads a generated secret, creating it first when it does not exist. The file is written under
 * a temporary name and hard-linked into place, so processes starting together agree on one value
 * and nobody ever reads a half-written file.
 */
async function generatedSecret(dataDir: string, name: string, generate: () => string): Promise<string> {
  const target = join(dataDir, name);
  try {
    return (await readFile(target, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const temporary = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, `${generate()}\n`, { mode: 0o600 });
  try {
    await link(temporary, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(temporary, { force: true });
  }
  return (await readFile(target, 'utf8')).trim();
}

function storageConfig(parsed: ParsedEnvironment, localDir: string): StorageConfig {
  if (parsed.STORAGE === 'local') return { kind: 'local', dir: localDir };
  const prefix = parsed.S3_PREFIX ? parsed.S3_PREFIX.replace(/\/*$/, '/') : '';
  return {
    kind: 's3',
    bucket: parsed.S3_BUCKET as string,
    region: parsed.S3_REGION,
    endpoint: parsed.S3_ENDPOINT ?? null,
    credentials:
      parsed.S3_ACCESS_KEY_ID && parsed.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: parsed.S3_ACCESS_KEY_ID, secretAccessKey: parsed.S3_SECRET_ACCESS_KEY }
        : null,
    forcePathStyle: parsed.S3_FORCE_PATH_STYLE,
    prefix,
  };
}

export type LoadConfigOptions = {
  /** The checkout the process runs from: default home of DATA_DIR and WEB_ROOT. */
  rootDir: string;
  /** Where relative paths in the environment are resolved; the process's working directory by default. */
  cwd?: string;
};

/** The whole configuration: environment, defaults, and the secrets generated into DATA_DIR when absent. */
export async function loadConfig(
  env: Environment,
  { rootDir, cwd = process.cwd() }: LoadConfigOptions,
): Promise<Config> {
  const parsed = parseEnvironment(env);
  const fromCwd = (path: string) => (isAbsolute(path) ? path : resolve(cwd, path));
  const dataDir = parsed.DATA_DIR ? fromCwd(parsed.DATA_DIR) : join(rootDir, '.data');
  const publicUrl = (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, '');

  const secretKey =
    parsed.SECRET_KEY ??
    (await generatedSecret(dataDir, secretFiles.secretKey, () => randomBytes(48).toString('base64url')));
  const credentialsKey = decodeCredentialsKey(
    parsed.CREDENTIALS_KEY ??
      (await generatedSecret(dataDir, secretFiles.credentialsKey, () =>
        randomBytes(32).toString('base64url'),
      )),
  );

  const remoteUrl = (name: RemoteName) =>
    parsed[`REMOTE_${name.toUpperCase()}_URL` as `REMOTE_${Uppercase<RemoteName>}_URL`] ??
    `/remotes/${name}/mf-manifest.json`;

  return {
    port: parsed.PORT,
    host: parsed.HOST,
    publicUrl,
    dataDir,
    databaseUrl: parsed.DATABASE_URL ?? null,
    secretKey,
    credentialsKey,
    portal: {
      url: parsed.PORTAL_URL ?? null,
      replicaPort: parsed.PORTAL_REPLICA_PORT,
      proxyUrl: parsed.PORTAL_PROXY_URL ?? null,
      // CFE's own portal needs seconds between pages and ~18 s between consultations; the
      // bundled replica (no PORTAL_URL) none.
      pacingMs: parsed.PORTAL_PACING_MS ?? (parsed.PORTAL_URL ? 3_000 : 0),
      consultationPacingMs: parsed.PORTAL_CONSULTATION_PACING_MS ?? (parsed.PORTAL_URL ? 18_000 : 0),
      serviceCap: parsed.PORTAL_SERVICE_CAP,
      captchaTimeoutMs: parsed.PORTAL_CAPTCHA_TIMEOUT,
      // CFE's firewall and XML throttle need a minute and seconds; the bundled replica's refuse
      // one request at a time (its switches say for how long).
      firewallBackoffMs: parsed.PORTAL_URL ? 60_000 : 1_000,
      throttleBackoffMs: parsed.PORTAL_URL ? 5_000 : 200,
    },
    billing: {
      provider: parsed.BILLING_PROVIDER,
      chargebeeSite: parsed.CHARGEBEE_SITE ?? null,
      chargebeeApiKey: parsed.CHARGEBEE_API_KEY ?? null,
      chargebeePlanItemPriceId: parsed.CHARGEBEE_PLAN_ITEM_PRICE_ID,
      planMonthlyPrice: Number(parsed.PLAN_MONTHLY_PRICE).toFixed(2),
      chargebeeWebhookAuth:
        parsed.CHARGEBEE_WEBHOOK_USERNAME && parsed.CHARGEBEE_WEBHOOK_PASSWORD
          ? { username: parsed.CHARGEBEE_WEBHOOK_USERNAME, password: parsed.CHARGEBEE_WEBHOOK_PASSWORD }
          : null,
      chargebeeApiBaseUrl: parsed.CHARGEBEE_API_BASE_URL ?? null,
    },
    storage: storageConfig(
      parsed,
      parsed.STORAGE_DIR ? fromCwd(parsed.STORAGE_DIR) : join(dataDir, 'documents'),
    ),
    smtpUrl: parsed.SMTP_URL ?? null,
    mailFrom: parsed.MAIL_FROM,
    firstSuperuser: parsed.FIRST_SUPERUSER
      ? { email: parsed.FIRST_SUPERUSER, password: parsed.FIRST_SUPERUSER_PASSWORD ?? null }
      : null,
    workers: parsed.WORKERS,
    sync: {
      concurrencyPerCredential: parsed.PORTAL_CONCURRENCY_PER_CREDENTIAL,
      workerConcurrency: parsed.SYNC_WORKER_CONCURRENCY,
      portalTimeoutSeconds: parsed.PORTAL_TIMEOUT_SECONDS,
      portalRetries: parsed.PORTAL_REQUEST_RETRIES,
      portalRetryDelayMs: parsed.PORTAL_RETRY_DELAY_MS,
      stepTimeoutSeconds: parsed.SYNC_STEP_TIMEOUT_SECONDS,
      retryDelaySeconds: parsed.SYNC_RETRY_DELAY_SECONDS,
      autofetchIntervalHours: parsed.AUTOFETCH_INTERVAL_HOURS,
    },
    accessTokenExpireMinutes: parsed.ACCESS_TOKEN_EXPIRE_MINUTES,
    passwordResetExpireMinutes: parsed.PASSWORD_RESET_EXPIRE_MINUTES,
    loginRateLimit: parsed.LOGIN_RATE_LIMIT,
    loginAddressRateLimit: parsed.LOGIN_ADDRESS_RATE_LIMIT,
    recoveryRateLimit: parsed.RECOVERY_RATE_LIMIT,
    recoveryAddressRateLimit: parsed.RECOVERY_ADDRESS_RATE_LIMIT,
    syncRateLimit: parsed.SYNC_RATE_LIMIT,
    webSocketsPerUser: parsed.WEBSOCKETS_PER_USER,
    signupRateLimit: parsed.SIGNUP_RATE_LIMIT,
    apiTokenRateLimit: parsed.API_TOKEN_RATE_LIMIT,
    trustProxy: parsed.TRUST_PROXY,
    corsOrigins: parsed.CORS_ORIGINS,
    logLevel: parsed.LOG_LEVEL,
    webRoot: parsed.WEB_ROOT ? fromCwd(parsed.WEB_ROOT) : rootDir,
    webhooks: {
      allowedHosts: parsed.WEBHOOK_ALLOWED_HOSTS,
      attemptTimeoutMs: parsed.WEBHOOK_TIMEOUT,
      retryDelaysMs: parsed.WEBHOOK_RETRY_SCHEDULE,
      testRateLimit: parsed.WEBHOOK_TEST_RATE_LIMIT,
    },
    frontEnd: {
      apiUrl: parsed.API_URL.replace(/\/+$/, ''),
      remotes: Object.fromEntries(remoteNames.map((name) => [name, remoteUrl(name)])) as Record<
        RemoteName,
        string
      >,
      poweredBy: { label: parsed.POWERED_BY_LABEL, url: parsed.POWERED_BY_URL ?? publicUrl },
      chatScriptUrl: parsed.CHAT_SCRIPT_URL ?? null,
      sessionRecordingScriptUrl: parsed.SESSION_RECORDING_SCRIPT_URL ?? null,
      cspExtraSources: parsed.CSP_EXTRA_SOURCES,
    },
  };
}
