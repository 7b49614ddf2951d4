import PgBoss from 'pg-boss';
import type { Database, Queryable } from '../db/database';
import { pgBossDatabase } from '../db/pg-boss';
import { type HeldJob, heartbeatSchema, WorkerHeartbeat } from './heartbeats';

/** Every process with workers listens here; a sender names the queue that has new work. */
export const JOBS_CHANNEL = 'luz_jobs';

export type SendOptions = {
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
  /**
   * With `singletonSeconds`: at most one job per key in each window of that many seconds
   * (throttling, e.g. one schedule tick for all processes). Alone it only labels the job.
   */
  singletonKey?: string;
  singletonSeconds?: number;
  /** Retries by the queue itself after a failure or an expiry (a crashed worker). Default 2. */
  retryLimit?: number;
  /** Seconds before such a retry. Default 5. */
  retryDelay?: number;
  /** Doubles `retryDelay` at every retry. Default true. */
  retryBackoff?: boolean;
  /** A running job older than this is failed (and retried if it may be): the crash detector. Default 300. */
  expireInSeconds?: number;
  /** Higher first. */
  priority?: number;
  /**
   * An open transaction: the job exists only if it commits, and workers are woken on commit.
   * The queue must be registered (`work`) and the queue started.
   */
  via?: Queryable;
};

export type WorkOptions = {
  /** Jobs of this queue running at once in this process. Default 4. */
  concurrency?: number;
  /** Jobs taken per fetch, at most the free slots. Default `concurrency`. */
  batchSize?: number;
  /**
   * How often an idle worker looks for work it was not told about (delayed jobs, jobs from a
   * process that could not notify). New jobs normally wake workers at once through NOTIFY.
   * Default 1; at least 0.1.
   */
  pollingIntervalSeconds?: number;
};

export type Job<T> = {
  id: string;
  queue: string;
  data: T;
  /** 0 on the first run; counts the queue's own retries (failures and expiries). */
  retryCount: number;
  retryLimit: number;
  /** Aborted when the job outlives `expireInSeconds` or the process stops. */
  signal: AbortSignal;
};

export type JobHandler<T> = (job: Job<T>) => Promise<unknown>;

export type JobQueue = {
  /** Enqueues `data` on `queue`; the job's id, or null when a singleton window already has one. */
  send<T extends object>(queue: string, data: T, options?: SendOptions): Promise<string | null>;
  /**
   * Runs `handler` for every job of `queue`, in this process, when it was created with workers.
   * A handler that resolves completes its job; one that throws fails it (then the queue retries
   * it per `retryLimit`). Register before `start`, or after it (the worker starts at once).
   */
  work<T extends object>(queue: string, options: WorkOptions, handler: JobHandler<T>): void;
  /** Sends `data` to `queue` every `seconds` from one process at a time, in every process with workers. */
  every(queue: string, seconds: number, data?: object): void;
  /**
   * Installs pg-boss's schema if needed and creates the registered queues, then starts their
   * workers and sends the first job of each `every` (when enabled). Call it before sending inside
   * a transaction.
   */
  start(): Promise<void>;
  /** Stops fetching, lets running jobs finish (up to `graceMs`), then stops. */
  stop(graceMs?: number): Promise<void>;
  /** Whether this process runs workers (`WORKERS`). */
  readonly workers: boolean;
};

export type JobQueueOptions = {
  db: Database;
  /** Run the registered workers, pg-boss maintenance and `every` timers in this process. */
  workers: boolean;
  /** How often maintenance expires jobs of dead workers and archives old ones. Default 30 s. */
  maintenanceIntervalSeconds?: number;
  /**
   * How often a process with workers says it is alive (job_workers), and after how long a silent
   * one is taken for dead and its jobs run again elsewhere. Defaults 2 s and 8 s: a killed
   * worker's jobs run again within about 12 s (its retry delay included) instead of after their
   * expiry.
   */
  heartbeatSeconds?: number;
  deadAfterSeconds?: number;
  onError?: (error: unknown) => void;
};

