import { inspect } from 'node:util';
import { bearer, seedUser, tokenFor } from '../testing/fixtures';
import { captureLogs } from '../testing/log-capture';
import { createTestApp, type TestApp } from '../testing/test-app';
import { QueryError } from './query-error';

// Failed statements are logged (500s, job errors): the log must never carry what the statement
// carried, on PGlite (whose errors hold the parameters) or PostgreSQL (whose details quote rows).

const logs = captureLogs('info');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    logger: logs.logger,
    config: {
      webhooks: {
        allowedHosts: ['127.0.0.1'],
        attemptTimeoutMs: 1_000,
        retryDelaysMs: [1_000],
        testRateLimit: { max: 100, windowMs: 60_000 },
      },
    },
  });
});
afterAll(() => t.close());

/** Sealed secrets (`v<n>.<nonce>.<tag>.<ciphertext>`) in any form. */
const sealedValue = /v\d\.[\w-]{16}\.[\w-]{16,}\.[\w-]+/;

test('a failed statement becomes a QueryError without its parameters or quoted values', async () => {
  const secret = 'secreto-que-no-debe-salir-1';
  const failures = [
    () => t.db.query('SELECT $1::uuid', [secret]),
    () => t.db.query('SELECT $1::int', [secret]),
    () =>
      t.db.query(
        'INSERT INTO users (email, full_name, company_name, hashed_password) VALUES ($1, $2, $3, NULL)',
        [secret, secret, secret],
      ),
    () => t.db.transaction((tx) => tx.query('SELECT $1::date', [secret])),
  ];
  for (const failure of failures) {
    const error = await failure().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(QueryError);
    expect((error as QueryError).code).toMatch(/^2[23]/);
    expect((error as QueryError).query).toMatch(/\$1/);
    const everything = `${inspect(error, { depth: 10, showHidden: true })} ${JSON.stringify(error)}`;
    expect(everything).not.toContain(secret);
  }
});

test('a unique violation still names its constraint (409s depend on it)', async () => {
  const user = await seedUser(t.db);
  const error = await t.db
    .query('INSERT INTO users (email, full_name, company_name, hashed_password) VALUES ($1, $2, $3, $4)', [
      user.email,
      'x',
      'x',
      'x',
    ])
    .catch((caught: unknown) => caught);
  expect(error).toMatchObject({ code: '23505', constraint: 'users_email_key' });
  expect(inspect(error, { depth: 10, showHidden: true })).not.toContain(user.email);
});

test('500s from failed writes log no portal password, webhook secret or sealed value', async () => {
  const user = await seedUser(t.db);
  const token = await tokenFor(t.config, t.db, user.id);
  // Make both writes fail inside the database, after the secrets were sealed into the statement.
  await t.db.exec(`
    ALTER TABLE credentials ADD CONSTRAINT test_refuse_all CHECK (length(password_encrypted) < 0) NOT VALID;
    ALTER TABLE webhooks ADD CONSTRAINT test_refuse_all CHECK (length(secret_encrypted) < 0) NOT VALID;`);
  try {
    const portalPassword = 'Portal-Contraseña-Secreta-77';
    const credential = await t.app.inject({
      method: 'POST',
      url: '/api/v1/credentials/',
      headers: bearer(token),
      payload: { alias: 'Planta', cfe_user: 'planta-norte', password: portalPassword },
    });
    expect(credential.statusCode).toBe(500);
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/',
      headers: bearer(token),
      payload: { url: 'http://127.0.0.1:9/hook', events: ['period.created'] },
    });
    expect(webhook.statusCode).toBe(500);
    const text = logs.text();
    expect(logs.entries().filter((entry) => entry.msg === 'Unhandled error')).toHaveLength(2);
    expect(text).toContain('test_refuse_all');
    expect(text).not.toContain(portalPassword);
    expect(text).not.toMatch(sealedValue);
    expect(text).not.toContain('Failing row');
    expect(text).not.toContain('"params"');
  } finally {
    await t.db.exec(`
      ALTER TABLE credentials DROP CONSTRAINT test_refuse_all;
      ALTER TABLE webhooks DROP CONSTRAINT test_refuse_all;`);
  }
});
