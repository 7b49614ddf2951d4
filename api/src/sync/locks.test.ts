// The engine's lock order (locks.ts, decision 023): two users syncing the same service numbers,
// payment histories and receipts at once, never deadlock and never answer 500. It matters on
// PostgreSQL (api-postgres); on PGlite, one connection, it checks the same outcomes.
import { bearer, seedUser, tokenFor } from '../testing/fixtures';
import { captureLogs } from '../testing/log-capture';
import { createTestApp, type TestApp } from '../testing/test-app';
import {
  type SyncReplica,
  seedCredential,
  seedRpu,
  startSyncReplica,
  syncConfig,
  waitForTask,
} from './test-helpers';

const logs = captureLogs('info');
let replica: SyncReplica;
let t: TestApp;

beforeAll(async () => {
  replica = await startSyncReplica({ historyMonths: 6 });
  t = await createTestApp({
    config: syncConfig(replica.url, { sync: { workerConcurrency: 16 } }),
    logger: logs.logger,
  });
});

afterAll(async () => {
  await t.close();
  await replica.close();
});

async function deadlocks(): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(
    'SELECT coalesce(sum(deadlocks), 0)::int AS n FROM pg_stat_database WHERE datname = current_database()',
  );
  return rows[0]?.n ?? 0;
}

test('two users syncing the same services and their payment histories at once: no deadlock, no 500', async () => {
  const services = replica.services('empresa.demo');
  const owners: { token: string; credentialId: string; rpuIds: string[] }[] = [];
  for (let index = 0; index < 2; index++) {
    const user = await seedUser(t.db);
    const credentialId = await seedCredential(t, user.id);
    const rpuIds: string[] = [];
    for (const serviceNumber of services)
      rpuIds.push(await seedRpu(t, user.id, { serviceNumber, credentialId }));
    owners.push({ token: await tokenFor(t.config, t.db, user.id), credentialId, rpuIds });
  }
  const before = await deadlocks();

  const start = (token: string, url: string, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });
  // Every start at once: receipts of both accounts (bulk) and each service point's payment history.
  const responses = await Promise.all(
    owners.flatMap(({ token, credentialId, rpuIds }) => [
      start(token, `/credentials/sync/${credentialId}`, { workflow: 3 }).then((response) => ({
        token,
        response,
      })),
      ...rpuIds.map((rpuId) =>
        start(token, `/payment-history/rpu/${rpuId}/sync`).then((response) => ({ token, response })),
      ),
    ]),
  );
  expect(responses.map(({ response }) => response.statusCode)).toEqual(responses.map(() => 202));

  for (const { token, response } of responses) {
    const task = await waitForTask(t, token, response.json<{ task_id: string }>().task_id);
    expect(task.status).toBe(1);
  }
  expect(logs.text()).not.toMatch(/deadlock/i);
  // The server's own count (flushed by the backends within a second or so of their work).
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  await t.db.query('SELECT pg_stat_clear_snapshot()');
  expect(await deadlocks()).toBe(before);
}, 180_000);
