import { z } from 'zod';
import { lazySchema } from './zod-in-browser';

// Each numeric enum is one literal of several values: a wrong value is refused as `enum` with the
// values it may take (a union of literals said only "Invalid input"), and the OpenAPI document
// gets an `enum` instead of an `anyOf` of constants.

/** Service point status (spec §4), numeric on the wire. */
export const RpuStatus = {
  syncing: -1,
  unverified: 0,
  verified: 1,
  failed: 2,
  missingLink: 3,
  badCredentials: 4,
  withoutCfeUser: 5,
} as const;
export type RpuStatus = (typeof RpuStatus)[keyof typeof RpuStatus];
export const rpuStatusValues = Object.values(RpuStatus) as RpuStatus[];
export const zRpuStatus = lazySchema(() => z.literal(rpuStatusValues));

export const TaskStatus = { pending: 0, success: 1, error: 2, userError: 3, systemRetry: 4 } as const;
export type TaskStatus = (typeof TaskStatus)[keyof typeof TaskStatus];
export const taskStatusValues = Object.values(TaskStatus) as TaskStatus[];
export const zTaskStatus = lazySchema(() => z.literal(taskStatusValues));

export const TaskType = { bulkLoad: 0, singleService: 1, link: 2, paymentSync: 3 } as const;
export type TaskType = (typeof TaskType)[keyof typeof TaskType];
export const taskTypeValues = Object.values(TaskType) as TaskType[];
export const zTaskType = lazySchema(() => z.literal(taskTypeValues));

/** The five sync workflows of spec §4, numbered as there. */
export const SyncWorkflow = {
  linkAndSync: 1,
  portalSpaceSync: 2,
  bulkSync: 3,
  bulkLink: 4,
  paymentHistorySync: 5,
} as const;
export type SyncWorkflow = (typeof SyncWorkflow)[keyof typeof SyncWorkflow];
export const syncWorkflowValues = Object.values(SyncWorkflow) as SyncWorkflow[];

export const DownloadType = { all: -1, pdf: 0, xml: 1 } as const;
export type DownloadType = (typeof DownloadType)[keyof typeof DownloadType];
export const downloadTypeValues = Object.values(DownloadType) as DownloadType[];
export const zDownloadType = lazySchema(() => z.literal(downloadTypeValues));

/** Most sync attempts of one step (spec §9). */
export const MAX_SYNC_ATTEMPTS = 3;
