import PgBoss from 'pg-boss';
import { pgBossDatabase } from '../db/pg-boss';
import { openPostgres } from '../db/postgres';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../testing/test-database';
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

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}`;

test('a sent job is worked at once, without waiting for the polling interval', async () => {
  const jobs = queue();
  const name = unique('hola');
  const seen: { data: unknown; at: number }[] = [];
  jobs.work<{ n: number }>(name, { pollingIntervalSeconds: 30 }, async (job) => {
    seen.push({ data: job.data, at: Date.now() });
  });
  await jobs.start();
  // Let the worker settle into its (30 s) sleep first.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const sentAt = Date.now();
  await jobs.send(name, { n: 1 });
  await waitFor(() => seen.length === 1, 5_000);
  expect(seen[0]?.data).toEqual({ n: 1 });
  expect((seen[0]?.at ?? 0) - sentAt).toBeLessThan(1_000);
});

test('a job sent by another process (a queue without workers) wakes the worker through NOTIFY', async () => {
  const worker = queue();
  const sender = queue({ workers: false });
  const name = unique('remoto');
  const seen: unknown[] = [];
  worker.work(name, { pollingIntervalSeconds: 30 }, async (job) => {
    seen.push(job.data);
  });
  await worker.start();
  await sender.start();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const sentAt = Date.now();
  await sender.send(name, { desde: 'api' });
  await waitFor(() => seen.length === 1, 5_000);
  expect(Date.now() - sentAt).toBeLessThan(1_500);
});

test('never runs more than `concurrency` jobs at once and finishes a burst', async () => {
  const jobs = queue();
  const name = unique('rafaga');
  let running = 0;
  let peak = 0;
  let done = 0;
  jobs.work(name, { concurrency: 3 }, async () => {
    running += 1;
    peak = Math.max(peak, running);
    await new Promise((resolve) => setTimeout(resolve, 40));
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
  await waitFor(() => counts.length === 3);
  await new Promise((resolve) => setTimeout(resolve, 600));
  expect(counts).toEqual([0, 1, 2]);
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
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(seen).toEqual([{ version: 'confirmada' }]);
});

test('a delayed job waits for its time', async () => {
  const jobs = queue();
  const name = unique('despues');
  let ranAt = 0;
  jobs.work(name, { pollingIntervalSeconds: 5 }, async () => {
    ranAt = Date.now();
  });
  await jobs.start();
  const sentAt = Date.now();
  await jobs.send(name, {}, { startAfterSeconds: 1 });
  await waitFor(() => ranAt > 0, 5_000);
  expect(ranAt - sentAt).toBeGreaterThanOrEqual(900);
  expect(ranAt - sentAt).toBeLessThan(3_000);
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
  await waitFor(() => seen.length === 1, 15_000);
  expect(seen).toEqual([1]);
}, 30_000);

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
  await Promise.all([first.start(), second.start()]);
  await waitFor(() => runs >= 1);
  await new Promise((resolve) => setTimeout(resolve, 800));
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
      await waitFor(() => doneBy.size === 200, 20_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
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
