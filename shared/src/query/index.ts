export {
  familyKey,
  type OperationKey,
  operationKey,
  operationQuery,
  type QueryFamily,
  type QueryInput,
  type QueryOperationName,
} from './operation-query';
export { queryClient, STALE_TIME_MS } from './query-client';
export { useCurrentUser } from './use-current-user';
