import type { FastifyBaseLogger } from 'fastify';

export type Background = {
  /** Runs `task` after the answer is sent; failures are logged, never thrown at the caller. */
  run(name: string, task: () => Promise<void>): void;
  /** Waits for every running task (graceful shutdown, tests). */
  drain(): Promise<void>;
};

/**
 * Work a request starts but must not wait for, e.g. the recovery e-mail: answering before looking
 * the account up keeps the response time the same whether the e-mail exists or not.
 */
export function createBackground(log: FastifyBaseLogger): Background {
  const running = new Set<Promise<void>>();
  return {
    run(name, task) {
      const promise: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => log.error({ err: error, task: name }, 'Background task failed'))
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async drain() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
