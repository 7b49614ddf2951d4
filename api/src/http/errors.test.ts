import Fastify from 'fastify';
import { bearer, seedSuperuser, tokenFor } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createTestDatabase } from '../testing/test-database';
import { AppError, installErrorHandlers } from './errors';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await seedSuperuser(t.db);
  adminToken = await tokenFor(t.config, t.db, admin.id);
});
afterAll(() => t.close());

test('health check answers ok', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/utils/health-check/' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ status: 'ok' });
  expect((await t.app.inject({ method: 'GET', url: '/api/v1/utils/health-check' })).statusCode).toBe(200);
});

test('an unknown route is a FastAPI 404', async () => {
  for (const [method, url] of [
    ['GET', '/api/v1/no-existe'],
    ['POST', '/api/v1/users/me/nada'],
    ['DELETE', '/api/v1/users/me'],
    ['GET', '/'],
  ] as const) {
    const response = await t.app.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not Found' });
  }
});

test('body validation: field-level list with loc, the spec messages, a type and the limits (ctx) a client words it with', async () => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/signup',
    payload: { email: 'no-es-correo', password: 'corta', company_name: 'x'.repeat(300), full_name: '' },
  });
  expect(response.statusCode).toBe(422);
  expect(response.json()).toEqual({
    detail: [
      { loc: ['body', 'email'], msg: 'must be a valid email', type: 'value_error', ctx: { format: 'email' } },
      {
        loc: ['body', 'password'],
        msg: 'must be at least 8 characters',
        type: 'string_too_short',
        ctx: { min_length: 8 },
      },
      { loc: ['body', 'full_name'], msg: 'full_name is a required field', type: 'missing' },
      {
        loc: ['body', 'company_name'],
        msg: 'must be at most 255 characters',
        type: 'string_too_long',
        ctx: { max_length: 255 },
      },
    ],
  });
});

test('a missing field is "required"; the submitted value is never echoed', async () => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/reset-password/',
    payload: { new_password: 'x' },
  });
  expect(response.statusCode).toBe(422);
  expect(response.json().detail).toEqual([
    { loc: ['body', 'token'], msg: 'token is a required field', type: 'missing' },
    {
      loc: ['body', 'new_password'],
      msg: 'must be at least 8 characters',
      type: 'string_too_short',
      ctx: { min_length: 8 },
    },
  ]);
  expect(response.body).not.toContain('"input"');
});

test('query and path errors are located in query and path, with positive/integer messages', async () => {
  const query = await t.app.inject({
    method: 'GET',
    url: '/api/v1/users/?page=0&page_size=2.5',
    headers: bearer(adminToken),
  });
  expect(query.statusCode).toBe(422);
  expect(query.json().detail).toEqual([
    { loc: ['query', 'page'], msg: 'must be a positive number', type: 'greater_than', ctx: { gt: 0 } },
    { loc: ['query', 'page_size'], msg: 'must be an integer', type: 'int_type', ctx: { expected: 'int' } },
  ]);

  const path = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/users/123',
    payload: {},
    headers: bearer(adminToken),
  });
  expect(path.statusCode).toBe(422);
  expect(path.json().detail).toEqual([
    { loc: ['path', 'user_id'], msg: 'must be a valid uuid', type: 'value_error', ctx: { format: 'uuid' } },
  ]);
});

test("each generic 422 item carries the limits its type needs (ctx); the API's own sentences carry none", async () => {
  const detailOf = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      payload,
      headers: bearer(adminToken),
    });
    expect(response.statusCode).toBe(422);
    return response.json().detail;
  };
  expect(await detailOf('GET', '/users/?page_size=501')).toEqual([
    {
      loc: ['query', 'page_size'],
      msg: 'must be less than or equal to 500',
      type: 'less_than_equal',
      ctx: { le: 500 },
    },
  ]);
  // A numeric enum says which values it takes (not zod's bare "Invalid input").
  expect(await detailOf('GET', '/rpus/?rpu_status=9')).toEqual([
    {
      loc: ['query', 'rpu_status'],
      msg: 'must be one of the following values: -1, 0, 1, 2, 3, 4, 5',
      type: 'enum',
      ctx: { expected: '-1, 0, 1, 2, 3, 4, 5' },
    },
  ]);
  expect(await detailOf('POST', '/rpus/delete/bulk', { rpu_ids: [] })).toEqual([
    {
      loc: ['body', 'rpu_ids'],
      msg: 'must have at least 1 items',
      type: 'too_short',
      ctx: { min_length: 1 },
    },
  ]);
  // Messages the contract words itself in English are typed, so a client still words them.
  expect(await detailOf('GET', '/tasks/stats?time_zone=Marte%2FBase')).toEqual([
    {
      loc: ['query', 'time_zone'],
      msg: 'must be a valid time zone',
      type: 'value_error',
      ctx: { format: 'time_zone' },
    },
  ]);
  expect(await detailOf('POST', '/tasks/retry', {})).toEqual([
    {
      loc: ['body', 'task_ids'],
      msg: 'task_ids or task_association_ids is a required field',
      type: 'missing',
    },
  ]);
  // A Spanish sentence of the API's own (a schema's message for people): value_error, no ctx.
  expect(await detailOf('POST', '/rpus/', { service_number: '12345' })).toEqual([
    {
      loc: ['body', 'service_number'],
      msg: 'El número de servicio debe tener 12 dígitos.',
      type: 'value_error',
    },
  ]);
});

