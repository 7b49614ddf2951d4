export { queryClient, STALE_TIME_MS } from './query-client';
export { queryKeys } from './query-keys';
export { useCurrentUser } from './use-current-user';