/** Any constant works; it only has to be the same in every process (and differ from the migrations' lock). */
const INSTALL_LOCK = 7_413_020_241;

const defaults = { retryLimit: 2, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 } as const;

/**
 * A small job queue over pg-boss 10, in the product's own database (PGlite or PostgreSQL).
 *
 * pg-boss provides the durable part: jobs in a table, row locks so every job is taken by one
 * worker of one process, retries with backoff, and expiry of jobs whose worker died. The
 * fetch loop is ours: pg-boss's own `work` polls at 0.5 s at best and waits between batches even
 * when more work is queued, which makes chains of short steps slow. Here a worker fetches again
 * as soon as a slot frees up, sleeps only when the queue is empty, and is woken by NOTIFY on
 * `luz_jobs` when any process sends a job (or by a local timer for a delayed one).
 */
export function createJobQueue({
  db,
  workers,
  maintenanceIntervalSeconds = 30,
  heartbeatSeconds = 2,
  deadAfterSeconds = 8,
  onError = (error) => console.error('Job queue:', error),
}: JobQueueOptions): JobQueue {
  const boss = new PgBoss({
    db: pgBossDatabase(db),
    supervise: workers,
    maintenanceIntervalSeconds,
    // Schedules are `every` below: pg-boss's cron would poll the database every few seconds.
    schedule: false,
    migrate: true,
    ...defaults,
  });
  boss.on('error', onError);

  const queues = new Map<string, Promise<void>>();
  const readyQueues = new Set<string>();
  const loops = new Map<string, QueueLoop[]>();
  const timers = new Set<NodeJS.Timeout>();
  const repeating: { queue: string; seconds: number; data: object }[] = [];
  let starting: Promise<void> | null = null;
  let running = false;
  let stopped = false;
  let stopListening: (() => Promise<void>) | null = null;
  const heartbeat = new WorkerHeartbeat({
    db,
    intervalSeconds: heartbeatSeconds,
    deadAfterSeconds,
    held: () => [...loops.values()].flat().flatMap((loop) => loop.held()),
    release: async (queue, ids) => {
      for (const id of ids)
        await boss.fail(queue, id, { message: 'The worker process running it stopped answering' });
      wake(queue);
    },
    onError,
  });

  /**
   * pg-boss installs its schema and creates each queue's partition with statements that deadlock
   * or collide when processes run them at the same instant (processes may start together). On
   * PostgreSQL they run one at a time across processes: the lock is held by a connection of its
   * own while pg-boss works on the others, and one at a time within this process too, so that
   * waiting for the lock never holds every connection of the pool. PGlite belongs to one process.
   */
  let installing: Promise<unknown> = Promise.resolve();
  const oneProcessAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    if (db.kind === 'pglite') return work();
    const turn = installing.then(() =>
      db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [INSTALL_LOCK]);
        return work();
      }),
    );
    installing = turn.catch(() => undefined);
    return turn;
  };

  /**
   * The queues that existed when this process started, read once it has: creating one that exists
   * changes nothing, but its first call in a session compiles pg-boss's PL/pgSQL function.
   */
  let existing = new Set<string>();

  const started = () => {
    starting ??= oneProcessAtATime(async () => {
      await boss.start();
      await db.query(heartbeatSchema);
    }).then(async () => {
      existing = new Set((await boss.getQueues()).map((row) => row.name));
    });
    return starting;
  };

  /** pg-boss 10 needs a queue (a table partition) before its first job; creating one is idempotent. */
  const createQueue = async (queue: string) => {
    if (!existing.has(queue)) await oneProcessAtATime(() => boss.createQueue(queue));
  };

  const ensureQueue = (queue: string) => {
    let created = queues.get(queue);
    if (!created) {
      created = started()
        .then(() => createQueue(queue))
        .then(() => {
          readyQueues.add(queue);
        });
      created.catch(() => queues.delete(queue));
      queues.set(queue, created);
    }
    return created;
  };

  const wake = (queue: string) => {
    for (const loop of loops.get(queue) ?? []) loop.wake();
  };

  const wakeLater = (queue: string, seconds: number) => {
    if (!workers || stopped || !loops.has(queue)) return;
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        wake(queue);
      },
      Math.ceil(seconds * 1000) + 5,
    );
    timer.unref();
    timers.add(timer);
  };

  const startLoop = (loop: QueueLoop) => {
    ensureQueue(loop.queue).then(
      () => loop.run(),
      (error: unknown) => {
        onError(error);
        // The database may be briefly unreachable at start: try again rather than never work.
        if (stopped) return;
        const timer = setTimeout(() => {
          timers.delete(timer);
          startLoop(loop);
        }, 5_000);
        timer.unref();
        timers.add(timer);
      },
    );
  };

  const send: JobQueue['send'] = async (queue, data, options = {}) => {
    const { via, startAfterSeconds, ...rest } = options;
    if (via) {
      // Creating a queue needs the database outside the caller's transaction, which on PGlite
      // (one connection) would wait for that very transaction: the queue must exist already.
      if (!readyQueues.has(queue))
        throw new Error(
          `Queue ${queue} must be registered with work() and started before sending in a transaction`,
        );
    } else {
      await ensureQueue(queue);
    }
    const id = await boss.send(queue, data, {
      ...rest,
      ...(startAfterSeconds && startAfterSeconds > 0 ? { startAfter: startAfterSeconds } : {}),
      ...(via ? { db: pgBossDatabase(via as Database) } : {}),
    });
    if (id === null) return null;
    if (startAfterSeconds && startAfterSeconds > 0) {
      wakeLater(queue, startAfterSeconds);
    } else {
      await db.notify(JOBS_CHANNEL, queue, via);
      // In this process the notification would come back anyway; waking now saves the round trip.
      if (!via) wake(queue);
    }
    return id;
  };

  const tick = async (entry: { queue: string; seconds: number; data: object }) => {
    try {
      await send(entry.queue, entry.data, {
        singletonKey: `every:${entry.queue}`,
        singletonSeconds: entry.seconds,
        retryLimit: 0,
      });
    } catch (error) {
      onError(error);
    }
  };

  /** Answers once the first tick is sent (or refused as a duplicate of another process's). */
  const startRepeating = (entry: { queue: string; seconds: number; data: object }) => {
    const timer = setInterval(() => void tick(entry), entry.seconds * 1000);
    timer.unref();
    timers.add(timer);
    return tick(entry);
  };

  return {
    workers,
    send,
    work(queue, options, handler) {
      const loop = new QueueLoop(boss, queue, options, handler as JobHandler<object>, onError, () =>
        heartbeat.record(),
      );
      loops.set(queue, [...(loops.get(queue) ?? []), loop]);
      if (workers && running) startLoop(loop);
    },
    every(queue, seconds, data = {}) {
      const entry = { queue, seconds, data };
      repeating.push(entry);
      if (workers && running) void startRepeating(entry);
    },
    async start() {
      await started();
      // Every registered queue exists before anyone sends to it inside a transaction.
      await Promise.all([...loops.keys(), ...repeating.map((entry) => entry.queue)].map(ensureQueue));
      if (!workers || running || stopped) return;
      running = true;
      stopListening = await db.listen(JOBS_CHANNEL, (queue) => wake(queue));
      heartbeat.start();
      for (const list of loops.values()) for (const loop of list) startLoop(loop);
      await Promise.all(repeating.map(startRepeating));
    },
    async stop(graceMs = 10_000) {
      if (stopped) return;
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const all = [...loops.values()].flat();
      await Promise.all(all.map((loop) => loop.stop(graceMs)));
      if (running) await heartbeat.stop();
      await stopListening?.();
      if (starting) {
        await starting.catch(() => undefined);
        await boss.stop({ graceful: false, close: false, wait: true, timeout: 1_000 });
      }
    },
  };
}

