// The API process measured by periods-zip.bench.ts: the real app (PGlite, documents in a local
// folder) seeded with BENCH_DOCUMENTS receipts of about BENCH_DOCUMENT_KB each, listening on a
// loopback port. It prints one JSON line when ready and runs until it is sent SIGTERM.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { buildApp } from '../api/src/app';
import { migrate } from '../api/src/db/migrate';
import { openPGlite } from '../api/src/db/pglite';
import { refreshStaleStatistics } from '../api/src/db/statistics';
import { createMailer } from '../api/src/mail';
import { documentKey } from '../api/src/storage';
import { LocalDocumentStorage } from '../api/src/storage/local-storage';
import { seedUser, tokenFor } from '../api/src/testing/fixtures';
import { randomServiceNumber, seedRpu } from '../api/src/testing/periods-fixtures';
import { testConfig } from '../api/src/testing/test-app';

const documents = Number(process.env.BENCH_DOCUMENTS ?? 2000);
const documentKb = Number(process.env.BENCH_DOCUMENT_KB ?? 100);
const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) throw new Error('BENCH_DATA_DIR is required');

const SERVICE_POINTS = Number(process.env.BENCH_SERVICE_POINTS ?? 20);
await mkdir(dataDir, { recursive: true });
const storageDir = join(dataDir, 'documents');
const config = await testConfig({ dataDir, storage: { kind: 'local', dir: storageDir } });
const db = await openPGlite(join(dataDir, 'pgdata'));
await migrate(db);
const storage = new LocalDocumentStorage(storageDir);

const user = await seedUser(db, { companyName: 'Benchmark' });
const token = await tokenFor(config, db, user.id);
let bytes = 0;
const perServicePoint = Math.ceil(documents / SERVICE_POINTS);
for (let point = 0; point < SERVICE_POINTS; point += 1) {
  const rpuId = await seedRpu(db, user.id, {
    serviceNumber: randomServiceNumber(),
    alias: `Sucursal ${point + 1}`,
  });
  const count = Math.min(perServicePoint, documents - point * perServicePoint);
  if (count <= 0) break;
  // Monthly periods going back from 2025, inserted in one statement.
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO periods (user_id, rpu_id, initial_date, final_date, amount, consumption_kwh, tariff)
     SELECT $1::uuid, $2::uuid, d, (d + interval '1 month' - interval '1 day')::date, 1000 + n, 300 + n, 'PDBT'
     FROM generate_series(1, $3::int) AS n, LATERAL (SELECT (date '2025-01-01' - n * interval '1 month')::date AS d) AS m
     RETURNING id`,
    [user.id, rpuId, count],
  );
  // Each service point's files are written at once and recorded in one statement.
  const stored = await Promise.all(
    rows.map(async ({ id: periodId }) => {
      // 90–110 % of the nominal size; random bytes, which no ZIP tool can compress.
      const size = Math.round(documentKb * 1024 * (0.9 + Math.random() * 0.2));
      const body = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size - 9)]);
      const key = documentKey(user.id, rpuId, periodId, 'pdf');
      await storage.put(key, body, 'application/pdf');
      return { periodId, key, size: body.length, sha256: createHash('sha256').update(body).digest('hex') };
    }),
  );
  await db.query(
    `INSERT INTO documents (user_id, rpu_id, period_id, kind, file_name, storage_key, content_type, size_bytes, sha256)
     SELECT $1, $2, d.period_id, 'pdf', d.period_id || '.pdf', d.key, 'application/pdf', d.size, d.sha256
     FROM unnest($3::uuid[], $4::text[], $5::bigint[], $6::text[]) AS d(period_id, key, size, sha256)`,
    [
      user.id,
      rpuId,
      stored.map((document) => document.periodId),
      stored.map((document) => document.key),
      stored.map((document) => document.size),
      stored.map((document) => document.sha256),
    ],
  );
  for (const document of stored) bytes += document.size;
}
await refreshStaleStatistics(db);

const mailer = createMailer(config);
// Warnings and errors reach the bench's output (stderr is inherited).
const app = await buildApp({ config, db, mailer, storage, logger: { level: 'warn' } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`${JSON.stringify({ port, token, documents, bytes, storageDir })}\n`);

process.once('SIGTERM', async () => {
  await app.close();
  await mailer.close();
  await db.close();
  process.exit(0);
});
