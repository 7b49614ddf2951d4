import pRetry, { AbortError } from 'p-retry';

export type RetryOptions = {
  /** Further attempts after the first. */
  retries: number;
  /** Wait before the first retry; doubled before each next one, times 1–2 at random. */
  delayMs: number;
  /** Epoch ms: no retry starts after it; the last error is thrown instead. */
  deadline?: number;
  signal?: AbortSignal;
  /** Errors worth another attempt; any other ends at once. */
  retryable: (error: unknown) => boolean;
  /** Retryable errors that cost no retry (a wait the remote asked for, which `attempt` waits out itself). */
  free?: (error: unknown) => boolean;
  /** Called after each failed attempt that will be retried, before the backoff (may wait longer itself). */
  onRetry?: (error: unknown) => Promise<void> | void;
};

/**
 * The one retry helper (p-retry): `attempt` runs again on retryable errors with exponential
 * backoff and jitter, until it succeeds, its retries run out or the deadline passes. An error
 * thrown as `stop(error)` ends it at once with that error.
 */
export function withRetries<T>(attempt: () => Promise<T>, options: RetryOptions): Promise<T> {
  const deadline = options.deadline ?? Number.POSITIVE_INFINITY;
  return pRetry(attempt, {
    retries: options.retries,
    minTimeout: options.delayMs,
    factor: 2,
    randomize: true,
    maxRetryTime: Math.max(0, deadline - Date.now()),
    ...(options.signal ? { signal: options.signal } : {}),
    shouldConsumeRetry: ({ error }) => !(options.free?.(error) ?? false),
    shouldRetry: async ({ error }) => {
      if (!options.retryable(error)) return false;
      await options.onRetry?.(error);
      return true;
    },
  });
}

/** Wraps an error so that `withRetries` gives up at once and throws it as it is. */
export const stop = (error: Error) => new AbortError(error);
