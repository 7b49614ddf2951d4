import {
  clearSession,
  getAccessToken,
  isPaymentRequired,
  isUnauthorized,
  setAccessToken,
} from '@luz/shared/core';
import axios, { type AxiosError, type InternalAxiosRequestConfig } from 'axios';

/**
 * The one HTTP client of the front end. No timeout (spec §7): long exports must not be cut.
 * The base URL comes from the runtime configuration through `configureApi`.
 */
export const http = axios.create({ baseURL: '/api/v1', timeout: 0 });

let unauthorizedHandler: () => void = () => {
  window.location.assign('/login');
};

/** The host decides how to leave for /login (client-side navigation instead of a reload). */
export function onUnauthorized(handler: () => void) {
  unauthorizedHandler = handler;
}

let paymentRequiredHandler: () => void = () => undefined;

/**
 * The host decides what a 402 does: the API answers it to a signed-in user whose subscription
 * gives no access (spec §4), and the host refreshes the current user so its layout takes them to
 * /subscription. The session stays: only 401/403 end it (spec §8).
 */
export function onPaymentRequired(handler: () => void) {
  paymentRequiredHandler = handler;
}

export function configureApi({ apiUrl }: { apiUrl: string }) {
  http.defaults.baseURL = `${apiUrl.replace(/\/$/, '')}/api/v1`;
}

/** Absolute URL of an API path, for links the browser follows itself (downloads, WebSocket). */
export function apiUrl(path: string): string {
  const base = http.defaults.baseURL ?? '/api/v1';
  return new URL(`${base}${path}`, window.location.origin).toString();
}

/** The token each request went out with, to tell a stale token's 401 from the session's. */
const sentWith = new WeakMap<InternalAxiosRequestConfig, string | null>();
/** Answers that will replace the stored token (a password change), while they are awaited. */
let replacing: Promise<unknown> = Promise.resolve();

/**
 * Sends a request whose answer replaces the session's token, and stores the new one. The server
 * revokes the old token before it answers, so a request sent meanwhile with it (the sync events'
 * socket, closed by the revocation, checks the user) is refused: that 401 waits for this answer
 * and is sent again with the new token instead of ending the session.
 */
export function replacingToken(
  send: () => Promise<{ access_token: string }>,
): Promise<{ access_token: string }> {
  const replaced = send().then((token) => {
    setAccessToken(token.access_token);
    return token;
  });
  replacing = Promise.all([replacing, replaced.catch(() => undefined)]);
  return replaced;
}

http.interceptors.request.use((config) => {
  const token = getAccessToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  sentWith.set(config, token);
  return config;
});

/** A request refused for a token that has since been replaced: sent again once, with the new one. */
async function staleTokenRetry(error: unknown) {
  const config = (error as AxiosError).config;
  if (!config || !sentWith.has(config)) return null;
  const token = sentWith.get(config);
  await replacing;
  const current = getAccessToken();
  return current && token && current !== token ? http.request(config) : null;
}

// Spec §8: any 401 or 403 ends the session and sends the user to /login. A 402 keeps it.
http.interceptors.response.use(undefined, async (error: unknown) => {
  if (isUnauthorized(error)) {
    const retried = await staleTokenRetry(error);
    if (retried) return retried;
    clearSession();
    unauthorizedHandler();
  } else if (isPaymentRequired(error)) {
    paymentRequiredHandler();
  }
  return Promise.reject(error);
});