/** The fetch loop of one `work` registration. */
class QueueLoop {
  private active = new Set<Promise<void>>();
  private running = new Set<string>();
  private controllers = new Set<AbortController>();
  private stopping = false;
  private woken = false;
  private wakeUp: (() => void) | null = null;
  private done: Promise<void> | null = null;
  private readonly concurrency: number;
  private readonly batchSize: number;
  private readonly pollingMs: number;

  constructor(
    private readonly boss: PgBoss,
    readonly queue: string,
    options: WorkOptions,
    private readonly handler: JobHandler<object>,
    private readonly onError: (error: unknown) => void,
    /** Tells the other processes which jobs this one now holds (heartbeats.ts). */
    private readonly claimed: () => Promise<void>,
  ) {
    this.concurrency = Math.max(1, options.concurrency ?? 4);
    this.batchSize = Math.max(1, options.batchSize ?? this.concurrency);
    this.pollingMs = Math.max(100, (options.pollingIntervalSeconds ?? 1) * 1000);
  }

  /** The jobs this loop is running. */
  held(): HeldJob[] {
    return [...this.running].map((id) => ({ queue: this.queue, id }));
  }

  wake() {
    this.woken = true;
    this.wakeUp?.();
  }

  run(): Promise<void> {
    this.done ??= this.loop();
    return this.done;
  }

