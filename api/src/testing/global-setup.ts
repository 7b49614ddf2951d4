// jest globalSetup of the api projects. Its workers inherit the environment it leaves.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openPGlite } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import { databaseUrl, onServer } from './test-database';
import { API_BUNDLE, pgliteTemplateFile, RUN_FOLDER, templateEnv } from './worker-shared';

/**
 * Every temporary folder of the run (the tests', the templates', their child processes') is made
 * in one folder that the global teardown removes: TMPDIR points there.
 */
async function runFolder(): Promise<string> {
  let folder = process.env[RUN_FOLDER];
  if (!folder) {
    folder = await mkdtemp(join(tmpdir(), 'luz-jest-'));
    process.env[RUN_FOLDER] = folder;
    process.env.TMPDIR = folder;
  }
  return folder;
}

/**
 * The API's entry points bundled once per run, as `npm start` runs them from api/dist: a process
 * started from TypeScript through tsx took twice the time and CPU to be ready (2.1–2.4 → 1.0 CPU
 * seconds), and the suite starts dozens. The folder sits in api/ so that the bundle's packages
 * resolve from api/node_modules, and its entries find the checkout two levels up as dist's do.
 */
async function bundleApi() {
  if (process.env[API_BUNDLE]) return;
  const apiDir = resolve(__dirname, '..', '..');
  const folder = await mkdtemp(join(apiDir, '.test-dist-'));
  await promisify(execFile)(process.execPath, ['build.mjs', '--outdir', folder], { cwd: apiDir });
  process.env[API_BUNDLE] = folder;
}

/**
 * One initdb for both: the empty data folder (for the migration tests), then the migrated one.
 * Every test file untars one into memory, so they are kept small: WAL segments of 1 MB instead of
 * 16, and no template databases (PGlite runs in `postgres`; nothing here creates a database).
 * 40 MB → 16 MB for the migrated one.
 */
async function dumpPGlite(dir: string) {
  const db = await openPGlite(undefined, { initdb: ['--wal-segsize=1'] });
  try {
    await db.exec(`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`);
    await db.exec('DROP DATABASE template0');
    await db.exec('DROP DATABASE template1');
    const save = async (migrated: boolean) => {
      const dump = await db.dumpDataDir();
      await writeFile(join(dir, pgliteTemplateFile(migrated)), Buffer.from(await dump.arrayBuffer()));
    };
    await save(false);
    await migrate(db);
    await installJobQueue(db);
    await save(true);
  } finally {
    await db.close();
  }
}

/**
 * What the app installs when it starts, beyond the migrations: pg-boss's schema and the app's
 * queues. Every test app started it again on its copy: 45 ms for the schema and 15 ms a queue, about
 * a tenth of a second of PGlite's CPU per app (decision 009). The app, started once on the template,
 * installs exactly what it would; on a copy, pg-boss finds its schema current and each queue there.
 * The tests of a first start use a database that is not migrated, which has none of it.
 */
async function installJobQueue(db: Database) {
  const { buildApp } = await import('../app');
  const { testConfig } = await import('./test-app');
  const { createMailer } = await import('../mail');
  const config = await testConfig();
  const mailer = createMailer(config);
  const app = await buildApp({ config, db, mailer });
  await app.ready();
  await app.close();
  await mailer.close();
}

/**
 * One migrated database per run, copied for each test file, instead of migrating (and, on
 * PGlite, running initdb) in every file.
 */
export default async function globalSetup() {
  const folder = await runFolder();
  // jest runs a global setup module once, for whichever project comes first of those naming it: this
  // one makes what both api projects need. Made per project, the PostgreSQL template was never made
  // when PGlite's project came first, and every PostgreSQL test database was migrated on its own.
  // At once: the bundle lays out a PGlite data folder of its own (build.mjs) as the templates are made.
  await Promise.all([
    bundleApi(),
    pgliteTemplates(folder),
    process.env.TEST_DATABASE_URL ? postgresTemplate() : undefined,
  ]);
}

async function pgliteTemplates(folder: string) {
  const dir = join(folder, 'pglite-templates');
  await mkdir(dir);
  await dumpPGlite(dir);
  process.env[templateEnv.pglite] = dir;
}

async function postgresTemplate() {
  const name = `luz_template_${randomBytes(6).toString('hex')}`;
  await onServer((client) => client.query(`CREATE DATABASE ${name}`));
  // Closed before any copy: PostgreSQL copies only a template nobody is connected to. Two
  // connections: the job queue installs its schema on one while another holds its lock.
  const db = openPostgres(databaseUrl(name), { maxConnections: 2 });
  try {
    await migrate(db);
    await installJobQueue(db);
  } finally {
    await db.close();
  }
  process.env[templateEnv.postgres] = name;
}
