import { useQuery } from '@tanstack/react-query';
import { usersApi } from '../api/users';
import { isLoggedIn } from '../session';
import { queryKeys } from './query-keys';

/** The current user (spec §4): asked only when a token is stored, and always considered stale. */
export function useCurrentUser() {
  return useQuery({
    queryKey: queryKeys.currentUser,
    queryFn: usersApi.me,
    enabled: isLoggedIn(),
    staleTime: 0,
  });
}
