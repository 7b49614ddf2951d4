// Processes started at the same instant on a fresh PostgreSQL database (the README promises they
// may): each installs the schema and the job queue, and none may crash doing so. PostgreSQL
// only: PGlite belongs to one process.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LuzProcess, startLuzProcess, stopLuzProcess } from '../testing/luz-process';
import { createTestDatabase, testDatabaseKind } from '../testing/test-database';

const postgresOnly = testDatabaseKind() === 'postgres' ? describe : describe.skip;

const TRIALS = 3;

postgresOnly('processes started together on a fresh database', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'luz-start-together-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  test(`two APIs and two workers start at the same instant, ${TRIALS} times, and all become ready`, async () => {
    for (let trial = 1; trial <= TRIALS; trial++) {
      // Created empty, not migrated: installing everything is what the processes race for.
      const database = await createTestDatabase({ migrated: false });
      const env = {
        DATABASE_URL: database.url as string,
        DATA_DIR: dataDir,
        SECRET_KEY: randomBytes(48).toString('base64url'),
        CREDENTIALS_KEY: randomBytes(32).toString('hex'),
        // No portal is needed to start; a closed port keeps the bundled replica from starting.
        PORTAL_URL: 'http://127.0.0.1:9',
        PORT: '0',
        HOST: '127.0.0.1',
        WORKERS: 'false',
        LOG_LEVEL: 'warn',
      };
      const started = await Promise.allSettled([
        startLuzProcess('main', env),
        startLuzProcess('main', env),
        startLuzProcess('worker', env),
        startLuzProcess('worker', env),
      ]);
      const ready = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      const exitCodes = await Promise.all(ready.map((luz: LuzProcess) => stopLuzProcess(luz)));
      await database.drop();
      const failures = started.flatMap((result) =>
        result.status === 'rejected' ? [String(result.reason)] : [],
      );
      expect({ trial, failures }).toEqual({ trial, failures: [] });
      expect(exitCodes).toEqual([0, 0, 0, 0]);
    }
  }, 600_000);
});
