import { Writable } from 'node:stream';
import { buildApp, loggerOptions } from '../app';
import { createSecretBox } from '../crypto/secret-box';
import type { ApiApp } from '../http/api-app';
import { createMailer, type Mailer } from '../mail';
import { createCfePortal } from '../portal';
import { bearer, seedUser, tokenFor } from '../testing/fixtures';
import { testConfig } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { getCredentialForSync } from './service';

// A portal password is a secret of the user's company: no answer and no log line may carry it,
// whatever happens to the request (ARCHITECTURE §5). The app logs at its most verbose level here.

const SECRET = 'Secreto-Del-Portal-ÑÚ-7731';
const NEW_SECRET = 'Otro-Secreto-Del-Portal-8842';
const log: string[] = [];
const responses: string[] = [];
/** Portal sessions the API told the portal client to drop. */
const forgotten: string[] = [];

let app: ApiApp;
let database: TestDatabase;
let mailer: Mailer;
let token: string;
let credentialKey: Buffer;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = await testConfig({ logLevel: 'trace' });
  credentialKey = config.credentialsKey;
  mailer = createMailer(config);
  const stream = new Writable({
    write(chunk, _encoding, done) {
      log.push(String(chunk));
      done();
    },
  });
  const portal = createCfePortal(config);
  app = await buildApp({
    config,
    db: database.db,
    mailer,
    cfePortal: new Proxy(portal, {
      get: (target, key, receiver) =>
        key === 'forget'
          ? (credentialKey: string) => {
              forgotten.push(credentialKey);
              target.forget(credentialKey);
            }
          : Reflect.get(target, key, receiver),
    }),
    logger: { ...(loggerOptions(config) as object), stream },
  });
  await app.ready();
  const user = await seedUser(database.db);
  token = await tokenFor(config, database.db, user.id);
});
afterAll(async () => {
  await app.close();
  await mailer.close();
  await database.drop();
});

async function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  raw = false,
) {
  const response = await app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(token), ...(raw ? { 'content-type': 'application/json' } : {}) },
    payload: payload as string | object | undefined,
  });
  responses.push(`${response.statusCode} ${JSON.stringify(response.headers)} ${response.body}`);
  return response;
}

test('no answer and no log line carries a portal password, on success or failure', async () => {
  const created = await call('POST', '/credentials/', { cfe_user: 'secreto@cfe.test', password: SECRET });
  expect(created.statusCode).toBe(200);
  const id = created.json().credential_id as string;

  // Failures of every kind, each with the password in the request.
  expect(
    (await call('POST', '/credentials/', { cfe_user: 'secreto@cfe.test', password: SECRET })).statusCode,
  ).toBe(409);
  expect(
    (await call('POST', '/credentials/', { cfe_user: '', password: SECRET.repeat(10) })).statusCode,
  ).toBe(422);
  expect((await call('POST', '/credentials/', { cfe_user: 'x@cfe.test', password: 12345 })).statusCode).toBe(
    422,
  );
  expect(
    (await call('POST', '/credentials/', `{"cfe_user":"x","password":"${SECRET}"`, true)).statusCode,
  ).toBe(422);
  expect(
    (await call('POST', '/credentials/', { cfe_user: 'y@cfe.test', password: SECRET, extra: SECRET }))
      .statusCode,
  ).toBe(200);
  expect((await call('PATCH', `/credentials/${id}`, { password: SECRET.repeat(10) })).statusCode).toBe(422);
  expect(
    (await call('PATCH', '/credentials/00000000-0000-4000-8000-000000000000', { password: SECRET }))
      .statusCode,
  ).toBe(404);
  expect(forgotten).toEqual([]);
  expect((await call('PATCH', `/credentials/${id}`, { password: NEW_SECRET })).statusCode).toBe(200);
  // A session opened with the old password is not reused.
  expect(forgotten).toEqual([id]);

  // Reads.
  expect((await call('GET', '/credentials/')).statusCode).toBe(200);
  expect((await call('GET', '/credentials/all')).statusCode).toBe(200);
  expect((await call('GET', `/credentials/${id}`)).statusCode).toBe(200);
  expect((await call('GET', '/openapi.json')).statusCode).toBe(200);

  // The password is stored, and only the sync engine's function opens it.
  const forSync = await getCredentialForSync(database.db, createSecretBox(credentialKey), id);
  expect(forSync?.password).toBe(NEW_SECRET);
  expect((await call('DELETE', `/credentials/${id}`)).statusCode).toBe(200);
  expect(forgotten).toEqual([id, id]);

  expect(log.length).toBeGreaterThan(10);
  for (const text of [...responses, ...log]) {
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(NEW_SECRET);
    expect(text).not.toContain('password_encrypted');
  }
  const { rows } = await database.db.query<{ password_encrypted: string }>(
    'SELECT password_encrypted FROM credentials',
  );
  for (const row of rows) expect(row.password_encrypted).not.toContain(SECRET);
});
