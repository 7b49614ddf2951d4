import { Writable } from 'node:stream';
import { buildApp, loggerOptions } from './app';
import { createMailer } from './mail';
import { testConfig } from './testing/test-app';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

test('request logs never contain the WebSocket token', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const config = await testConfig({ logLevel: 'info' });
  const logger = { ...(loggerOptions(config) as object), stream };
  const app = await buildApp({ config, db: database.db, mailer: createMailer(config), logger });
  try {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/credentials/ws/eventos?token=muy-secreto&x=1',
    });
    expect(response.statusCode).toBe(401);
    const log = lines.join('');
    expect(log).toContain('/api/v1/credentials/ws/eventos?token=[redacted]&x=1');
    expect(log).not.toContain('muy-secreto');
  } finally {
    await app.close();
  }
});

test('CORS answers only the configured origins, for bearer-token calls', async () => {
  const config = await testConfig({ corsOrigins: ['https://app.luz.test'] });
  const app = await buildApp({ config, db: database.db, mailer: createMailer(config) });
  const preflight = (origin: string) =>
    app.inject({
      method: 'OPTIONS',
      url: '/api/v1/users/me',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
  try {
    const allowed = await preflight('https://app.luz.test');
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.luz.test');
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('Authorization');
    expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();

    const other = await preflight('https://evil.example.com');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  } finally {
    await app.close();
  }
});

test('without CORS_ORIGINS no cross-origin header is sent', async () => {
  const config = await testConfig();
  const app = await buildApp({ config, db: database.db, mailer: createMailer(config) });
  try {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/utils/health-check/',
      headers: { origin: 'https://app.luz.test' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  } finally {
    await app.close();
  }
});
