import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TextDecoder, TextEncoder } from 'node:util';
import { errorStatus, isPaymentRequired, isUnauthorized } from '@luz/shared/core';
import { es } from '@luz/shared/text';
import axios, { AxiosError, CanceledError } from 'axios';
import { ApiError, isCancelled, toApiError, toApiErrorAsync } from './api-error';
import { httpError, requestConfig } from './axios-test-utils';

// jsdom leaves out the encoding API that every browser has.
Object.assign(globalThis, { TextDecoder, TextEncoder });

const config = requestConfig;

describe('toApiError: answers of the server', () => {
  it.each([
    [401, 'Unauthorized'],
    [402, 'Payment Required'],
    [403, 'Forbidden'],
    [404, 'Not Found'],
    [418, "I'm a teapot"],
    [422, 'Validation Error'],
    [500, 'Internal Server Error'],
    [511, 'Network Authentication Required'],
  ])('status %i is named "%s"', (status, name) => {
    const error = toApiError(httpError(status, { detail: 'x' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error.kind).toBe('http');
    expect(error.status).toBe(status);
    expect(error.message).toBe(name);
  });

  it('any other status gives the generic error with status, status text and body', () => {
    const error = toApiError(httpError(600, { detail: 'odd' }, 'Weird'));
    expect(error.kind).toBe('http');
    expect(error.message).toBe(
      'Generic Error: status: 600; status text: Weird; body: {\n  "detail": "odd"\n}',
    );
  });

  it('a status of the range that no standard names also gets the generic error', () => {
    expect(toApiError(httpError(419, 'Page Expired', '')).message).toBe(
      'Generic Error: status: 419; status text: unknown; body: "Page Expired"',
    );
  });

  it('keeps status, status text, body, the string detail and the request', () => {
    const error = toApiError(httpError(400, { detail: 'La solicitud no es válida' }, 'Bad Request'));
    expect(error).toMatchObject({
      status: 400,
      statusText: 'Bad Request',
      body: { detail: 'La solicitud no es válida' },
      detail: 'La solicitud no es válida',
      code: 'ERR_BAD_REQUEST',
      method: 'get',
      url: '/rpus/',
      fieldErrors: {},
    });
    expect(error.cause).toBeInstanceOf(AxiosError);
  });

  it('reads the validation list of a 422 into Spanish field errors', () => {
    const error = toApiError(
      httpError(422, {
        detail: [
          {
            loc: ['body', 'alias'],
            msg: 'must be at most 120 characters',
            type: 'string_too_long',
            ctx: { max_length: 120 },
          },
          { loc: ['body', 'holder_name'], msg: 'Falta el nombre del titular.', type: 'value_error' },
        ],
      }),
    );
    expect(Array.isArray(error.detail)).toBe(true);
    expect(error.fieldErrors).toEqual({
      alias: es.validation.max(120),
      holder_name: 'Falta el nombre del titular.',
    });
  });

  it('reads a JSON body that arrived as text or bytes', () => {
    const json = JSON.stringify({ detail: 'Usuario no encontrado' });
    expect(toApiError(httpError(404, json)).detail).toBe('Usuario no encontrado');
    expect(toApiError(httpError(404, new TextEncoder().encode(json).buffer)).detail).toBe(
      'Usuario no encontrado',
    );
    expect(toApiError(httpError(502, '<html>bad gateway</html>')).body).toBe('<html>bad gateway</html>');
  });

  it('has no detail when the body has none', () => {
    expect(toApiError(httpError(500, undefined)).detail).toBeNull();
    expect(toApiError(httpError(500, { detail: 42 })).detail).toBeNull();
  });

  it('reads a JSON error that arrived as a Blob (downloads) with toApiErrorAsync', async () => {
    const blob = new Blob([JSON.stringify({ detail: 'No hay periodos para descargar' })], {
      type: 'application/json',
    });
    const error = await toApiErrorAsync(httpError(404, blob));
    expect(error.detail).toBe('No hay periodos para descargar');
    expect(error.message).toBe('Not Found');
  });

  it('toApiErrorAsync handles every other error like toApiError', async () => {
    expect((await toApiErrorAsync(httpError(403, { detail: 'x' }))).status).toBe(403);
    expect((await toApiErrorAsync(new Error('boom'))).kind).toBe('unknown');
  });
});

describe('toApiError: failures of the HTTP client keep axios messages (spec §8)', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    // Answers nothing: every request to it hangs until the client gives up.
    server = http.createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  async function failure(request: Promise<unknown>): Promise<unknown> {
    try {
      await request;
    } catch (error) {
      return error;
    }
    throw new Error('the request was expected to fail');
  }

  it('network error: "Network Error" from axios', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined); // jsdom reports the refused connection
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = toApiError(await failure(axios.get(`http://127.0.0.1:${port}/`)));
    expect(error.kind).toBe('network');
    expect(error.message).toBe('Network Error');
    expect(error.code).toBe('ERR_NETWORK');
    expect(error.status).toBeNull();
    expect(consoleError).toHaveBeenCalled();
  });

  it('timeout: "timeout of …ms exceeded" from axios', async () => {
    const error = toApiError(await failure(axios.get(`${base}/slow`, { timeout: 50 })));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('timeout of 50ms exceeded');
  });

  it('timeout with clarifyTimeoutError (code ETIMEDOUT)', async () => {
    const error = toApiError(
      await failure(axios.get(`${base}/slow`, { timeout: 50, transitional: { clarifyTimeoutError: true } })),
    );
    expect(error.kind).toBe('timeout');
    expect(error.code).toBe('ETIMEDOUT');
  });

  it('cancellation: "canceled" from axios', async () => {
    const controller = new AbortController();
    const request = axios.get(`${base}/slow`, { signal: controller.signal });
    controller.abort();
    const error = toApiError(await failure(request));
    expect(error.kind).toBe('cancelled');
    expect(error.message).toBe('canceled');
    expect(isCancelled(error)).toBe(true);
  });

  it('the same classification for errors built directly', () => {
    expect(toApiError(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config)).kind).toBe('network');
    expect(toApiError(new AxiosError('timeout of 10ms exceeded', AxiosError.ECONNABORTED, config)).kind).toBe(
      'timeout',
    );
    expect(toApiError(new AxiosError('Request aborted', AxiosError.ECONNABORTED, config)).kind).toBe(
      'cancelled',
    );
    expect(toApiError(new CanceledError(undefined, undefined, config)).message).toBe('canceled');
    expect(toApiError(AxiosError.from(new Error('socket hang up'), 'ECONNRESET', config)).kind).toBe(
      'network',
    );
  });
});

