import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../db/database';

/** A job a worker process holds: the queue's name and the job's id. */
export type HeldJob = { queue: string; id: string };

export type HeartbeatOptions = {
  db: Database;
  /** How often this process says it is alive. */
  intervalSeconds: number;
  /** A process silent this long is dead: its jobs are taken over. */
  deadAfterSeconds: number;
  /** The jobs this process runs now. */
  held: () => HeldJob[];
  /** Ends jobs a dead process held, so the queue runs them again (its retries). */
  release: (queue: string, ids: string[]) => Promise<void>;
  onError: (error: unknown) => void;
};

/**
 * The table of heartbeats, created with the job queue's own schema (like pg-boss's), so that the
 * queue works on any database it is given, migrated by Luz or not.
 */
export const heartbeatSchema = /* sql */ `
CREATE TABLE IF NOT EXISTS job_workers (
  id uuid PRIMARY KEY,
  host text NOT NULL,
  pid integer NOT NULL,
  jobs jsonb NOT NULL DEFAULT '[]',
  started_at timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now()
)`;

/**
 * A worker process's pulse in `job_workers`, with the jobs it holds. A process killed mid-job
 * (SIGKILL, a lost machine) stops beating; the next beat of any other process notices it after
 * `deadAfterSeconds` and releases that process's jobs, which the queue then runs again at once,
 * instead of after the job's expiry (minutes for a sync step). A job is released only while it
 * is still the run the dead process started: active, and started before its last beat.
 */
export class WorkerHeartbeat {
  readonly id = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  // One write at a time, in order: a late beat never overwrites a newer list of jobs.
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly options: HeartbeatOptions) {}

  start() {
    void this.beat();
    this.timer = setInterval(() => void this.beat(), this.options.intervalSeconds * 1000);
    this.timer.unref();
  }

  /** Records the jobs held now (after taking new ones), without looking for dead processes. */
  record(): Promise<void> {
    return this.enqueue(() => this.write());
  }

  /** Records the jobs held now, then takes over the jobs of processes that stopped beating. */
  beat(): Promise<void> {
    return this.enqueue(async () => {
      await this.write();
      await this.releaseDead();
    });
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.enqueue(async () => {
      await this.options.db.query('DELETE FROM job_workers WHERE id = $1', [this.id]);
    });
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    this.chain = this.chain.then(work).catch(this.options.onError);
    return this.chain;
  }

  private async write() {
    await this.options.db.query(
      `INSERT INTO job_workers (id, host, pid, jobs) VALUES ($1, $2, $3, $4::jsonb)
       ON CONFLICT (id) DO UPDATE SET jobs = EXCLUDED.jobs, heartbeat_at = now()`,
      [this.id, hostname(), process.pid, JSON.stringify(this.options.held())],
    );
  }

  private async releaseDead() {
    // Deleted and read in one statement: when several processes notice the same death, one acts.
    const { rows } = await this.options.db.query<{ jobs: HeldJob[]; heartbeat_at: string }>(
      `DELETE FROM job_workers WHERE id <> $1 AND heartbeat_at < now() - make_interval(secs => $2)
       RETURNING jobs, heartbeat_at`,
      [this.id, this.options.deadAfterSeconds],
    );
    for (const dead of rows) {
      for (const queue of new Set(dead.jobs.map((job) => job.queue))) {
        const ids = dead.jobs.filter((job) => job.queue === queue).map((job) => job.id);
        const { rows: still } = await this.options.db.query<{ id: string }>(
          `SELECT id::text AS id FROM pgboss.job
           WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'active' AND started_on <= $3`,
          [queue, ids, dead.heartbeat_at],
        );
        if (still.length > 0)
          await this.options.release(
            queue,
            still.map((job) => job.id),
          );
      }
    }
  }
}
