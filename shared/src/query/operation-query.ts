import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Answer, type CallInput, call } from '../api/call';
import { type OperationName, type OperationSpec, operations } from '../contract';

type Operation<N extends OperationName> = (typeof operations)[N];

/** The operations a screen reads through the query cache: the front end's GETs that answer JSON. */
export type QueryOperationName = {
  [N in OperationName]: Operation<N> extends { notFromFrontEnd: string }
    ? never
    : Operation<N> extends { method: 'GET'; responses: object }
      ? N
      : never;
}[OperationName];

type FirstSegment<P> = P extends `/${infer S}/${string}` ? S : P extends `/${infer S}` ? S : never;

/**
 * A query's family is its path's first segment (`/rpus/all` → `rpus`), but for these operations,
 * which belong to another family's data: a change to a service point changes the inbox, and
 * deleting periods changes what a task found.
 */
const familyOverrides = {
  listAttention: 'rpus',
  listTaskPeriods: 'periods',
} as const satisfies Partial<Record<QueryOperationName, string>>;

type FamilyOf<N extends QueryOperationName> = N extends keyof typeof familyOverrides
  ? (typeof familyOverrides)[N]
  : FirstSegment<Operation<N>['path']>;

/** What invalidating a prefix refreshes: `familyKey('rpus')` covers every query of service points. */
export type QueryFamily = FamilyOf<QueryOperationName>;

type Schema<N extends OperationName, K extends 'params' | 'query'> =
  Operation<N> extends {
    [P in K]: infer S extends z.ZodType;
  }
    ? S
    : never;

/** An operation's path parameters (required when it has any) and query, typed by the table's schemas. */
export type QueryInput<N extends QueryOperationName> = ([Schema<N, 'params'>] extends [never]
  ? { params?: never }
  : { params: z.input<Schema<N, 'params'>> }) &
  ([Schema<N, 'query'>] extends [never]
    ? { query?: never }
    : { query?: z.input<Schema<N, 'query'>> | z.output<Schema<N, 'query'>> });

type QueryArgs<N extends QueryOperationName> = [Schema<N, 'params'>] extends [never]
  ? [input?: QueryInput<N>]
  : [input: QueryInput<N>];

export type OperationKey<N extends QueryOperationName> =
  | readonly [FamilyOf<N>, N]
  | readonly [FamilyOf<N>, N, Partial<QueryInput<N>>];

export function familyOf(name: QueryOperationName): QueryFamily {
  const overridden: Partial<Record<QueryOperationName, QueryFamily>> = familyOverrides;
  const operation: OperationSpec = operations[name];
  return overridden[name] ?? (operation.path.split('/')[1] as QueryFamily);
}

/** The prefix of every query of a family: invalidate it to refresh them all. */
export function familyKey<F extends QueryFamily>(family: F): readonly [F] {
  return [family];
}

/**
 * The cache key of an operation's answer: `[family, operation, { params, query }]`. Without input it
 * is the prefix of every answer of that operation (`operationKey('listAttention')` refreshes every
 * page of the inbox); an empty input is no input, so `setQueryData(operationKey('getMe'), …)` hits
 * the same entry as `operationQuery('getMe')`.
 */
export function operationKey<N extends QueryOperationName>(
  name: N,
  ...[input]: QueryArgs<N>
): OperationKey<N> {
  const family = familyOf(name) as FamilyOf<N>;
  const { params, query } = (input ?? {}) as { params?: object; query?: object };
  const given = { ...(params && { params }), ...(query && { query }) } as Partial<QueryInput<N>>;
  return Object.keys(given).length > 0 ? [family, name, given] : [family, name];
}

/**
 * The query options of an operation of the table: its key and a query function that calls it.
 * Screens add their own options: `useQuery({ ...operationQuery('listRpus', { query }),
 * placeholderData: keepPreviousData })`.
 */
export function operationQuery<N extends QueryOperationName>(name: N, ...args: QueryArgs<N>) {
  const [input] = args;
  return queryOptions({
    queryKey: operationKey(name, ...args) as readonly unknown[],
    queryFn: (): Promise<Answer<N>> => call(name, input as CallInput<N>),
  });
}
