export { awaitingRows, type RowsQuery } from './awaiting-rows';
export {
  familyKey,
  type OperationKey,
  operationKey,
  operationQuery,
  type QueryFamily,
  type QueryInput,
  type QueryOperationName,
} from './operation-query';
export { useCurrentUser } from './use-current-user';
