import { QueryClient } from '@tanstack/react-query';
import { http } from '../api/client';
import { type OperationSpec, operations } from '../contract';
import { frontEndSources } from '../testing/front-end-sources';
import {
  familyKey,
  familyOf,
  operationKey,
  operationQuery,
  type QueryOperationName,
} from './operation-query';

const table: Record<string, OperationSpec> = operations;
const queryOperations = Object.keys(table).filter((name) => {
  const operation = table[name];
  return operation?.method === 'GET' && operation.responses && !operation.notFromFrontEnd;
}) as QueryOperationName[];

// The screens' code: everything but this folder, which builds the keys.
const screens = () => frontEndSources().filter(({ file }) => !file.startsWith('shared/src/query/'));

const RPU = '0b0a7c1e-5d2f-4e61-8a9b-1c2d3e4f5a6b';
const ASSOCIATION = '8c1f3d4e-2b7a-4c59-9e61-0a2d5f3b7c90';

test('every query key of the front end is derived from an operation of the table', () => {
  // A key is written only through operationKey/familyKey (or operationQuery, which spreads its own).
  const derived = /^(operationKey|familyKey)\(/;
  const written = screens().flatMap(({ file, text }) =>
    [
      ...[...text.matchAll(/\bqueryKey\s*:\s*([^\s,}][^,}\n]*)/g)].map((m) => m[1] ?? ''),
      ...[...text.matchAll(/\b(?:set|get)QueryData\s*(?:<[^>]*>)?\(\s*([^,)\n]+)/g)].map((m) => m[1] ?? ''),
    ]
      .filter((key) => !derived.test(key) && key !== 'queryKey')
      .map((key) => `${file}: ${key}`),
  );
  expect(written).toEqual([]);
  // Each derived key names an operation a screen may read.
  const named = screens().flatMap(({ text }) =>
    [...text.matchAll(/\b(?:operationKey|operationQuery)\(\s*'([A-Za-z]+)'/g)].map((m) => m[1]),
  );
  expect(named.filter((name) => !queryOperations.includes(name as QueryOperationName))).toEqual([]);
});

test("a query's key is its family, its operation and its input; its family is its path's first segment or says why not", () => {
  for (const name of queryOperations) {
    const key = operationKey(name, { params: { x: '1' } } as never);
    expect(key).toEqual([familyOf(name), name, { params: { x: '1' } }]);
  }
  expect(queryOperations.filter((name) => familyOf(name) !== table[name]?.path.split('/')[1])).toEqual([
    'listAttention',
    'listTaskPeriods',
  ]);
  expect(familyOf('listAttention')).toBe('rpus');
  expect(familyOf('listTaskPeriods')).toBe('periods');
  // No input and an empty input are the same entry, so a cache write reaches the query.
  expect(operationKey('getMe')).toEqual(['users', 'getMe']);
  expect(operationQuery('getMe').queryKey).toEqual(operationKey('getMe', {}));
  expect(operationQuery('listRpus', { query: { page: 2 } }).queryKey).toEqual([
    'rpus',
    'listRpus',
    { query: { page: 2 } },
  ]);
});

test('invalidating a family refreshes every query of it, and only those', async () => {
  const client = new QueryClient();
  const keys = {
    rpusPage: operationKey('listRpus', { query: { page: 1 } }),
    rpu: operationKey('getRpu', { params: { rpu_id: RPU } }),
    inbox: operationKey('listAttention', { query: { page: 1, page_size: 5 } }),
    allRpus: operationKey('allRpus'),
    periods: operationKey('listPeriods', { query: { page: 1 } }),
    taskPeriods: operationKey('listTaskPeriods', {
      params: { task_association_id: ASSOCIATION },
      query: { page: 1 },
    }),
    tasks: operationKey('listTasks', { query: { page: 1 } }),
    me: operationKey('getMe'),
  };
  const invalidatedBy = async (prefix: readonly unknown[]) => {
    for (const key of Object.values(keys)) client.setQueryData(key, {});
    await client.invalidateQueries({ queryKey: prefix });
    return Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
  };
  expect(await invalidatedBy(familyKey('rpus'))).toEqual(['rpusPage', 'rpu', 'inbox', 'allRpus']);
  expect(await invalidatedBy(familyKey('periods'))).toEqual(['periods', 'taskPeriods']);
  expect(await invalidatedBy(operationKey('listAttention'))).toEqual(['inbox']);
  expect(await invalidatedBy(operationKey('getRpu', { params: { rpu_id: RPU } }))).toEqual(['rpu']);
  expect(await invalidatedBy(familyKey('users'))).toEqual(['me']);
  client.clear();
});

test("a query's function calls its operation with its path parameters and query, and parses the answer", async () => {
  const requests: unknown[] = [];
  const previous = http.defaults.adapter;
  http.defaults.adapter = async (config) => {
    requests.push({ method: config.method, url: config.url, params: config.params });
    return {
      data: { data: [], count: 0, ignored: true },
      status: 200,
      statusText: 'OK',
      headers: {},
      config,
    };
  };
  try {
    const client = new QueryClient();
    const page = await client.fetchQuery(
      operationQuery('listTaskPeriods', {
        params: { task_association_id: ASSOCIATION },
        query: { page: 2, page_size: 10 },
      }),
    );
    expect(requests).toEqual([
      { method: 'get', url: `/tasks/periods/${ASSOCIATION}`, params: { page: 2, page_size: 10 } },
    ]);
    expect(page).toEqual({ data: [], count: 0 });
  } finally {
    http.defaults.adapter = previous;
  }
});

test('the input is typed by the table', () => {
  // @ts-expect-error: a single service point needs its id.
  expect(() => operationKey('getRpu')).not.toThrow();
  // @ts-expect-error: a write is no query.
  expect(operationKey('createRpu')).toEqual(['rpus', 'createRpu']);
  // @ts-expect-error: listRpus has no path parameters.
  expect(operationKey('listRpus', { params: { rpu_id: RPU } })[1]).toBe('listRpus');
  // @ts-expect-error: listRpus has no such filter.
  expect(operationKey('listRpus', { query: { pagina: 2 } })[1]).toBe('listRpus');
});
