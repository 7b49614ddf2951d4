// `pnpm bench rpus-import`: the import of 10,000 service points, end to end.
//  1. In the browser's code: reading and checking a 10,000-row CSV and XLSX (what the Web Worker runs).
//  2. In the API: POST /rpus/bulk with 10,000 rows (one transaction), then the CSV export of them,
//     on PGlite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL names a PostgreSQL server, on a
//     database of its own there (created and dropped here).
// It prints figures; it never fails on time.
import { performance } from 'node:perf_hooks';
import { bearer, seedUser, tokenFor } from '../api/src/testing/fixtures';
import { createTestApp } from '../api/src/testing/test-app';
import { selectTestDatabase } from '../api/src/testing/test-database';
import { analyseTable } from '../remote-rpus/src/import/import-rows';
import { analyseFile } from '../remote-rpus/src/import/read-table';
import { xlsxOf } from '../remote-rpus/src/import/testing/xlsx';

const ROWS = 10_000;
const CFE_USER = 'bench@cfe.test';

const serviceNumber = (index: number) => `4${String(index).padStart(11, '0')}`;
const fileRows = Array.from({ length: ROWS }, (_, index) => [
  index % 2 === 0
    ? serviceNumber(index)
    : `${serviceNumber(index).slice(0, 4)} ${serviceNumber(index).slice(4)}`,
  `Sucursal ${index} Querétaro`,
  index % 3 === 0 ? CFE_USER : '',
  `${(index % 5000) + 100}.50`,
]);
const header = ['Número de servicio', 'Alias', 'Usuario de CFE', 'Último pago'];

const bytesOf = (text: string) => {
  const buffer = Buffer.from(`\uFEFF${text}`, 'utf8');
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
};

function line(label: string, ms: number, rows = ROWS) {
  const perSecond = Math.round((rows / ms) * 1000);
  console.info(
    `  ${label.padEnd(46)} ${ms.toFixed(0).padStart(7)} ms   ${perSecond.toLocaleString('en-US').padStart(10)} rows/s`,
  );
}

async function time<T>(fn: () => Promise<T> | T): Promise<[T, number]> {
  const start = performance.now();
  const result = await fn();
  return [result, performance.now() - start];
}

async function browserSide() {
  console.info(`Import file, ${ROWS.toLocaleString('en-US')} rows (parse + rules, as in the Web Worker)`);
  const csv = [header, ...fileRows].map((row) => row.join(',')).join('\r\n');
  const known = [CFE_USER];
  // Once to warm up the JIT, then measured.
  await analyseFile(bytesOf(csv), 'servicios.csv', known);
  const [csvResult, csvMs] = await time(() => analyseFile(bytesOf(csv), 'servicios.csv', known));
  if (!csvResult.ok || csvResult.preview.rows.length !== ROWS) throw new Error('CSV analysis lost rows');
  line('CSV (papaparse + spec §3 rules)', csvMs);

  const xlsx = xlsxOf([
    header,
    ...fileRows.map(([number, alias, user, payment]) => [
      number as string,
      alias as string,
      user as string,
      Number(payment),
    ]),
  ]);
  await analyseFile(xlsx.slice(0), 'servicios.xlsx', known);
  const [xlsxResult, xlsxMs] = await time(() => analyseFile(xlsx.slice(0), 'servicios.xlsx', known));
  if (!xlsxResult.ok || xlsxResult.preview.rows.length !== ROWS) throw new Error('XLSX analysis lost rows');
  line(`XLSX (read-excel-file, ${(xlsx.byteLength / 1024).toFixed(0)} KiB)`, xlsxMs);

  const [, rulesMs] = await time(() => analyseTable([header, ...fileRows], new Set(known)));
  line('rules alone (already parsed)', rulesMs);
}

async function apiSide(backend: 'pglite' | 'postgres') {
  selectTestDatabase(backend);
  const t = await createTestApp();
  try {
    console.info(`API on ${backend === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}`);
    const user = await seedUser(t.db);
    const headers = bearer(await tokenFor(t.config, t.db, user.id));
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/credentials/',
      headers,
      payload: { cfe_user: CFE_USER, password: 'x' },
    });
    const rows = fileRows.map(([service_number, alias, cfe_user, last_payment]) => ({
      service_number,
      alias,
      cfe_user,
      last_payment,
    }));

    const [created, createMs] = await time(() =>
      t.app.inject({ method: 'POST', url: '/api/v1/rpus/bulk', headers, payload: { rows } }),
    );
    if (created.json().created !== ROWS) throw new Error(`Import created ${created.body.slice(0, 200)}`);
    line('POST /rpus/bulk, all new (one transaction)', createMs);

    const [again, againMs] = await time(() =>
      t.app.inject({ method: 'POST', url: '/api/v1/rpus/bulk', headers, payload: { rows } }),
    );
    if (again.json().duplicates !== ROWS) throw new Error('Second import was not all duplicates');
    line('POST /rpus/bulk, all duplicates', againMs);

    const [csv, csvMs] = await time(() => t.app.inject({ method: 'POST', url: '/api/v1/rpus/csv', headers }));
    if (csv.body.trim().split('\r\n').length !== ROWS + 1) throw new Error('CSV export lost rows');
    line(`POST /rpus/csv (${(csv.rawPayload.byteLength / 1024).toFixed(0)} KiB, streamed)`, csvMs);

    const [, listMs] = await time(() =>
      t.app.inject({ method: 'GET', url: '/api/v1/rpus/?alias=queretaro&page=50&page_size=100', headers }),
    );
    console.info(
      `  ${'GET /rpus/?alias=… page 50 of 100 rows'.padEnd(46)} ${listMs.toFixed(0).padStart(7)} ms`,
    );
  } finally {
    await t.close();
  }
}

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
await browserSide();
await apiSide('pglite');
if (serverUrl) {
  process.env.TEST_DATABASE_URL = serverUrl;
  await apiSide('postgres');
} else {
  console.info('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure it)');
}
