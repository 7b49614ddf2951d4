// A sync worker process: `node api/dist/worker.js` (built) or `pnpm --filter @luz/api worker`.
// It runs the job handlers (sync steps, e-mails, autofetch) and serves no HTTP. Start as many as
// needed, on any machine, against the API's PostgreSQL (DATABASE_URL); give the API processes
// WORKERS=false when all the work should happen here.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, loggerOptions } from './app';
import { ConfigError, loadConfig } from './config';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open-database';
import { createMailer } from './mail';
import { startEmbeddedSimulator } from './portal/simulator/embedded';

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

async function start() {
  const loaded = await loadConfig(process.env, { rootDir });
  if (!loaded.databaseUrl) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_URL is required for a separate worker process (PGlite belongs to one process; without DATABASE_URL the API runs the workers itself)',
    );
  }
  const simulator = loaded.portalUrl ? null : await startEmbeddedSimulator(loaded.portalSimulatorPort);
  const config = { ...loaded, workers: true, portalUrl: simulator?.url ?? loaded.portalUrl };
  const db = await openDatabase(config);
  await migrate(db);
  const mailer = createMailer(config);
  // The whole application, minus the listening socket: the same context and handlers as the API's.
  const app = await buildApp({ config, db, mailer, logger: loggerOptions(config) });
  await app.ready();

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'Worker shutting down');
    // Running steps get a grace period; any cut short is retried by another worker.
    const timer = setTimeout(() => process.exit(1), 20_000).unref();
    await app.close();
    await simulator?.close();
    await mailer.close();
    await db.close();
    clearTimeout(timer);
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, (received) => void stop(received));

  const portal = simulator ? `simulador en ${simulator.url}` : config.portalUrl;
  process.stdout.write(
    `Worker de Luz listo (pid ${process.pid}) · ${config.sync.workerConcurrency} pasos a la vez · portal: ${portal}\n`,
  );
}

start().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
