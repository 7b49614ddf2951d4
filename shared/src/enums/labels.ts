import { es } from '@luz/shared/text';
import { CredentialStatus } from '../contract/credentials';
import {
  type DownloadType,
  downloadTypeValues,
  type RpuStatus,
  rpuStatusValues,
  type SyncWorkflow,
  syncWorkflowValues,
  type TaskStatus,
  type TaskType,
  taskStatusValues,
  taskTypeValues,
} from '../contract/enums';
import { rpuImportOutcomes } from '../contract/rpus';
import { type SyncEventType, syncEventTypes } from '../contract/sync-events';
import { type SubscriptionStatus, subscriptionStatuses } from '../contract/users';

/** One choice of a select: the wire value and its Spanish label. */
export type EnumOption<T extends string | number> = { value: T; label: string };

type Labels = Readonly<Record<string, string>>;

/** The label of a value from its catalogue table; a value the catalogue lacks reads "Desconocido". */
function labelFrom(labels: Labels, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return es.enums.unknown;
  const key = String(value);
  return Object.hasOwn(labels, key) ? (labels[key] ?? es.enums.unknown) : es.enums.unknown;
}

/** Select options in the order of the contract's values. Frozen: one copy is shared by every remote. */
function optionsFrom<T extends string | number>(
  values: readonly T[],
  label: (value: T) => string,
): EnumOption<T>[] {
  return Object.freeze(
    values.map((value) => Object.freeze({ value, label: label(value) })),
  ) as EnumOption<T>[];
}

/** Service-point status (spec §4): -1 Cargando, 0 Inactivo, 1 Activo, 2 Error, 3 Sin cuenta, 4 …, 5 Sin nombre. */
export const rpuStatusLabel = (status: RpuStatus | number | null | undefined) =>
  labelFrom(es.enums.rpuStatus, status);
export const rpuStatusOptions = optionsFrom(rpuStatusValues, rpuStatusLabel);

/** Task status (spec §4): 0 Pendiente, 1 Éxito, 2 Error, 3 Error de usuario, 4 Reintentando. */
export const taskStatusLabel = (status: TaskStatus | number | null | undefined) =>
  labelFrom(es.enums.taskStatus, status);
export const taskStatusOptions = optionsFrom(taskStatusValues, taskStatusLabel);

/** Task type (spec §4): 0 Carga masiva de servicios, 1 Gestión de servicio, 2 Vinculación de servicio, 3 Sincronización de pagos. */
export const taskTypeLabel = (type: TaskType | number | null | undefined) =>
  labelFrom(es.enums.taskType, type);
export const taskTypeOptions = optionsFrom(taskTypeValues, taskTypeLabel);

/** The five sync workflows of spec §4. */
export const syncWorkflowLabel = (workflow: SyncWorkflow | number | null | undefined) =>
  labelFrom(es.enums.syncWorkflow, workflow);
export const syncWorkflowOptions = optionsFrom(syncWorkflowValues, syncWorkflowLabel);

/** Download type (spec §4): all -1, PDF 0, XML 1. */
export const downloadTypeLabel = (type: DownloadType | number | null | undefined) =>
  labelFrom(es.enums.downloadType, type);
export const downloadTypeOptions = optionsFrom(downloadTypeValues, downloadTypeLabel);

/** Billing-provider subscription status. */
export const subscriptionStatusLabel = (status: SubscriptionStatus | string | null | undefined) =>
  labelFrom(es.subscription.status, status);
export const subscriptionStatusOptions = optionsFrom(subscriptionStatuses, subscriptionStatusLabel);

/** Status of a CFE portal credential (contract `CredentialStatus`). */
export type CredentialStatusValue = (typeof CredentialStatus)[keyof typeof CredentialStatus];
export const credentialStatusValues = Object.values(CredentialStatus) as CredentialStatusValue[];
export const credentialStatusLabel = (status: CredentialStatusValue | number | null | undefined) =>
  labelFrom(es.enums.credentialStatus, status);
export const credentialStatusOptions = optionsFrom(credentialStatusValues, credentialStatusLabel);

/**
 * A step of a sync workflow (`chain_step`) in Spanish. A step this interface does not know yet
 * (a newer API) keeps its own name: for whoever reads a task's detail it says more than "Desconocido".
 */
export const chainStepLabel = (step: string | null | undefined): string => {
  if (!step) return '—';
  const labels: Labels = es.enums.chainStep;
  return Object.hasOwn(labels, step) ? (labels[step] ?? step) : step;
};

/** Kind of a sync event (spec §3): progress, success, error. */
export const syncEventTypeLabel = (type: SyncEventType | string | null | undefined) =>
  labelFrom(es.enums.syncEventType, type);
export const syncEventTypeOptions = optionsFrom(syncEventTypes, syncEventTypeLabel);

/** Outcome of one row of an RPU import. */
export type RpuImportOutcome = (typeof rpuImportOutcomes)[number];
export const rpuImportOutcomeLabel = (outcome: RpuImportOutcome | string | null | undefined) =>
  labelFrom(es.enums.rpuImportOutcome, outcome);
export const rpuImportOutcomeOptions = optionsFrom(rpuImportOutcomes, rpuImportOutcomeLabel);

/** Tone of a status badge; the UI kit's Badge takes these values. */
export type StatusTone = 'info' | 'success' | 'warning' | 'danger' | 'neutral';

const rpuStatusTones: Record<RpuStatus, StatusTone> = {
  [-1]: 'info',
  0: 'neutral',
  1: 'success',
  2: 'danger',
  3: 'warning',
  4: 'danger',
  5: 'warning',
};

/** Badge tone of a service-point status: syncing info, verified success, failures danger, missing data warning. */
export function rpuStatusTone(status: RpuStatus | number | null | undefined): StatusTone {
  return status !== null && status !== undefined && Object.hasOwn(rpuStatusTones, status)
    ? rpuStatusTones[status as RpuStatus]
    : 'neutral';
}

const taskStatusTones: Record<TaskStatus, StatusTone> = {
  0: 'neutral',
  1: 'success',
  2: 'danger',
  3: 'warning',
  4: 'info',
};

/** Badge tone of a task status: pending neutral, success, error danger, user error warning, retrying info. */
export function taskStatusTone(status: TaskStatus | number | null | undefined): StatusTone {
  return status !== null && status !== undefined && Object.hasOwn(taskStatusTones, status)
    ? taskStatusTones[status as TaskStatus]
    : 'neutral';
}
