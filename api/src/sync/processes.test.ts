// Worker processes as production runs them (`api/src/worker.ts`), against one PostgreSQL
// database: killed mid-run with SIGKILL, and two at once. PostgreSQL only: PGlite belongs to
// one process.
import { join } from 'node:path';
import { seedUser, tokenFor } from '../testing/fixtures';
import type { TestApp } from '../testing/test-app';
import { testDatabaseKind } from '../testing/test-database';
import { waitFor } from '../testing/wait-for';
import { waitForTask } from './test-helpers';
import { workerProcesses } from './test-worker-processes';

const postgresOnly = testDatabaseKind() === 'postgres' ? describe : describe.skip;

async function count(t: TestApp, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(sql, params);
  return rows[0]?.n ?? 0;
}

postgresOnly('sync workers as separate processes on PostgreSQL', () => {
  // A short step timeout: a killed worker's step is taken up again within seconds, by its expiry
  // if nothing else (worker-takeover.test.ts shows the heartbeats doing it sooner).
  const processes = workerProcesses(10, {
    SYNC_WORKER_CONCURRENCY: '8',
  });

  test('a worker killed with SIGKILL mid-sync loses nothing: another finishes the task, nothing stored twice', async () => {
    const { t } = processes;
    const user = await seedUser(t.db);
    const token = await tokenFor(t.config, t.db, user.id);
    const credentialId = await processes.seedAccount(user.id, 'crash.demo', {
      services: 2,
      switches: { latencyMs: 40 },
    });
    const taskId = await processes.startSync(token, credentialId);

    const first = await processes.startWorker();
    // Kill it once it is well into the downloads, with steps certainly in flight.
    await waitFor(
      async () =>
        (await count(t, 'SELECT count(*)::int AS n FROM documents WHERE user_id = $1', [user.id])) >= 12,
    );
    first.process.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    processes.workers.splice(0);
    // The slow answers were for the kill: the survivor gets the replica's full speed.
    const account = processes.replica.state.account('crash.demo');
    if (account) account.switches.latencyMs = 0;
    expect(
      await count(t, 'SELECT count(*)::int AS n FROM tasks WHERE id = $1 AND finished_at IS NULL', [taskId]),
    ).toBe(1);

    await processes.startWorker();
    const task = await waitForTask(t, token, taskId);
    expect(task).toMatchObject({ status: 1, counts: { total: 2, success: 2 } });

    // Every receipt of both services stored exactly once, every file present.
    const periods = await count(t, 'SELECT count(*)::int AS n FROM periods WHERE user_id = $1', [user.id]);
    expect(periods).toBe(task.periods_count);
    expect(await count(t, 'SELECT count(*)::int AS n FROM documents WHERE user_id = $1', [user.id])).toBe(
      2 * periods,
    );
    const { rows } = await t.db.query<{ storage_key: string }>(
      'SELECT storage_key FROM documents WHERE user_id = $1',
      [user.id],
    );
    const { LocalDocumentStorage } = await import('../storage/local-storage');
    const storage = new LocalDocumentStorage(join(t.config.dataDir, 'documents'));
    for (const row of rows) expect(await storage.exists(row.storage_key)).toBe(true);
    // Each association finished once: one final event's worth of state, RPUs Activo.
    const { rows: rpus } = await t.db.query<{ rpu_status: number }>(
      'SELECT rpu_status FROM rpus WHERE user_id = $1',
      [user.id],
    );
    expect(rpus.map((rpu) => rpu.rpu_status)).toEqual([1, 1]);
  }, 600_000);
});

postgresOnly('two sync worker processes on PostgreSQL', () => {
  // A step timeout no step reaches even on a loaded machine: a step that outlived a 10 s expiry
  // (two cores at load 7) was taken up again by the other worker, found done and skipped, which
  // is right, but this test is about sharing without repeats.
  const processes = workerProcesses(120, {
    SYNC_WORKER_CONCURRENCY: '8',
  });

  test('two worker processes on one database share the work and do every job once', async () => {
    const { t, replica } = processes;
    const user = await seedUser(t.db);
    const token = await tokenFor(t.config, t.db, user.id);
    const credentials: string[] = [];
    for (let index = 0; index < 4; index++) {
      credentials.push(await processes.seedAccount(user.id, `reparto${index}.demo`, { services: 3 }));
    }
    await processes.startWorker();
    await processes.startWorker();
    replica.served.clear();

    const taskIds: string[] = [];
    for (const credentialId of credentials) taskIds.push(await processes.startSync(token, credentialId));
    for (const taskId of taskIds) {
      const task = await waitForTask(t, token, taskId);
      expect(task).toMatchObject({ status: 1, counts: { total: 3, success: 3 } });
    }

    // No step ran twice: the portal served each document exactly once.
    const documents = await count(t, 'SELECT count(*)::int AS n FROM documents WHERE user_id = $1', [
      user.id,
    ]);
    expect(documents).toBeGreaterThan(0);
    expect([...replica.served.values()].filter((times) => times !== 1)).toEqual([]);
    // Receipts and complementary invoices are documents; payment CFDIs go to the payment history.
    expect(replica.served.size).toBeGreaterThanOrEqual(documents);
    // Each step job completed once, and both processes took some.
    const { rows } = await t.db.query<{ pid: string; jobs: number; skipped: number }>(
      `SELECT output->>'pid' AS pid, count(*)::int AS jobs,
         count(*) FILTER (WHERE (output->>'skipped')::boolean)::int AS skipped
       FROM (SELECT output, data FROM pgboss.job WHERE name = 'sync-step' AND state = 'completed'
             UNION ALL SELECT output, data FROM pgboss.archive WHERE name = 'sync-step' AND state = 'completed') j
       WHERE data->>'associationId' IN (SELECT id::text FROM task_associations WHERE task_id = ANY($1::uuid[]))
       GROUP BY 1`,
      [taskIds],
    );
    const pids = new Set(processes.workers.map((worker) => String(worker.process.pid)));
    expect(rows.map((row) => row.pid).sort()).toEqual([...pids].sort());
    expect(rows.every((row) => row.skipped === 0)).toBe(true);
    const { rows: duplicates } = await t.db.query(
      `SELECT data->>'associationId', data->>'seq', count(*) FROM pgboss.job WHERE name = 'sync-step'
       GROUP BY 1, 2 HAVING count(*) > 1`,
    );
    expect(duplicates).toEqual([]);
  }, 600_000);
});
