import { clearSession, getAccessToken, isPaymentRequired, isUnauthorized } from '@luz/shared/core';
import axios from 'axios';

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

http.interceptors.request.use((config) => {
  const token = getAccessToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

// Spec §8: any 401 or 403 ends the session and sends the user to /login. A 402 keeps it.
http.interceptors.response.use(undefined, (error: unknown) => {
  if (isUnauthorized(error)) {
    clearSession();
    unauthorizedHandler();
  } else if (isPaymentRequired(error)) {
    paymentRequiredHandler();
  }
  return Promise.reject(error);
});
