import { type OperationName, type OperationSpec, operations } from '@luz/shared/contract';
import type { FastifyContextConfig, onRequestAsyncHookHandler } from 'fastify';
import { type AuthGuard, refuseApiTokens } from './auth-guard';

type Operation<N extends OperationName> = (typeof operations)[N];

/** Fastify's schema of an operation: its inputs and answers as the contract declares them. */
type SchemaOf<O extends OperationSpec> = {
  tags: string[];
  summary: string;
  security: { bearer: never[] }[];
  params: O extends { params: infer P } ? P : undefined;
  querystring: O extends { query: infer Q } ? Q : undefined;
  body: O extends { body: infer B } ? B : undefined;
  response: O extends { responses: infer R } ? R : undefined;
  produces: string[] | undefined;
  consumes: string[] | undefined;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's operation the route serves (operationRoute). */
    operation?: OperationName;
  }
}

/** The guard hooks an operation's access asks for (`public` has none). */
function guardOf(operation: OperationSpec, auth: AuthGuard): onRequestAsyncHookHandler[] {
  const hooks: onRequestAsyncHookHandler[] = [];
  if (operation.access !== 'public') hooks.push(auth[operation.access]);
  if (operation.sessionOnly) hooks.push(refuseApiTokens);
  return hooks;
}

/**
 * A route's method, URL, guard and schema, taken from the contract's table of operations
 * (`shared/src/contract/operations.ts`): `app.route({ ...operationRoute('listRpus', auth), handler })`.
 * The route keeps its own extras (config, body limit, rate limits) beside it.
 */
export function operationRoute<N extends OperationName>(
  name: N,
  auth: AuthGuard,
  config: FastifyContextConfig = {},
) {
  const operation: OperationSpec = operations[name];
  const schema = Object.fromEntries(
    Object.entries({
      tags: [...operation.tags],
      summary: operation.summary,
      security: operation.access === 'public' ? [] : [{ bearer: [] }],
      params: operation.params,
      querystring: operation.query,
      body: operation.body,
      response: operation.responses,
      produces: operation.produces ? [...operation.produces] : undefined,
      consumes: operation.consumes ? [...operation.consumes] : undefined,
    }).filter(([, value]) => value !== undefined),
  ) as SchemaOf<Operation<N>>;
  return {
    method: operation.method,
    url: operation.path,
    onRequest: guardOf(operation, auth),
    schema,
    config: { ...config, operation: name, readsOnly: operation.readsOnly === true },
  };
}
