export type { CredentialStatusValue, EnumOption, RpuImportOutcome, StatusTone } from './labels';
export {
  chainStepLabel,
  credentialStatusLabel,
  credentialStatusOptions,
  credentialStatusValues,
  downloadTypeLabel,
  downloadTypeOptions,
  rpuImportOutcomeLabel,
  rpuImportOutcomeOptions,
  rpuStatusLabel,
  rpuStatusOptions,
  rpuStatusTone,
  subscriptionStatusLabel,
  subscriptionStatusOptions,
  syncEventTypeLabel,
  syncEventTypeOptions,
  syncWorkflowLabel,
  syncWorkflowOptions,
  taskStatusLabel,
  taskStatusOptions,
  taskStatusTone,
  taskTypeLabel,
  taskTypeOptions,
} from './labels';
export type { ProgressTone } from './sync-progress';
export { attemptLabel, progressTone } from './sync-progress';
