import PgBoss from 'pg-boss';
import type { Database, Row } from '../db/database';
import { pgBossDatabase } from '../db/pg-boss';
import { openPostgres } from '../db/postgres';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../testing/test-database';
import { waitFor } from '../testing/wait-for';
import { createJobQueue, type JobQueue } from './job-queue';

let t: TestDatabase;
const open: JobQueue[] = [];
beforeAll(async () => {
  t = await createTestDatabase({ migrated: false });
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((queue) => queue.stop(1_000)));
});
afterAll(() => t.drop());

const errors: unknown[] = [];
function queue(options: Partial<Parameters<typeof createJobQueue>[0]> = {}) {
  const jobs = createJobQueue({
    db: t.db,
    workers: true,
    onError: (error) => errors.push(error),
    ...options,
  });
  open.push(jobs);
  return jobs;
}

const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}`;

/** Longer than any test may run: a job worked within a test was woken for, never polled for. */
const NEVER_POLLS = 3_600;

/**
 * `db` for a queue whose worker the test must know is idle: `idle` resolves after the worker's
 * first fetch of `queue` found nothing (it then sleeps until woken).
 */
function watchFetches(db: Database, queue: string) {
  let markIdle = () => {};
  const idle = new Promise<void>((resolve) => {
    markIdle = resolve;
  });
  const watched: Database = {
    ...db,
    async query<T extends Row = Row>(sql: string, params?: readonly unknown[]) {
      const result = await db.query<T>(sql, params);
      if (sql.includes('FOR UPDATE SKIP LOCKED') && params?.[0] === queue && result.rows.length === 0)
        markIdle();
      return result;
    },
  };
  return { db: watched, idle };
}

/** pg-boss's record of every job of `queue`, oldest first. */
const jobsOf = async (queue: string) =>
  (
    await t.db.query<{ state: string; retry_count: number }>(
      'SELECT state, retry_count FROM pgboss.job WHERE name = $1 ORDER BY created_on',
      [queue],
    )
  ).rows;

test('a sent job is worked at once, without waiting for the polling interval', async () => {
  const name = unique('hola');
  const watched = watchFetches(t.db, name);
  const jobs = queue({ db: watched.db });
  const seen: unknown[] = [];
  jobs.work<{ n: number }>(name, { pollingIntervalSeconds: NEVER_POLLS }, async (job) => {
    seen.push(job.data);
  });
  await jobs.start();
  await watched.idle;
  await jobs.send(name, { n: 1 });
  await waitFor(() => seen.length === 1);
  expect(seen).toEqual([{ n: 1 }]);
});

test('a job sent by another process (a queue without workers) wakes the worker through NOTIFY', async () => {
  const name = unique('remoto');
  const watched = watchFetches(t.db, name);
  const worker = queue({ db: watched.db });
  const sender = queue({ workers: false });
  const seen: unknown[] = [];
  worker.work(name, { pollingIntervalSeconds: NEVER_POLLS }, async (job) => {
    seen.push(job.data);
  });
  await worker.start();
  await sender.start();
  await watched.idle;
  await sender.send(name, { desde: 'api' });
  await waitFor(() => seen.length === 1);
  expect(seen).toEqual([{ desde: 'api' }]);
});

test('never runs more than `concurrency` jobs at once and finishes a burst', async () => {
  const jobs = queue();
  const name = unique('rafaga');
  let running = 0;
  let peak = 0;
  let done = 0;
  // The first jobs hold their slots until three run at once: a fourth would start meanwhile if the
  // queue allowed it.
  let full = () => {};
  const threeAtOnce = new Promise<void>((resolve) => {
    full = resolve;
  });
  jobs.work(name, { concurrency: 3 }, async () => {
    running += 1;
    peak = Math.max(peak, running);
    if (running === 3) full();
    await threeAtOnce;
    running -= 1;
    done += 1;
  });
  await jobs.start();
  for (let index = 0; index < 12; index++) await jobs.send(name, { index });
  await waitFor(() => done === 12);
  expect(peak).toBe(3);
});

test('a failing job is retried by the queue up to its limit, with its retry count', async () => {
  const jobs = queue();
  const name = unique('falla');
  const counts: number[] = [];
  jobs.work(name, { pollingIntervalSeconds: 0.2 }, async (job) => {
    counts.push(job.retryCount);
    throw new Error('portal caído');
  });
  await jobs.start();
  await jobs.send(name, {}, { retryLimit: 2, retryDelay: 0, retryBackoff: false });
  // Failed for good: pg-boss never hands it out again.
  await waitFor(async () => (await jobsOf(name))[0]?.state === 'failed');
  await jobs.stop();
  expect(counts).toEqual([0, 1, 2]);
  expect(await jobsOf(name)).toEqual([{ state: 'failed', retry_count: 2 }]);
  errors.length = 0;
});

test('a job sent inside a transaction exists only if the transaction commits', async () => {
  const jobs = queue();
  const name = unique('tx');
  const seen: unknown[] = [];
  jobs.work(name, { pollingIntervalSeconds: 0.2 }, async (job) => {
    seen.push(job.data);
  });
  await jobs.start();
  await expect(
    t.db.transaction(async (tx) => {
      await jobs.send(name, { version: 'revertida' }, { via: tx });
      throw new Error('rollback');
    }),
  ).rejects.toThrow('rollback');
  await t.db.transaction((tx) => jobs.send(name, { version: 'confirmada' }, { via: tx }));
  await waitFor(() => seen.length === 1);
  expect(seen).toEqual([{ version: 'confirmada' }]);
  // The rolled-back job does not exist, so no worker can ever take it.
  expect(await jobsOf(name)).toHaveLength(1);
});

test('a delayed job waits for its time, then wakes the worker by itself', async () => {
  const jobs = queue();
  const name = unique('despues');
  let ranAt = 0;
  // Without polling, only the queue's own timer can wake the worker for it.
  jobs.work(name, { pollingIntervalSeconds: NEVER_POLLS }, async () => {
    ranAt = Date.now();
  });
  await jobs.start();
  const sentAt = Date.now();
  await jobs.send(name, {}, { startAfterSeconds: 1 });
  await waitFor(() => ranAt > 0);
  // Not before its time (a lower bound holds however loaded the machine is).
  expect(ranAt - sentAt).toBeGreaterThanOrEqual(900);
});

test('a job whose worker died is expired by maintenance and done by a live worker', async () => {
  const name = unique('huerfano');
  const sender = queue({ workers: false });
  await sender.send(name, { rpu: 'x' }, { expireInSeconds: 1, retryDelay: 0, retryBackoff: false });
  // A "worker" that takes the job and dies: pg-boss marks it active and nobody completes it.
  const dead = new PgBoss({ db: pgBossDatabase(t.db), supervise: false, schedule: false, migrate: false });
  await dead.start();
  expect(await dead.fetch(name)).toHaveLength(1);
  await dead.stop({ graceful: false, close: false, wait: false });

  const live = queue({ maintenanceIntervalSeconds: 1 });
  const seen: number[] = [];
  live.work(name, { pollingIntervalSeconds: 0.2 }, async (job) => {
    seen.push(job.retryCount);
  });
  await live.start();
  await waitFor(() => seen.length === 1);
  expect(seen).toEqual([1]);
});

test('`every` sends one job per window however many processes run it', async () => {
  const name = unique('cada');
  const first = queue();
  const second = queue();
  let runs = 0;
  for (const jobs of [first, second]) {
    jobs.work(name, { pollingIntervalSeconds: 0.2 }, async () => {
      runs += 1;
    });
    jobs.every(name, 60);
  }
  // start() answers once its first tick is sent (or refused as the other one's duplicate).
  await Promise.all([first.start(), second.start()]);
  expect(await jobsOf(name)).toHaveLength(1);
  await waitFor(() => runs === 1);
  await Promise.all([first.stop(), second.stop()]);
  expect(runs).toBe(1);
});

const postgresOnly = testDatabaseKind() === 'postgres' ? test : test.skip;

postgresOnly(
  'two processes on one database: every job is done exactly once',
  async () => {
    const name = unique('reparto');
    const other = openPostgres(t.url as string, { maxConnections: 4 });
    try {
      const first = queue();
      const second = createJobQueue({ db: other, workers: true, onError: (error) => errors.push(error) });
      open.push(second);
      const doneBy = new Map<number, string[]>();
      for (const [label, jobs] of [
        ['a', first],
        ['b', second],
      ] as const) {
        jobs.work<{ n: number }>(name, { concurrency: 4 }, async (job) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          doneBy.set(job.data.n, [...(doneBy.get(job.data.n) ?? []), label]);
        });
      }
      await Promise.all([first.start(), second.start()]);
      for (let n = 0; n < 200; n++) await (n % 2 ? first : second).send(name, { n });
      await waitFor(() => doneBy.size === 200);
      // Stopping waits for every job still running: a second run of any would be counted by now.
      await Promise.all([first.stop(), second.stop()]);
      expect([...doneBy.values()].every((labels) => labels.length === 1)).toBe(true);
      const labels = [...doneBy.values()].flat();
      expect(labels).toContain('a');
      expect(labels).toContain('b');
    } finally {
      await Promise.all(open.splice(0).map((jobs) => jobs.stop(1_000)));
      await other.close();
    }
  },
  40_000,
);

afterAll(() => {
  expect(errors).toEqual([]);
});
