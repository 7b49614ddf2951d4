import type { AxiosRequestConfig } from 'axios';
import type { z } from 'zod';
import { type OperationName, type OperationSpec, operations } from '../contract';
import { rethrowWithJsonBody } from './blob-errors';
import { http } from './client';
import { attachmentFileName, type DownloadedFile } from './download';
import { takeEarlyJson } from './early-responses';

type Operation<N extends OperationName> = (typeof operations)[N];
type InputOf<O, K extends string> = O extends { [P in K]: infer S extends z.ZodType } ? z.input<S> : never;
type OutputOf<O, K extends string> = O extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : never;

/** What an operation answers (its 200, else its 202), as the contract parses it. */
export type Answer<N extends OperationName> =
  Operation<N> extends {
    responses: { 200: infer S extends z.ZodType };
  }
    ? z.output<S>
    : Operation<N> extends { responses: { 202: infer S extends z.ZodType } }
      ? z.output<S>
      : never;

/** An operation's path parameters, query and body, typed by the contract, and axios' extras. */
export type CallInput<N extends OperationName> = {
  params?: InputOf<Operation<N>, 'params'>;
  /** As the API reads it (`true`, `3`) or as the address carries it (`'true'`, `'3'`). */
  query?: InputOf<Operation<N>, 'query'> | OutputOf<Operation<N>, 'query'>;
  body?: InputOf<Operation<N>, 'body'> | URLSearchParams;
} & Pick<AxiosRequestConfig, 'headers' | 'signal' | 'onDownloadProgress'>;

/** `/rpus/:rpu_id` with `{ rpu_id: 'x' }` → `/rpus/x` (each value percent-encoded). */
export function operationPath(operation: OperationSpec, params: object = {}): string {
  return operation.path.replace(/:([a-z_]+)/g, (_, name: string) =>
    encodeURIComponent(String((params as Record<string, unknown>)[name])),
  );
}

function send<N extends OperationName>(name: N, input: CallInput<N>, extra: AxiosRequestConfig) {
  const operation: OperationSpec = operations[name];
  const { params, query, body, ...config } = input;
  return http.request({
    method: operation.method,
    url: operationPath(operation, params ?? {}),
    params: query,
    data: body,
    ...config,
    ...extra,
  });
}

/**
 * Calls an operation of the contract's table (shared/src/contract/operations.ts): its method and
 * path come from the table, and its answer is parsed by the table's schema (a GET takes the answer
 * the host's first script already asked for, see early-responses.ts). The SDK makes every call
 * through here or `callForFile`.
 */
export async function call<N extends OperationName>(name: N, input: CallInput<N> = {}): Promise<Answer<N>> {
  const operation: OperationSpec = operations[name];
  const schema = operation.responses?.[200] ?? operation.responses?.[202];
  const early =
    operation.method === 'GET' && !input.query
      ? await takeEarlyJson(operationPath(operation, input.params ?? {}))
      : undefined;
  const data = early ?? (await send(name, input, {})).data;
  return (schema ? schema.parse(data) : data) as Answer<N>;
}

/** Calls an operation whose answer is a file (spec §7: "fetched as a binary blob"). */
export async function callForFile<N extends OperationName>(
  name: N,
  input: CallInput<N> = {},
): Promise<DownloadedFile> {
  const response = await send(name, input, { responseType: 'blob' }).catch(rethrowWithJsonBody);
  return {
    blob: response.data as Blob,
    fileName: attachmentFileName(response.headers['content-disposition']),
  };
}
