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
