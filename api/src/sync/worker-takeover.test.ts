// A worker process killed mid-step on PostgreSQL: another process takes its step over within
// seconds through the heartbeats (api/src/jobs/heartbeats.ts), long before the step's expiry.
import { seedUser, tokenFor } from '../testing/fixtures';
import type { LuzProcess } from '../testing/luz-process';
import { testDatabaseKind } from '../testing/test-database';
import { waitForTask } from './test-helpers';
import { workerProcesses } from './test-worker-processes';

const postgresOnly = testDatabaseKind() === 'postgres' ? describe : describe.skip;

postgresOnly('a dead worker process on PostgreSQL', () => {
  // Far longer than the takeover may take: a step run again must be the heartbeats' doing.
  const processes = workerProcesses(300);

  test('its step is taken over by the other process within 15 s, and the task ends with everything stored once', async () => {
    const { t, workers } = processes;
    const user = await seedUser(t.db);
    const token = await tokenFor(t.config, t.db, user.id);
    // Slow answers: a step is certainly in flight when its process dies.
    const credentialId = await processes.seedAccount(user.id, 'muere.demo', {
      services: 2,
      switches: { latencyMs: 250 },
    });
    await processes.startWorker();
    await processes.startWorker();

    const taskId = await processes.startSync(token, credentialId);

    // The process that says (in its heartbeat) it holds a step of this run.
    let holder: { pid: number; job: string } | undefined;
    while (!holder) {
      const { rows } = await t.db.query<{ pid: number; job: string }>(
        `SELECT w.pid, held->>'id' AS job FROM job_workers w, jsonb_array_elements(w.jobs) held
         JOIN pgboss.job j ON j.id = (held->>'id')::uuid AND j.name = 'sync-step' AND j.state = 'active'
         WHERE held->>'queue' = 'sync-step'
           AND j.data->>'associationId' IN (SELECT id::text FROM task_associations WHERE task_id = $1)
         LIMIT 1`,
        [taskId],
      );
      holder = rows[0];
      if (!holder) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const victim = workers.find((worker) => worker.process.pid === holder?.pid) as LuzProcess;
    const { rows: killedAt } = await t.db.query<{ at: Date }>('SELECT now() AS at');
    victim.process.kill('SIGKILL');
    expect(await victim.exited).toBeNull();
    workers.splice(workers.indexOf(victim), 1);
    // The slow answers were for the kill: what remains (the restarted step, the other service)
    // runs at the replica's full speed, ~25 s sooner.
    const account = processes.replica.state.account('muere.demo');
    if (account) account.switches.latencyMs = 0;

    // The killed run of that job, started again by the survivor: measured on the database's clock.
    let restartedAfterMs: number | null = null;
    while (restartedAfterMs === null) {
      const { rows } = await t.db.query<{ after_ms: number | null }>(
        `SELECT (extract(epoch FROM started_on - $2::timestamptz) * 1000)::int AS after_ms
         FROM pgboss.job WHERE id = $1 AND retry_count > 0 AND state IN ('active', 'completed')`,
        [holder.job, killedAt[0]?.at],
      );
      restartedAfterMs = rows[0]?.after_ms ?? null;
      if (restartedAfterMs === null) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(restartedAfterMs).toBeLessThanOrEqual(15_000);

    const task = await waitForTask(t, token, taskId);
    expect(task).toMatchObject({ status: 1, counts: { total: 2, success: 2 } });
    const { rows: duplicates } = await t.db.query(
      `SELECT period_id, kind FROM documents WHERE user_id = $1 AND role = 'receipt'
       GROUP BY 1, 2 HAVING count(*) > 1`,
      [user.id],
    );
    expect(duplicates).toEqual([]);
    // The dead process's heartbeat is gone; the survivor's is fresh.
    const { rows: beating } = await t.db.query<{ pid: number }>('SELECT pid FROM job_workers');
    expect(beating.map((row) => row.pid)).toEqual([workers[0]?.process.pid]);
  }, 600_000);
});
