import { type AxiosError, isAxiosError, isCancel } from 'axios';
import {
  type AppErrorCode,
  appErrorCodes,
  type ValidationErrorItem,
  zValidationErrorItem,
} from '../contract/common';
import { validationItemMessage } from '../validation/messages';
import { httpStatusName } from './status-names';

/**
 * Where a failure comes from: an HTTP answer of the server, or the HTTP client itself
 * (no connection, timeout, cancellation), or anything else thrown along the way.
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'cancelled' | 'unknown';

/** FastAPI's `detail`: a message, or the list of a validation failure (422). */
export type ErrorDetail = string | ValidationErrorItem[] | null;

export type ApiErrorInit = {
  kind: ApiErrorKind;
  message: string;
  status?: number | null;
  statusText?: string | null;
  body?: unknown;
  code?: string | null;
  method?: string | null;
  url?: string | null;
  cause?: unknown;
};

/** The request locations FastAPI puts first in `loc`; the rest of `loc` is the field's path. */
const REQUEST_LOCATIONS = new Set(['body', 'query', 'path', 'header', 'cookie']);

/**
 * Field errors of a FastAPI validation list (`[{loc: ['body', 'email'], msg, type}]`) in Spanish:
 * `{email: 'Escribe un correo electrónico válido'}`. The key is the field's path after the
 * request location, joined with dots (`rows.3.service_number` for nested values); an item that
 * names no field is left out (it becomes the form's general message). First message per field wins.
 */
export function fieldErrorsFromDetail(detail: ErrorDetail): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!Array.isArray(detail)) return errors;
  for (const item of detail) {
    const [first, ...rest] = item.loc;
    const path = typeof first === 'string' && REQUEST_LOCATIONS.has(first) ? rest : item.loc;
    if (path.length === 0) continue;
    const key = path.map(String).join('.');
    if (!(key in errors)) errors[key] = validationItemMessage(item);
  }
  return errors;
}

/** A body that arrived as text or bytes (responseType 'text' / 'arraybuffer') read as JSON when it is JSON. */
function normaliseBody(body: unknown): unknown {
  let text: string | null = null;
  if (typeof body === 'string') text = body;
  else if (typeof TextDecoder !== 'undefined') {
    // Tag check rather than instanceof: the buffer may come from another realm (iframe, worker).
    if (Object.prototype.toString.call(body) === '[object ArrayBuffer]') {
      text = new TextDecoder().decode(body as ArrayBuffer);
    } else if (ArrayBuffer.isView(body)) text = new TextDecoder().decode(body);
  }
  if (text === null) return body;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function detailOf(body: unknown): ErrorDetail {
  if (typeof body !== 'object' || body === null || !('detail' in body)) return null;
  const { detail } = body;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    return detail.flatMap((item) => {
      const parsed = zValidationErrorItem.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    });
  }
  return null;
}

/** The API's `code` of a domain error (`{"detail": …, "code": "not_found"}`), when it is one we know. */
function appCodeOf(body: unknown): AppErrorCode | null {
  if (typeof body !== 'object' || body === null || !('code' in body)) return null;
  const { code } = body;
  return (appErrorCodes as readonly unknown[]).includes(code) ? (code as AppErrorCode) : null;
}

function bodyText(body: unknown): string {
  try {
    return JSON.stringify(body, null, 2) ?? String(body);
  } catch {
    return String(body);
  }
}

