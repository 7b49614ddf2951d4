import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorized } from './http-status';

/** Short cache freshness (spec §9): lists refresh soon after another tab or a sync changed them. */
export const STALE_TIME_MS = 10_000;

/** Client errors will not improve by retrying; network and server errors may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = (error as { response?: { status?: number } })?.response?.status;
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < 2;
}

/**
 * The one QueryClient of the page. `@luz/shared/core` is a federation singleton, so the host and
 * every remote read and write the same cache. 401/403 are handled once, by the HTTP client.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error) => {
      if (!isUnauthorized(error)) console.error(error);
    },
  }),
  defaultOptions: {
    queries: { staleTime: STALE_TIME_MS, retry: shouldRetry, refetchOnWindowFocus: true },
    mutations: { retry: false },
  },
});
