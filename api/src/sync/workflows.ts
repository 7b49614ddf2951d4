import { SyncWorkflow, TaskType } from '@luz/shared/contract';
import { linkEitherWay, linkWithConsultedTotal, linkWithLastPayment } from './linking';
import { syncMessages } from './messages';
import type { StepInput } from './step-input';
import {
  fetchAccount,
  fetchServiceData,
  isNotLinked,
  syncConsultation,
  syncPayments,
  syncPortal,
} from './steps';

export const stepNames = [
  'fetching_service_data',
  'linking',
  'syncing_portal',
  'syncing_consultation',
  'linking_additional_info',
  'syncing_again',
  'fetching_data',
  'syncing',
  'link_attempt',
  'syncing_payment_history',
] as const;
export type StepName = (typeof stepNames)[number];

/** A service point the run adds to its task (workflow 2 fans out from the account). */
export type Spawn = { rpuId: string; serviceNumber: string; step: StepName };

export type StepOutcome =
  | { next: StepName; message?: string }
  | { done: true; message: string; spawn?: Spawn[] };

type Step = (input: StepInput) => Promise<StepOutcome>;

/**
 * A workflow of spec §4: named steps, the first one, and what each does. A step answers the
 * step that follows (the chain may branch, e.g. to the link attempt with additional
 * information; naming itself, it continues work its time budget cut short) or that the run is
 * done. Progress is the position of the step in `steps`.
 */
export type Workflow = {
  id: SyncWorkflow;
  taskType: TaskType;
  steps: readonly StepName[];
  /** First step of a service point (of the account, for workflow 2). */
  first: StepName;
  /**
   * The run is what the service point's status tells ("Cargando" while it runs, "Activo" or
   * "Error" when it ends). Payment history is not: it changes that status only for a user error
   * (no portal user, wrong password…), and otherwise leaves it to the receipt syncs.
   */
  ownsRpuStatus: boolean;
  run: Partial<Record<StepName, Step>>;
};

const next = (step: StepName, message?: string): StepOutcome => ({
  next: step,
  ...(message ? { message } : {}),
});
const done = (message: string, spawn?: Spawn[]): StepOutcome => ({
  done: true,
  message,
  ...(spawn ? { spawn } : {}),
});

/** Syncs with the portal; a sync cut short by its time budget continues in the same step. */
const sync =
  (step: StepName): Step =>
  async (input) => {
    const result = await syncPortal(input);
    return result.done ? done(result.message) : next(step, result.message);
  };

/** Syncs, or when the portal says the service is not in the account, goes to `linkStep`. */
const syncOrLink =
  (step: StepName, linkStep: StepName): Step =>
  async (input) => {
    try {
      return await sync(step)(input);
    } catch (error) {
      if (isNotLinked(error)) return next(linkStep, syncMessages.notLinked);
      throw error;
    }
  };

/** Links the service point by whichever datum the portal accepts, then syncs it once more. */
const linkThenSyncAgain: Step = async (input) => {
  await linkEitherWay(input);
  return next('syncing_again', syncMessages.linked);
};

/** 1. Link and sync one service point (POST /rpus/sync/{credential_id}/{rpu_id}). */
const linkAndSync: Workflow = {
  id: SyncWorkflow.linkAndSync,
  taskType: TaskType.singleService,
  steps: [
    'fetching_service_data',
    'linking',
    'syncing_portal',
    'syncing_consultation',
    'linking_additional_info',
    'syncing_again',
  ],
  first: 'fetching_service_data',
  ownsRpuStatus: true,
  run: {
    fetching_service_data: async (input) =>
      (await fetchServiceData(input)) ? next('syncing_portal') : next('linking'),
    linking: async (input) =>
      (await linkWithConsultedTotal(input))
        ? next('syncing_portal', syncMessages.linked)
        : next('syncing_consultation'),
    syncing_portal: sync('syncing_portal'),
    syncing_consultation: async (input) => next('linking_additional_info', await syncConsultation(input)),
    linking_additional_info: async (input) => {
      await linkWithLastPayment(input);
      return next('syncing_again', syncMessages.linked);
    },
    syncing_again: sync('syncing_again'),
  },
};

/**
 * 2. Sync the portal space for document download (POST /credentials/sync/{credential_id}):
 * the account's services become service points, then each one syncs, or is linked and synced.
 */
const portalSpaceSync: Workflow = {
  id: SyncWorkflow.portalSpaceSync,
  taskType: TaskType.bulkLoad,
  steps: ['fetching_data', 'syncing', 'link_attempt', 'syncing_again'],
  first: 'fetching_data',
  ownsRpuStatus: true,
  run: {
    fetching_data: async (input) => {
      const account = await fetchAccount(input);
      return done(
        account.message,
        account.services.map((service) => ({
          rpuId: service.rpuId,
          serviceNumber: service.serviceNumber,
          step: service.linked ? 'syncing' : 'link_attempt',
        })),
      );
    },
    syncing: syncOrLink('syncing', 'link_attempt'),
    link_attempt: linkThenSyncAgain,
    syncing_again: sync('syncing_again'),
  },
};

/** 3. Bulk sync: every chosen service point syncs, and is linked first when the portal needs it. */
const bulkSync: Workflow = {
  id: SyncWorkflow.bulkSync,
  taskType: TaskType.bulkLoad,
  steps: ['syncing', 'linking', 'syncing_again'],
  first: 'syncing',
  ownsRpuStatus: true,
  run: {
    syncing: syncOrLink('syncing', 'linking'),
    linking: linkThenSyncAgain,
    syncing_again: sync('syncing_again'),
  },
};

/** 4. Bulk link: every chosen service point is linked to the account (consulted total, then last payment). */
const bulkLink: Workflow = {
  id: SyncWorkflow.bulkLink,
  taskType: TaskType.link,
  steps: ['linking', 'linking_additional_info'],
  first: 'linking',
  ownsRpuStatus: true,
  run: {
    linking: async (input) =>
      (await linkWithConsultedTotal(input)) ? done(syncMessages.linked) : next('linking_additional_info'),
    linking_additional_info: async (input) => {
      await linkWithLastPayment(input);
      return done(syncMessages.linked);
    },
  },
};

/** 5. Payment history of one service point: one step. */
const paymentHistorySync: Workflow = {
  id: SyncWorkflow.paymentHistorySync,
  taskType: TaskType.paymentSync,
  steps: ['syncing_payment_history'],
  first: 'syncing_payment_history',
  ownsRpuStatus: false,
  run: { syncing_payment_history: async (input) => done(await syncPayments(input)) },
};

export const workflows: Record<SyncWorkflow, Workflow> = {
  [SyncWorkflow.linkAndSync]: linkAndSync,
  [SyncWorkflow.portalSpaceSync]: portalSpaceSync,
  [SyncWorkflow.bulkSync]: bulkSync,
  [SyncWorkflow.bulkLink]: bulkLink,
  [SyncWorkflow.paymentHistorySync]: paymentHistorySync,
};

export function workflowOf(id: number): Workflow {
  const workflow = workflows[id as SyncWorkflow];
  if (!workflow) throw new Error(`Unknown workflow ${id}`);
  return workflow;
}

/** Percent shown while `step` runs: how far along the workflow's steps it is. */
export function progressAt(workflow: Workflow, step: string): number {
  const index = workflow.steps.indexOf(step as StepName);
  return index <= 0 ? 0 : Math.round((100 * index) / workflow.steps.length);
}
