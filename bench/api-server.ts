// A server measured by api.bench.ts, in its own process: BENCH_MODE=hello is a bare Fastify
// "hello world" (the reference); pglite or postgres is the real API on that database, seeded with
// BENCH_SERVICE_POINTS service points (testing/scale-fixtures.ts: periods, documents, payments,
// tasks and deliveries in proportion). It prints one JSON line when ready and runs until SIGTERM.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../api/src/app';
import type { Database } from '../api/src/db/database';
import { migrate } from '../api/src/db/migrate';
import { openPGlite } from '../api/src/db/pglite';
import { createPGliteDataDir } from '../api/src/db/pglite-first-start';
import { openPostgres } from '../api/src/db/postgres';
import { refreshStaleStatistics } from '../api/src/db/statistics';
import { createMailer } from '../api/src/mail';
import { tokenFor } from '../api/src/testing/fixtures';
import { seedScale } from '../api/src/testing/scale-fixtures';
import { testConfig } from '../api/src/testing/test-app';

const mode = process.env.BENCH_MODE;
const port = Number(process.env.BENCH_PORT ?? 0);

if (mode === 'hello') {
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port })}\n`);
  process.once('SIGTERM', async () => {
    await app.close();
    process.exit(0);
  });
} else {
  const dataDir = process.env.BENCH_DATA_DIR;
  if (!dataDir) throw new Error('BENCH_DATA_DIR is required');
  const servicePoints = Number(process.env.BENCH_SERVICE_POINTS ?? 100_000);
  await mkdir(dataDir, { recursive: true });
  let db: Database;
  if (mode === 'postgres') {
    const url = process.env.BENCH_DATABASE_URL;
    if (!url) throw new Error('BENCH_DATABASE_URL is required');
    db = openPostgres(url);
  } else {
    // As the product opens a new folder: initdb in a process of its own.
    await mkdir(join(dataDir, 'pgdata'), { recursive: true });
    await createPGliteDataDir(join(dataDir, 'pgdata'));
    db = await openPGlite(join(dataDir, 'pgdata'));
  }
  await migrate(db);
  const seeding = performance.now();
  const account = await seedScale(db, { servicePoints });
  if (db.kind === 'pglite') await refreshStaleStatistics(db);
  const seedMs = performance.now() - seeding;

  const config = await testConfig({ dataDir, storage: { kind: 'local', dir: join(dataDir, 'documents') } });
  const mailer = createMailer(config);
  const app = await buildApp({ config, db, mailer, logger: { level: 'warn' } });
  await app.listen({ port, host: '127.0.0.1' });
  process.stdout.write(
    `${JSON.stringify({
      port: (app.server.address() as { port: number }).port,
      seedMs,
      ownerToken: await tokenFor(config, db, account.owner.id),
      adminToken: await tokenFor(config, db, account.superuser.id),
    })}\n`,
  );
  process.once('SIGTERM', async () => {
    await app.close();
    await mailer.close();
    await db.close();
    process.exit(0);
  });
}