test('bad bodies are client errors, never crashes', async () => {
  const malformed = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/signup',
    payload: '{"email": ',
    headers: { 'content-type': 'application/json' },
  });
  expect(malformed.statusCode).toBe(422);
  expect(malformed.json()).toEqual({
    detail: [{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }],
  });

  const empty = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/signup',
    payload: '',
    headers: { 'content-type': 'application/json' },
  });
  expect(empty.statusCode).toBe(422);

  const noBody = await t.app.inject({ method: 'POST', url: '/api/v1/users/signup' });
  expect(noBody.statusCode).toBe(422);
  expect(noBody.json().detail[0]).toMatchObject({ loc: ['body'], type: 'missing' });

  const wrongType = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/signup',
    payload: '<xml/>',
    headers: { 'content-type': 'application/xml' },
  });
  expect(wrongType.statusCode).toBe(415);
  expect(wrongType.json()).toEqual({ detail: 'Tipo de contenido no admitido' });

  const huge = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/signup',
    payload: JSON.stringify({ email: 'a@b.mx', full_name: 'x'.repeat(2 * 1024 * 1024) }),
    headers: { 'content-type': 'application/json' },
  });
  expect(huge.statusCode).toBe(413);
  expect(huge.json()).toEqual({ detail: 'La solicitud es demasiado grande' });

  const array = await t.app.inject({ method: 'POST', url: '/api/v1/users/signup', payload: [1, 2] });
  expect(array.statusCode).toBe(422);

  const prototype = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/signup',
    payload: '{"__proto__": {"is_superuser": true}}',
    headers: { 'content-type': 'application/json' },
  });
  // Prototype poisoning is refused by the JSON parser.
  expect(prototype.statusCode).toBe(422);
  expect(prototype.json().detail[0].type).toBe('json_invalid');
});

test("a path the router cannot decode is a 400 in FastAPI's shape, not Fastify's", async () => {
  for (const url of ['/api/v1/rpus/by-service-number/%ZZ', '/api/v1/credentials/%E0%A4%A']) {
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(adminToken) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'La solicitud no es válida' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  }
});

test('a domain error leaves with its status and code; a plugin 422 with the field-level list', async () => {
  const app = Fastify();
  installErrorHandlers(app);
  app.get('/ours', () => {
    throw new AppError('conflict', 'Ya tienes un servicio con ese número');
  });
  app.get('/plugin', () => {
    throw Object.assign(new Error('body/x must be string'), { statusCode: 422, code: 'FST_ERR_VALIDATION' });
  });
  try {
    const ours = await app.inject({ method: 'GET', url: '/ours' });
    expect(ours.statusCode).toBe(409);
    expect(ours.json()).toEqual({ detail: 'Ya tienes un servicio con ese número', code: 'conflict' });
    const plugin = await app.inject({ method: 'GET', url: '/plugin' });
    expect(plugin.statusCode).toBe(422);
    expect(plugin.json()).toEqual({
      detail: [{ loc: ['body'], msg: 'Validation Error', type: 'value_error' }],
    });
  } finally {
    await app.close();
  }
});

test('every answer carries nosniff', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/utils/health-check/' });
  expect(response.headers['x-content-type-options']).toBe('nosniff');
});

test('the OpenAPI document and the interactive docs are served', async () => {
  const document = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(document.statusCode).toBe(200);
  const openapi = document.json();
  expect(openapi.openapi).toBe('3.1.0');
  expect(Object.keys(openapi.paths)).toEqual(
    expect.arrayContaining([
      '/api/v1/login/access-token',
      '/api/v1/password-recovery/{email}',
      '/api/v1/reset-password/',
      '/api/v1/users/',
      '/api/v1/users/me',
      '/api/v1/users/me/password',
      '/api/v1/users/signup',
      '/api/v1/users/{user_id}',
      '/api/v1/users/{user_id}/set-temporal-password',
      '/api/v1/utils/health-check/',
    ]),
  );
  expect(
    openapi.paths['/api/v1/users/signup'].post.requestBody.content['application/json'].schema.required,
  ).toEqual(expect.arrayContaining(['email', 'password']));
  const docs = await t.app.inject({ method: 'GET', url: '/api/v1/docs' });
  expect([200, 302]).toContain(docs.statusCode);
  const page = await t.app.inject({ method: 'GET', url: '/api/v1/docs/' });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toContain('text/html');
});

test('a database outage is a 503 on the health check, logged, with nothing internal in the answer', async () => {
  const database = await createTestDatabase();
  const broken = await createTestApp({ database });
  await database.drop();
  try {
    const response = await broken.app.inject({ method: 'GET', url: '/api/v1/utils/health-check/' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      detail: 'El servicio no está disponible por el momento',
      code: 'unavailable',
    });
    const signup = await broken.app.inject({
      method: 'POST',
      url: '/api/v1/users/signup',
      payload: {
        email: 'a@b.mx',
        password: 'Una-Frase-Larga-De-Verdad-7',
        full_name: 'A',
        company_name: 'B',
      },
    });
    expect(signup.statusCode).toBe(500);
    expect(signup.json()).toEqual({
      detail: 'Ocurrió un error inesperado en el servidor. Intenta de nuevo más tarde.',
    });
  } finally {
    await broken.close();
  }
});
