import { bearer, seedSuperuser, tokenFor } from '../testing/fixtures';
import { captureLogs } from '../testing/log-capture';
import { createTestApp, type TestApp } from '../testing/test-app';
import { NUL_MESSAGE } from './validation';

// A NUL character cannot be stored in PostgreSQL text: sent in any field, filter or path segment
// of any operation it must be a 422 naming that field, never a 500 with a stack trace in the log.

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

const logs = captureLogs('info');
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ logger: logs.logger });
  const superuser = await seedSuperuser(t.db);
  token = await tokenFor(t.config, t.db, superuser.id);
});
afterAll(() => t.close());

/** A value of `schema`'s shape with a NUL in every string (numbers and booleans stay valid). */
function withNul(schema: Schema | undefined, document: Document): unknown {
  if (!schema) return '\0';
  if (schema.$ref)
    return withNul(document.components?.schemas?.[schema.$ref.split('/').pop() ?? ''], document);
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alternatives) {
    const typed = alternatives.filter((alternative) => alternative.type !== 'null');
    return withNul(typed.find((alternative) => alternative.type === 'string') ?? typed[0], document);
  }
  const type = Array.isArray(schema.type)
    ? schema.type.find((candidate) => candidate !== 'null')
    : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => [
          name,
          withNul(property, document),
        ]),
      );
    case 'array':
      return [withNul(schema.items, document)];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    default:
      return '\0';
  }
}

const holdsNul = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.includes('\0')
    : Array.isArray(value)
      ? value.some(holdsNul)
      : value !== null && typeof value === 'object' && Object.values(value).some(holdsNul);

function requests() {
  const document = t.app.swagger() as unknown as Document;
  return Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => {
      const query = new URLSearchParams();
      for (const parameter of operation.parameters ?? [])
        if (parameter.in === 'query') query.set(parameter.name, '\0');
      const url = `${path.replace(/\{[^}]+\}/g, '%00')}${query.size > 0 ? `?${query}` : ''}`;
      const content = operation.requestBody?.content ?? {};
      const form = content['application/x-www-form-urlencoded'];
      const json = content['application/json'];
      const body = withNul((form ?? json)?.schema, document);
      const payload =
        form && body && typeof body === 'object'
          ? new URLSearchParams(body as Record<string, string>).toString()
          : json
            ? JSON.stringify(body)
            : undefined;
      const contentType = form ? 'application/x-www-form-urlencoded' : 'application/json';
      return {
        name: `${method.toUpperCase()} ${path.replace(/^\/api\/v1/, '')}`,
        method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
        url,
        payload,
        headers: payload === undefined ? {} : { 'content-type': contentType },
        carriesNul: url.includes('%00') || (payload !== undefined && holdsNul(body)),
      };
    }),
  );
}

test('every operation answers 422 naming the fields that hold a NUL, and logs no error', async () => {
  const checked: string[] = [];
  const failures: unknown[] = [];
  for (const request of requests().filter((candidate) => candidate.carriesNul)) {
    const response = await t.app.inject({
      method: request.method,
      url: request.url,
      payload: request.payload,
      headers: { ...bearer(token), ...request.headers },
    });
    checked.push(request.name);
    const detail = response.statusCode === 422 ? response.json().detail : null;
    const onlyNul =
      Array.isArray(detail) &&
      detail.length > 0 &&
      detail.every(
        (item: { msg: string; type: string }) => item.msg === NUL_MESSAGE && item.type === 'string_nul',
      );
    if (!onlyNul)
      failures.push({ operation: request.name, status: response.statusCode, body: response.body });
  }
  expect(failures).toEqual([]);
  // The walk reached the whole API (including the unauthenticated login), not a handful of routes.
  expect(checked).toEqual(expect.arrayContaining(['POST /login/access-token', 'POST /users/signup']));
  expect(checked.length).toBeGreaterThan(50);
  const loud = logs
    .entries()
    .filter((entry) => Number(entry.level) >= 40 || JSON.stringify(entry).includes('"stack"'));
  expect(loud).toEqual([]);
});

test('the 422 says where: a body field, a filter, a path segment', async () => {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/login/access-token',
    payload: 'username=ana%00%40luz.test&password=x',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(login.statusCode).toBe(422);
  expect(login.json().detail).toEqual([{ loc: ['body', 'username'], msg: NUL_MESSAGE, type: 'string_nul' }]);
  const filter = await t.app.inject({
    method: 'GET',
    url: '/api/v1/rpus/?alias=Planta%00Norte',
    headers: bearer(token),
  });
  expect(filter.json().detail).toEqual([{ loc: ['query', 'alias'], msg: NUL_MESSAGE, type: 'string_nul' }]);
  const path = await t.app.inject({
    method: 'GET',
    url: '/api/v1/rpus/by-service-number/12%00',
    headers: bearer(token),
  });
  expect(path.json().detail).toEqual([
    { loc: ['path', 'service_number'], msg: NUL_MESSAGE, type: 'string_nul' },
  ]);
  const nested = await t.app.inject({
    method: 'POST',
    url: '/api/v1/rpus/bulk',
    headers: bearer(token),
    payload: { rows: [{ service_number: '123456789012', alias: 'ok' }, { service_number: '1\u0000' }] },
  });
  expect(nested.statusCode).toBe(422);
  expect(nested.json().detail).toEqual([
    { loc: ['body', 'rows', 1, 'service_number'], msg: NUL_MESSAGE, type: 'string_nul' },
  ]);
});