describe('toApiError: anything else', () => {
  it('returns an ApiError unchanged', () => {
    const error = new ApiError({ kind: 'unknown', message: 'x' });
    expect(toApiError(error)).toBe(error);
  });
  it('wraps other errors as unknown, keeping their message', () => {
    const error = toApiError(new TypeError('bad'));
    expect(error).toMatchObject({ kind: 'unknown', message: 'bad', status: null });
  });
  it('wraps thrown values that are not errors', () => {
    expect(toApiError('text').message).toBe('text');
    expect(toApiError(undefined).message).toBe('Unknown error');
  });
});

describe('isUnauthorized and errorStatus', () => {
  it('401 and 403 end the session', () => {
    expect(isUnauthorized(httpError(401, {}))).toBe(true);
    expect(isUnauthorized(httpError(403, {}))).toBe(true);
    expect(isUnauthorized(toApiError(httpError(403, {})))).toBe(true);
  });
  it('other statuses and failures without an answer do not', () => {
    expect(isUnauthorized(httpError(404, {}))).toBe(false);
    expect(isUnauthorized(httpError(500, {}))).toBe(false);
    expect(isUnauthorized(new AxiosError('Network Error', AxiosError.ERR_NETWORK))).toBe(false);
    expect(isUnauthorized(new Error('x'))).toBe(false);
    expect(isUnauthorized({ response: { status: 401 } })).toBe(false);
  });
  it('402 keeps the session: it is a subscription to fix, not a login', () => {
    expect(isUnauthorized(httpError(402, {}))).toBe(false);
    expect(isPaymentRequired(httpError(402, {}))).toBe(true);
    expect(isPaymentRequired(toApiError(httpError(402, {})))).toBe(true);
    expect(isPaymentRequired(httpError(403, {}))).toBe(false);
  });
  it('reads the status of axios errors and ApiErrors', () => {
    expect(errorStatus(httpError(409, {}))).toBe(409);
    expect(errorStatus(toApiError(httpError(409, {})))).toBe(409);
    expect(errorStatus(new Error('x'))).toBeNull();
  });
});
