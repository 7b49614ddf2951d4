// `pnpm bench sync`: 1,000 service points over 10 portal accounts, bulk-synced through the Mi
// Espacio connector against the replica of CFE's pages answering every request after 100 ms, by
// the real app (HTTP routes, job queue, workers, PGlite; or PostgreSQL with BENCH_DATABASE_URL /
// TEST_DATABASE_URL). One session per account, one request at a time, pacing 0.
//
// It prints the wall time, the ideal bound (portal requests × latency ÷ sessions), their ratio
// and the peak memory of this process (API, workers and replica together). It
// never fails on time. BENCH_RPUS and BENCH_MONTHS shrink or grow the run.
import { performance } from 'node:perf_hooks';
import { seedCredential, startSyncReplica, syncConfig } from '../api/src/sync/test-helpers';
import { bearer, seedUser, tokenFor } from '../api/src/testing/fixtures';
import { createTestApp } from '../api/src/testing/test-app';
import { selectTestDatabase } from '../api/src/testing/test-database';

const CREDENTIALS = 10;
const RPUS = Number(process.env.BENCH_RPUS ?? 1_000);
const LATENCY_MS = 100;
/** Months of receipts the replica's grid lists (26 in tests; a year keeps the run short). */
const MONTHS = Number(process.env.BENCH_MONTHS ?? 12);
/** Mi Espacio's rule: one session per account, a chain of pages, so one step at a time. */
const CONCURRENCY_PER_CREDENTIAL = 1;

const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (databaseUrl) {
  selectTestDatabase('postgres');
  process.env.TEST_DATABASE_URL = databaseUrl;
}

let peakRss = 0;
let peakHeap = 0;
const sampler = setInterval(() => {
  const { rss, heapUsed } = process.memoryUsage();
  peakRss = Math.max(peakRss, rss);
  peakHeap = Math.max(peakHeap, heapUsed);
}, 100);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const simulator = await startSyncReplica({ historyMonths: MONTHS });
simulator.state.global.latencyMs = LATENCY_MS;
const t = await createTestApp({
  config: syncConfig(simulator.url, {
    logLevel: 'silent',
    sync: {
      concurrencyPerCredential: CONCURRENCY_PER_CREDENTIAL,
      workerConcurrency: CREDENTIALS * CONCURRENCY_PER_CREDENTIAL,
      portalTimeoutSeconds: 30,
      stepTimeoutSeconds: 180,
      retryDelaySeconds: 5,
    },
  }),
});

try {
  console.info(
    `Bulk sync of ${RPUS.toLocaleString('en-US')} service points over ${CREDENTIALS} portal accounts, ` +
      `${LATENCY_MS} ms per portal request, ${MONTHS} months of receipts, ` +
      `${CONCURRENCY_PER_CREDENTIAL} requests at once per account, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`,
  );
  const owners: { token: string; credentialId: string }[] = [];
  for (let index = 0; index < CREDENTIALS; index++) {
    const username = `bench${index}.demo`;
    const services = Math.floor(RPUS / CREDENTIALS) + (index < RPUS % CREDENTIALS ? 1 : 0);
    simulator.state.addAccount({ username, password: 'Demo-2024', services });
    const user = await seedUser(t.db, { email: `bench${index}@luz.test` });
    const credentialId = await seedCredential(t, user.id, { cfeUser: username });
    await t.db.query(
      `INSERT INTO rpus (user_id, credential_id, service_number, rpu_status)
       SELECT $1, $2, number, 0 FROM unnest($3::text[]) AS number`,
      [user.id, credentialId, simulator.services(username)],
    );
    owners.push({ token: await tokenFor(t.config, t.db, user.id), credentialId });
  }
  simulator.state.resetStatistics();

  const started = performance.now();
  const taskIds: string[] = [];
  for (const { token, credentialId } of owners) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/credentials/sync/${credentialId}`,
      headers: bearer(token),
      payload: { workflow: 3 },
    });
    if (response.statusCode !== 202) throw new Error(`Sync refused: ${response.body}`);
    taskIds.push(response.json<{ task_id: string }>().task_id);
  }

  let lastReport = started;
  for (;;) {
    const { rows } = await t.db.query<{ open: number; done: number }>(
      `SELECT count(*) FILTER (WHERE finished_at IS NULL)::int AS open,
              count(*) FILTER (WHERE finished_at IS NOT NULL)::int AS done
       FROM task_associations WHERE task_id = ANY($1::uuid[])`,
      [taskIds],
    );
    const { open = 1, done = 0 } = rows[0] ?? {};
    if (open === 0) break;
    if (performance.now() - lastReport > 15_000) {
      lastReport = performance.now();
      console.info(
        `  … ${seconds(lastReport - started)}: ${done}/${RPUS} service points done, ${simulator.state.stats.total} portal requests`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const wall = performance.now() - started;

  const { rows: outcome } = await t.db.query<{ status: number; n: number }>(
    'SELECT status, count(*)::int AS n FROM task_associations WHERE task_id = ANY($1::uuid[]) GROUP BY status',
    [taskIds],
  );
  const { rows: stored } = await t.db.query<{ periods: number; documents: number }>(
    `SELECT (SELECT count(*)::int FROM periods) AS periods, (SELECT count(*)::int FROM documents) AS documents`,
  );
  const requests = simulator.state.stats.total;
  const allowed = CREDENTIALS * CONCURRENCY_PER_CREDENTIAL;
  const ideal = (requests * LATENCY_MS) / allowed;
  const { xmlThrottled, logins } = simulator.state.stats;
  const loginCount = [...logins.values()].reduce((sum, n) => sum + n, 0);

  console.info(
    `  outcome (status: count)            ${outcome.map((row) => `${row.status}: ${row.n}`).join(', ')}`,
  );
  console.info(`  periods / documents stored         ${stored[0]?.periods} / ${stored[0]?.documents}`);
  console.info(
    `  portal requests                    ${requests.toLocaleString('en-US')} (logins: ${loginCount}, XML throttles: ${xmlThrottled})`,
  );
  console.info(
    `  peak requests in flight / account  ${Math.max(
      ...[...simulator.state.stats.peakInFlight.entries()]
        // Logins happen before the replica knows the account (counted as anonymous).
        .filter(([account]) => account !== '(anónimo)')
        .map(([, peak]) => peak),
    )} (allowed ${CONCURRENCY_PER_CREDENTIAL})`,
  );
  console.info(`  wall time                          ${seconds(wall)}`);
  console.info(
    `  ideal bound                        ${seconds(ideal)}  (${requests} requests × ${LATENCY_MS} ms ÷ ${allowed} at once)`,
  );
  console.info(`  wall / ideal                       ${(wall / ideal).toFixed(2)}`);
  console.info(
    `  throughput                         ${((requests / wall) * 1000).toFixed(1)} portal requests/s`,
  );
  console.info(`  peak memory (this process)         RSS ${mb(peakRss)}, heap ${mb(peakHeap)}`);
} finally {
  clearInterval(sampler);
  await t.close();
  await simulator.close();
}