  private async loop() {
    while (!this.stopping) {
      const free = this.concurrency - this.active.size;
      if (free <= 0) {
        await Promise.race(this.active);
        continue;
      }
      this.woken = false;
      let jobs: PgBoss.JobWithMetadata<object>[] = [];
      try {
        jobs = await this.boss.fetch<object>(this.queue, {
          batchSize: Math.min(free, this.batchSize),
          includeMetadata: true,
        });
      } catch (error) {
        this.onError(error);
      }
      if (jobs.length > 0) {
        for (const job of jobs) this.running.add(job.id);
        await this.claimed();
      }
      for (const job of jobs) this.track(this.execute(job));
      // A full batch suggests more work is waiting: fetch again as soon as a slot is free.
      if (jobs.length === 0 || jobs.length < Math.min(free, this.batchSize)) await this.sleep();
    }
  }

  private track(promise: Promise<void>) {
    this.active.add(promise);
    void promise.finally(() => {
      this.active.delete(promise);
      // A freed slot may take more work; the loop decides whether there is any.
      if (this.active.size === this.concurrency - 1) this.wakeUp?.();
    });
  }

  private sleep(): Promise<void> {
    if (this.woken || this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(finish, this.pollingMs);
      function finish() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        finish();
      };
    });
  }

  private async execute(job: PgBoss.JobWithMetadata<object>) {
    const controller = new AbortController();
    this.controllers.add(controller);
    const expireMs = Math.max(1, job.expireInSeconds) * 1000;
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort(new Error(`Job ${job.id} exceeded ${expireMs} ms`));
        reject(controller.signal.reason);
      }, expireMs);
    });
    try {
      const output = await Promise.race([
        this.handler({
          id: job.id,
          queue: this.queue,
          data: job.data,
          retryCount: job.retryCount,
          retryLimit: job.retryLimit,
          signal: controller.signal,
        }),
        expired,
      ]);
      await this.boss.complete(this.queue, job.id, isRecord(output) ? output : undefined);
    } catch (error) {
      await this.boss
        .fail(this.queue, job.id, { message: error instanceof Error ? error.message : String(error) })
        .catch(this.onError);
      if (!controller.signal.aborted) this.onError(error);
    } finally {
      clearTimeout(timer);
      this.controllers.delete(controller);
      this.running.delete(job.id);
    }
  }

  async stop(graceMs: number) {
    this.stopping = true;
    this.wakeUp?.();
    // Cleared once the jobs end: a pending timer would keep this loop (and all it reaches) alive.
    let graceTimer: NodeJS.Timeout | undefined;
    const grace = new Promise((resolve) => {
      graceTimer = setTimeout(resolve, graceMs).unref();
    });
    await Promise.race([Promise.allSettled([...this.active]), grace]);
    clearTimeout(graceTimer);
    for (const controller of this.controllers) controller.abort(new Error('Worker stopping'));
    await Promise.allSettled([...this.active]);
    await this.done;
  }
}

const isRecord = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
