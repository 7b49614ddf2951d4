import type { Switches } from '../portal/replica/state';
import { bearer } from '../testing/fixtures';
import { type LuzProcess, startLuzProcess } from '../testing/luz-process';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { type SyncReplica, seedCredential, seedRpu, startSyncReplica } from './test-helpers';

/**
 * For tests of worker processes as production runs them (`src/worker.ts`) on one PostgreSQL
 * database: the replica of CFE's pages, the database, an API process that queues work and runs none, and
 * `startWorker` for workers with the API's secrets and data folder, as a second machine would run
 * them. Every process must agree on the step timeout (the sender of a job sets its expiry).
 * Workers still running after a test are stopped.
 */
export function workerProcesses(stepTimeoutSeconds: number, workerEnv: Record<string, string> = {}) {
  const fixture = {
    replica: undefined as unknown as SyncReplica,
    database: undefined as unknown as TestDatabase,
    t: undefined as unknown as TestApp,
    workers: [] as LuzProcess[],
    async startWorker(): Promise<LuzProcess> {
      const worker = await startLuzProcess('worker', {
        DATABASE_URL: fixture.database.url as string,
        PORTAL_URL: fixture.replica.url,
        // A replica on loopback: no pacing (CFE itself gets seconds by default).
        PORTAL_PACING_MS: '0',
        PORTAL_CONSULTATION_PACING_MS: '0',
        DATA_DIR: fixture.t.config.dataDir,
        SECRET_KEY: fixture.t.config.secretKey,
        CREDENTIALS_KEY: fixture.t.config.credentialsKey.toString('hex'),
        SYNC_STEP_TIMEOUT_SECONDS: String(stepTimeoutSeconds),
        SYNC_RETRY_DELAY_SECONDS: '0.2',
        LOG_LEVEL: 'warn',
        ...workerEnv,
      });
      fixture.workers.push(worker);
      return worker;
    },
    /** A CFE account on the replica, stored as the user's credential with each service linked to it. */
    async seedAccount(
      userId: string,
      username: string,
      { services, switches }: { services: number; switches?: Partial<Switches> },
    ): Promise<string> {
      fixture.replica.state.addAccount({ username, password: 'Demo-2024', services, switches });
      const credentialId = await seedCredential(fixture.t, userId, { cfeUser: username });
      for (const serviceNumber of fixture.replica.services(username))
        await seedRpu(fixture.t, userId, { serviceNumber, credentialId });
      return credentialId;
    },
    /** Queues the account's receipt sync (workflow 3) through the API; its task's id. */
    async startSync(token: string, credentialId: string): Promise<string> {
      const started = await fixture.t.app.inject({
        method: 'POST',
        url: `/api/v1/credentials/sync/${credentialId}`,
        headers: bearer(token),
        payload: { workflow: 3 },
      });
      expect(started.statusCode).toBe(202);
      return started.json<{ task_id: string }>().task_id;
    },
  };

  beforeAll(async () => {
    fixture.replica = await startSyncReplica();
    fixture.database = await createTestDatabase();
    fixture.t = await createTestApp({
      database: fixture.database,
      config: {
        workers: false,
        portal: { url: fixture.replica.url },
        sync: { stepTimeoutSeconds },
      },
    });
  });
  afterEach(async () => {
    for (const worker of fixture.workers.splice(0)) {
      worker.process.kill('SIGTERM');
      await worker.exited;
    }
  });
  afterAll(async () => {
    await fixture.t.close();
    await fixture.database.drop();
    await fixture.replica.close();
  });
  return fixture;
}
