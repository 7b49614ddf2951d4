import { type OperationSpec, operations } from '@luz/shared/contract';
import { API_PREFIX } from '../app';
import { type ChargebeeTestApp, createChargebeeTestApp } from '../billing/testing/chargebee-app';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { AuthGuard } from './auth-guard';
import { openApiCompletion } from './openapi';

// The API's half of the contract's drift test (the SDK's is shared/src/api/operations.test.ts):
// every operation of the table is a route, and a route outside the table cannot be registered.

const table: [string, OperationSpec][] = Object.entries(operations);

let local: TestApp;
let chargebee: ChargebeeTestApp;
beforeAll(async () => {
  local = await createTestApp();
  chargebee = await createChargebeeTestApp();
});
afterAll(async () => {
  await local.close();
  await chargebee.close();
});

// With ignoreTrailingSlash the router keeps `/rpus/` as `/rpus`.
const registered = (t: TestApp, operation: OperationSpec) =>
  [operation.path, operation.path.replace(/\/$/, '')].some((path) =>
    t.app.hasRoute({ method: operation.method, url: `${API_PREFIX}${path}` }),
  );

test('each operation of the table is a route of the API with its billing provider, and only then', () => {
  for (const [provider, t] of [
    ['local', local],
    ['chargebee', chargebee],
  ] as const) {
    const wrong = table
      .filter(
        ([, operation]) =>
          registered(t, operation) !== ((operation.billingProvider ?? provider) === provider),
      )
      .map(([name]) => `${provider}: ${name}`);
    expect(wrong).toEqual([]);
  }
});

test('a route outside the table is refused when it is added', () => {
  const { record } = openApiCompletion({} as AuthGuard, API_PREFIX);
  expect(() =>
    record({
      method: 'GET',
      url: `${API_PREFIX}/made-up/`,
      handler: () => null,
      schema: {},
      config: {},
    } as never),
  ).toThrow(/not in the contract's operations/);
});
