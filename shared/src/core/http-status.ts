/**
 * The HTTP status of a failed request, or null when no answer came: the answer's of an axios
 * error, or an `ApiError`'s. Read by shape rather than with axios or the error class, which the
 * core does not load (they come with the rest of the SDK).
 */
export function errorStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  if ('isAxiosError' in error && error.isAxiosError === true) {
    const status = (error as { response?: { status?: unknown } }).response?.status;
    return typeof status === 'number' ? status : null;
  }
  if (error instanceof Error && error.name === 'ApiError' && 'status' in error) {
    return typeof error.status === 'number' ? error.status : null;
  }
  return null;
}

/** 401 or 403: the session is over (spec §8: the token is removed and the user goes to /login). */
export function isUnauthorized(error: unknown): boolean {
  const status = errorStatus(error);
  return status === 401 || status === 403;
}

/** 402: the user is signed in but their subscription gives no access (spec §4); the session stays. */
export function isPaymentRequired(error: unknown): boolean {
  return errorStatus(error) === 402;
}
