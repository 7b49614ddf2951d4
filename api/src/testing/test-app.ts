import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { remoteNames } from '@luz/shared/contract';
import type { FastifyServerOptions } from 'fastify';
import { buildApp } from '../app';
import { checkPasswordsWith } from '../auth/password-policy';
import type { Config } from '../config';
import type { ApiApp } from '../http/api-app';
import { createMailer, type Mailer, outboxDirOf } from '../mail';
import type { DocumentStorage } from '../storage';
import { createTestDatabase, type TestDatabase } from './test-database';
import { workerShared } from './worker-shared';

export type ConfigOverrides = Partial<Omit<Config, 'frontEnd' | 'billing' | 'sync' | 'portal'>> & {
  frontEnd?: Partial<Config['frontEnd']>;
  billing?: Partial<Config['billing']>;
  sync?: Partial<Config['sync']>;
  portal?: Partial<Config['portal']>;
};

/**
 * A complete configuration for tests, in a fresh temporary DATA_DIR, with an empty WEB_ROOT (API
 * only) and rate limits high enough that only the tests about them hit them.
 */
export async function testConfig(overrides: ConfigOverrides = {}): Promise<Config> {
  const dataDir = overrides.dataDir ?? (await mkdtemp(join(tmpdir(), 'luz-api-test-')));
  const { frontEnd, billing, sync, portal, ...rest } = overrides;
  return {
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://luz.test',
    dataDir,
    databaseUrl: null,
    secretKey: randomBytes(48).toString('base64url'),
    credentialsKey: randomBytes(32),
    smtpUrl: null,
    mailFrom: 'Luz <no-reply@luz.test>',
    firstSuperuser: null,
    workers: false,
    accessTokenExpireMinutes: 60,
    passwordResetExpireMinutes: 30,
    loginRateLimit: { max: 1_000, windowMs: 60_000 },
    loginAddressRateLimit: { max: 1_000, windowMs: 60_000 },
    recoveryRateLimit: { max: 1_000, windowMs: 60_000 },
    recoveryAddressRateLimit: { max: 1_000, windowMs: 60_000 },
    syncRateLimit: { max: 1_000, windowMs: 60_000 },
    webSocketsPerUser: 50,
    signupRateLimit: { max: 1_000, windowMs: 60_000 },
    apiTokenRateLimit: { max: 1_000, windowMs: 60_000 },
    trustProxy: false,
    corsOrigins: [],
    logLevel: 'silent',
    webRoot: dataDir,
    storage: { kind: 'local', dir: join(dataDir, 'documents') },
    webhooks: {
      allowedHosts: [],
      attemptTimeoutMs: 5_000,
      retryDelaysMs: [5_000, 300_000],
      testRateLimit: { max: 1_000, windowMs: 60_000 },
    },
    ...rest,
    // Sync tests retry within a second instead of half a minute.
    sync: {
      concurrencyPerCredential: 1,
      workerConcurrency: 8,
      portalTimeoutSeconds: 5,
      portalRetries: 4,
      portalRetryDelayMs: 20,
      stepTimeoutSeconds: 60,
      retryDelaySeconds: 0.2,
      autofetchIntervalHours: 24,
      ...sync,
    },
    portal: {
      url: null,
      replicaPort: 0,
      proxyUrl: null,
      pacingMs: 0,
      consultationPacingMs: 0,
      serviceCap: 10,
      captchaTimeoutMs: 5 * 60_000,
      firewallBackoffMs: 10,
      throttleBackoffMs: 10,
      ...portal,
    },
    billing: {
      provider: 'local',
      chargebeeSite: null,
      chargebeeApiKey: null,
      chargebeePlanItemPriceId: 'luz-empresa-MXN-Monthly',
      planMonthlyPrice: '990.00',
      chargebeeWebhookAuth: null,
      chargebeeApiBaseUrl: null,
      ...billing,
    },
    frontEnd: {
      apiUrl: '',
      remotes: Object.fromEntries(
        remoteNames.map((name) => [name, `/remotes/${name}/mf-manifest.json`]),
      ) as Config['frontEnd']['remotes'],
      poweredBy: { label: 'Luz', url: 'http://luz.test' },
      chatScriptUrl: null,
      sessionRecordingScriptUrl: null,
      cspExtraSources: [],
      ...frontEnd,
    },
  };
}

export type TestApp = {
  app: ApiApp;
  db: TestDatabase['db'];
  database: TestDatabase;
  config: Config;
  mailer: Mailer;
  outboxDir: string;
  /** Closes the app; drops the database when this helper created it. */
  close(): Promise<void>;
};

// Passwords are checked by the jest worker's one checker, not by one per file (decision 009).
const sharedChecker = workerShared()?.passwordChecker();
if (sharedChecker) checkPasswordsWith(sharedChecker);

/**
 * The real app, ready for `inject` or `listen`, on a migrated database: a new one (PGlite in
 * memory, or PostgreSQL in a file's PostgreSQL run), or `database` to share one between apps.
 */
export async function createTestApp({
  config: overrides,
  database,
  now,
  storage,
  logger,
}: {
  config?: ConfigOverrides;
  database?: TestDatabase;
  now?: () => number;
  /** Instead of the one `config.storage` names (e.g. a wrapper that watches reads). */
  storage?: DocumentStorage;
  /** Fastify's logger option (default: none); see `captureLogs`. */
  logger?: FastifyServerOptions['logger'];
} = {}): Promise<TestApp> {
  const owned = database ? null : await createTestDatabase();
  const testDatabase = (database ?? owned) as TestDatabase;
  const config = await testConfig(overrides);
  const mailer = createMailer(config);
  const app = await buildApp({ config, db: testDatabase.db, mailer, now, storage, logger });
  await app.ready();
  return {
    app,
    db: testDatabase.db,
    database: testDatabase,
    config,
    mailer,
    outboxDir: outboxDirOf(config.dataDir),
    async close() {
      await app.close();
      await mailer.close();
      await owned?.drop();
      if (!overrides?.dataDir) await rm(config.dataDir, { recursive: true, force: true });
    },
  };
}
