import type { RpuStatus, TaskStatus, TaskType } from '@luz/shared/contract';
import type { Queryable } from '../db/database';

export type PeriodCreated = {
  userId: string;
  rpuId: string;
  periodId: string;
  taskId: string;
  taskAssociationId: string | null;
};

export type RpuStatusChanged = {
  userId: string;
  rpuId: string;
  serviceNumber: string;
  status: RpuStatus;
  message: string | null;
  taskId: string;
};

export type TaskFinished = {
  userId: string;
  taskId: string;
  type: TaskType;
  status: TaskStatus;
  message: string | null;
};

/**
 * What the sync engine announces to the rest of the product, inside the transaction that makes
 * it true (`tx`): whatever a hook writes commits with it or not at all. This is the one place
 * where outbound webhooks are to be published from.
 */
export type SyncHooks = {
  periodCreated(tx: Queryable, event: PeriodCreated): Promise<void>;
  rpuStatusChanged(tx: Queryable, event: RpuStatusChanged): Promise<void>;
  taskFinished(tx: Queryable, event: TaskFinished): Promise<void>;
};
