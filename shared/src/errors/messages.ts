import { es } from '@luz/shared/text';
import type { AppErrorCode } from '../contract/common';
import { toApiError } from './api-error';

/**
 * The message of a failed login (spec §8): the server's `detail` when it is a string
 * ("Correo o contraseña incorrectos"); the HTTP client's own message when no answer came
 * (axios: "Network Error", "timeout of … exceeded", "canceled"); "Ocurrió un error inesperado"
 * when `detail` is a validation list, and for anything else.
 */
export function loginErrorMessage(error: unknown): string {
  const apiError = toApiError(error);
  if (apiError.kind === 'http') {
    return typeof apiError.detail === 'string' && apiError.detail ? apiError.detail : es.errors.unexpected;
  }
  if (apiError.kind === 'network' || apiError.kind === 'timeout' || apiError.kind === 'cancelled') {
    return apiError.message || es.errors.unexpected;
  }
  return es.errors.unexpected;
}

/** A Spanish text for an answer whose `detail` says nothing a person can read, by the API's code. */
const appCodeMessages: Partial<Record<AppErrorCode, string>> = {
  unauthenticated: es.errors.sessionExpired,
  subscription_required: es.errors.subscriptionRequired,
  forbidden: es.errors.forbidden,
  not_found: es.errors.notFound,
  rate_limited: es.errors.tooManyRequests,
  provider_failed: es.errors.server,
  unavailable: es.errors.server,
};

/**
 * A Spanish message for a toast or an alert: the server's `detail` when it is a string (the
 * API writes them for people, in Spanish); otherwise a catalogue text chosen by what happened.
 */
export function errorMessage(error: unknown): string {
  const apiError = toApiError(error);
  switch (apiError.kind) {
    case 'network':
      return es.errors.network;
    case 'timeout':
      return es.errors.timeout;
    case 'cancelled':
      return es.errors.cancelled;
    case 'unknown':
      return es.errors.unexpected;
    case 'http':
      break;
  }
  if (typeof apiError.detail === 'string' && apiError.detail) return apiError.detail;
  if (Array.isArray(apiError.detail)) return es.errors.validation;
  const byCode = apiError.appCode ? appCodeMessages[apiError.appCode] : undefined;
  if (byCode) return byCode;
  const status = apiError.status ?? 0;
  if (status === 401) return es.errors.sessionExpired;
  if (status === 402) return es.errors.subscriptionRequired;
  if (status === 403) return es.errors.forbidden;
  if (status === 404) return es.errors.notFound;
  if (status === 422) return es.errors.validation;
  if (status === 429) return es.errors.tooManyRequests;
  if (status >= 500) return es.errors.server;
  return es.errors.unexpected;
}

/**
 * Spanish field errors of a validation answer (422 `detail` list), keyed by field:
 * `{email: 'Escribe un correo electrónico válido'}`. Empty for any other error.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  return { ...toApiError(error).fieldErrors };
}