/**
 * The one error type the front end reasons about. `message` follows spec §8: the standard name
 * of a 400–511 status ("Not Found", "Validation Error"…), a generic text with status, status
 * text and body for any other failed answer, and the HTTP library's own message for network
 * errors, timeouts and cancellations. What a person reads comes from `errorMessage` and
 * `loginErrorMessage`, which are Spanish.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status of the answer; null when no answer came. */
  readonly status: number | null;
  readonly statusText: string | null;
  /** The answer's body, parsed as JSON when it was JSON text. */
  readonly body: unknown;
  /** FastAPI's `detail`: a string, a validation list, or null when the body has none. */
  readonly detail: ErrorDetail;
  /** Spanish field errors of a validation list (empty otherwise). */
  readonly fieldErrors: Record<string, string>;
  /** The HTTP library's error code (ERR_NETWORK, ECONNABORTED, ERR_CANCELED, ERR_BAD_REQUEST…). */
  readonly code: string | null;
  /** What the API says went wrong (`code` of its answer: not_found, conflict…), or null. */
  readonly appCode: AppErrorCode | null;
  readonly method: string | null;
  readonly url: string | null;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status ?? null;
    this.statusText = init.statusText ?? null;
    this.body = normaliseBody(init.body);
    this.detail = detailOf(this.body);
    this.fieldErrors = fieldErrorsFromDetail(this.detail);
    this.appCode = appCodeOf(this.body);
    this.code = init.code ?? null;
    this.method = init.method ?? null;
    this.url = init.url ?? null;
  }
}

/** The message of a failed answer (spec §8): the status's name, or the generic error. */
export function httpErrorMessage(
  status: number,
  statusText: string | null | undefined,
  body: unknown,
): string {
  const name = status >= 400 && status <= 511 ? httpStatusName(status) : null;
  if (name) return name;
  return `Generic Error: status: ${status}; status text: ${statusText || 'unknown'}; body: ${bodyText(normaliseBody(body))}`;
}

function clientFailureKind(error: { code?: string; message: string }, cancelled: boolean): ApiErrorKind {
  if (cancelled || error.code === 'ERR_CANCELED') return 'cancelled';
  if (error.code === 'ETIMEDOUT') return 'timeout';
  // ECONNABORTED is a timeout (without clarifyTimeoutError) or a request the browser aborted.
  if (error.code === 'ECONNABORTED') return /timeout/i.test(error.message) ? 'timeout' : 'cancelled';
  return 'network';
}

function fromAxiosError(error: AxiosError, data: unknown): ApiError {
  const request = {
    code: error.code ?? null,
    method: error.config?.method ?? null,
    url: error.config?.url ?? null,
  };
  const response = error.response;
  if (response) {
    return new ApiError({
      kind: 'http',
      message: httpErrorMessage(response.status, response.statusText, data),
      status: response.status,
      statusText: response.statusText || null,
      body: data,
      ...request,
      cause: error,
    });
  }
  return new ApiError({
    kind: clientFailureKind(error, isCancel(error)),
    message: error.message,
    ...request,
    cause: error,
  });
}

/**
 * Any thrown value as an ApiError. An axios error with an answer becomes an 'http' error named
 * by its status; an axios error without one keeps axios's message (network error, timeout,
 * cancellation); an ApiError is returned as it is; anything else is 'unknown'.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isAxiosError(error)) return fromAxiosError(error, error.response?.data);
  if (isCancel(error)) {
    return new ApiError({
      kind: 'cancelled',
      message: (error as Error).message || 'canceled',
      code: 'ERR_CANCELED',
      cause: error,
    });
  }
  if (error instanceof Error) return new ApiError({ kind: 'unknown', message: error.message, cause: error });
  return new ApiError({
    kind: 'unknown',
    message: typeof error === 'string' ? error : 'Unknown error',
    cause: error,
  });
}

function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/**
 * Like `toApiError`, but first reads a body that arrived as a Blob (downloads use
 * responseType 'blob', so a JSON error answer of POST /periods/zip arrives as a Blob).
 */
export async function toApiErrorAsync(error: unknown): Promise<ApiError> {
  const data: unknown = isAxiosError(error) ? error.response?.data : undefined;
  if (isAxiosError(error) && typeof Blob !== 'undefined' && data instanceof Blob) {
    try {
      return fromAxiosError(error, await blobText(data));
    } catch {
      // An unreadable body stays a Blob.
    }
  }
  return toApiError(error);
}

/** A request that was cancelled on purpose (no message should be shown for it). */
export function isCancelled(error: unknown): boolean {
  return toApiError(error).kind === 'cancelled';
}
