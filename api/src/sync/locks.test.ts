// The engine's lock order (locks.ts, decision 023): two users syncing the same service numbers,
// payment histories and receipts at once, never deadlock and never answer 500. It matters on
// PostgreSQL; on PGlite, one connection, it checks the same outcomes.
import { bearer, seedUser, tokenFor } from '../testing/fixtures';
import { captureLogs } from '../testing/log-capture';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createTestDatabase, onServer, type TestDatabase } from '../testing/test-database';
import { waitFor } from '../testing/wait-for';
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
let database: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  replica = await startSyncReplica({ historyMonths: 6 });
  // The test's own, so that the app's connections can end before the database goes.
  database = await createTestDatabase();
  t = await createTestApp({
    database,
    config: syncConfig(replica.url, { sync: { workerConcurrency: 16 } }),
    logger: logs.logger,
  });
});

afterAll(async () => {
  await t.close();
  await database.drop();
  await replica.close();
});

async function deadlocks(): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(
    'SELECT coalesce(sum(deadlocks), 0)::int AS n FROM pg_stat_database WHERE datname = current_database()',
  );
  return rows[0]?.n ?? 0;
}

/**
 * The server's own count once the app's connections have all ended. A backend adds what it counted
 * to pg_stat_database a second or so after its work, and at the latest as it ends, before it
 * leaves pg_stat_activity (PostgreSQL's exit hooks run in that order): so the count is read once
 * no backend of the database is left. PGlite is this process's one connection: it reads its own.
 */
async function deadlocksOnceClosed(): Promise<number> {
  if (!database.url) return deadlocks();
  await t.close();
  await database.db.close();
  const { pathname } = new URL(database.url);
  const name = decodeURIComponent(pathname.slice(1));
  return onServer(async (client) => {
    await waitFor(async () => {
      const { rows } = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
        [name],
      );
      return rows[0]?.n === 0;
    });
    const { rows } = await client.query<{ n: number }>(
      'SELECT coalesce(sum(deadlocks), 0)::int AS n FROM pg_stat_database WHERE datname = $1',
      [name],
    );
    return rows[0]?.n ?? 0;
  });
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
  expect(await deadlocksOnceClosed()).toBe(before);
}, 180_000);
