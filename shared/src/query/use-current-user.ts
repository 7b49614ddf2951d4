import { isLoggedIn } from '@luz/shared/core';
import { useQuery } from '@tanstack/react-query';
import { operationQuery } from './operation-query';

/** The current user (spec §4): asked only when a token is stored, and always considered stale. */
export function useCurrentUser() {
  return useQuery({ ...operationQuery('getMe'), enabled: isLoggedIn(), staleTime: 0 });
}
