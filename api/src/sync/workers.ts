import type { FastifyBaseLogger } from 'fastify';
import { RECEIPT_MAIL_QUEUE } from './announcements';
import { runStep, sweep } from './engine';
import { STEP_QUEUE, type StepJob } from './lanes';
import { sendReceiptMail } from './receipt-mail';
import { startAutofetch } from './service';
import type { SyncContext } from './step-input';

const SWEEP_QUEUE = 'sync-sweep';
export const AUTOFETCH_QUEUE = 'sync-autofetch';

/** How often the repairs of `sweep` and the autofetch check run (from one worker process at a time). */
const SWEEP_EVERY_SECONDS = 60;
const AUTOFETCH_EVERY_SECONDS = 300;

/** The sync engine's job handlers. They run where the job queue has workers (WORKERS=true). */
export function registerSyncWorkers(ctx: SyncContext, log: FastifyBaseLogger) {
  ctx.jobs.work<StepJob>(STEP_QUEUE, { concurrency: ctx.config.sync.workerConcurrency }, async (job) => ({
    // Kept with the job by pg-boss: which process ran which step, for operators.
    ...(await runStep(ctx, job.data, job.signal, log)),
    pid: process.pid,
  }));
  ctx.jobs.work<{ rpuId: string }>(RECEIPT_MAIL_QUEUE, { concurrency: 2 }, async (job) => {
    const sent = await sendReceiptMail(ctx, job.data.rpuId);
    return { sent };
  });
  ctx.jobs.work(SWEEP_QUEUE, { concurrency: 1, pollingIntervalSeconds: 5 }, () => sweep(ctx));
  ctx.jobs.every(SWEEP_QUEUE, SWEEP_EVERY_SECONDS);
  ctx.jobs.work(AUTOFETCH_QUEUE, { concurrency: 1, pollingIntervalSeconds: 5 }, async () => {
    const tasks = await startAutofetch(ctx);
    if (tasks > 0) log.info({ tasks }, 'Autofetch started bulk syncs');
    return { tasks };
  });
  ctx.jobs.every(AUTOFETCH_QUEUE, AUTOFETCH_EVERY_SECONDS);
}
