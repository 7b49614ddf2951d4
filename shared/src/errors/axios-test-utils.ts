import axios, { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

/** Test helpers: axios errors exactly as axios builds them. */
export const requestConfig = {
  url: '/rpus/',
  method: 'get',
  headers: new axios.AxiosHeaders(),
} as InternalAxiosRequestConfig;

/** The error axios rejects with for an answer with this status and body. */
export function httpError(status: number, data: unknown, statusText = ''): AxiosError {
  const response: AxiosResponse = { status, statusText, data, headers: {}, config: requestConfig };
  const code = status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
  return new AxiosError(`Request failed with status code ${status}`, code, requestConfig, {}, response);
}
