import type { JobQueue } from '../jobs/job-queue';
import type { DeliveryQueue, WebhookEngine } from './engine';

/** One job per delivery attempt; the job carries only the delivery's id (the row holds the rest). */
export const WEBHOOK_DELIVERY_QUEUE = 'webhook-delivery';
/** A periodic sweep: deliveries whose job was lost are queued again, old finished ones forgotten. */
export const WEBHOOK_SWEEP_QUEUE = 'webhook-sweep';

type DeliveryJob = { delivery_id: string };

/**
 * Delivery attempts as jobs of the product's queue (pg-boss in the database): a retry waits
 * there, survives restarts and runs on whichever worker process is free. The engine's schedule
 * (5 s … 10 h) makes the retries; the queue's own retries only recover an attempt whose worker
 * died or whose bookkeeping failed.
 */
export function jobDeliveryQueue(jobs: Pick<JobQueue, 'send'>): DeliveryQueue {
  return {
    async enqueue(deliveryId, delayMs, via) {
      await jobs.send<DeliveryJob>(
        WEBHOOK_DELIVERY_QUEUE,
        { delivery_id: deliveryId },
        { startAfterSeconds: delayMs / 1000, via, retryLimit: 3, retryDelay: 60 },
      );
    },
  };
}

/** The workers of the engine, in every process that runs workers. */
export function registerWebhookJobs(jobs: Pick<JobQueue, 'work' | 'every'>, engine: WebhookEngine) {
  jobs.work<DeliveryJob>(WEBHOOK_DELIVERY_QUEUE, { concurrency: 8 }, (job) =>
    engine.attempt(job.data.delivery_id),
  );
  jobs.work(WEBHOOK_SWEEP_QUEUE, { concurrency: 1 }, async () => ({
    requeued: await engine.requeueOverdue(),
    pruned: await engine.pruneFinished(),
  }));
  jobs.every(WEBHOOK_SWEEP_QUEUE, 300);
}
