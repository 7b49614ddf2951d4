import type { preHandlerAsyncHookHandler } from 'fastify';
import type { TokenService } from './auth/tokens';
import type { BillingProvider } from './billing/provider';
import type { Config } from './config';
import type { SecretBox } from './crypto/secret-box';
import type { Database } from './db/database';
import type { AuthGuard } from './http/auth-guard';
import type { Background } from './http/background';
import type { JobQueue } from './jobs/job-queue';
import type { Mailer } from './mail';
import type { CfePortal } from './portal/mi-espacio/portal';
import type { DocumentStorage } from './storage/document-storage';
import type { SyncHooks } from './sync/hooks';
import type { SyncEventHub } from './sync-events/hub';
import type { WebhookEngine } from './webhooks/engine';

/** What every domain's routes and services may use; built once per app by `buildApp`. */
export type AppContext = {
  config: Config;
  db: Database;
  mailer: Mailer;
  tokens: TokenService;
  auth: AuthGuard;
  syncEvents: SyncEventHub;
  background: Background;
  /** AES-256-GCM with CREDENTIALS_KEY: portal passwords and webhook secrets at rest. */
  secrets: SecretBox;
  /** Receipts (PDF, CFDI XML). */
  storage: DocumentStorage;
  /** Background jobs (pg-boss in this database); workers run only where `WORKERS` is true. */
  jobs: JobQueue;
  /**
   * CFE's Mi Espacio through its connector (decision 040; the bundled replica by default): the sync
   * engine, "Conectar con CFE" and the CAPTCHA's answer. One instance per process, so one session
   * per credential per process.
   */
  cfePortal: CfePortal;
  /** Checkout and subscriptions: `local` or Chargebee (BILLING_PROVIDER). */
  billing: BillingProvider;
  /** Outbound webhooks: publish events, run delivery attempts (webhooks/index.ts). */
  webhooks: WebhookEngine;
  /** What the sync engine announces (periods found, status changes, tasks ended), wired by app.ts to the webhooks. */
  syncHooks: SyncHooks;
  /**
   * preHandler of every route that starts a sync or a retry: SYNC_RATE_LIMIT per user, one budget
   * over all of them (each start queues portal work on the user's CFE accounts).
   */
  syncStartLimit: preHandlerAsyncHookHandler;
};
