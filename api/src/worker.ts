// A sync worker process: `node api/dist/worker.js` (built) or `pnpm --filter @luz/api worker`.
// It runs the job handlers (sync steps, e-mails, autofetch) and serves no HTTP. Start as many as
// needed, on any machine, against the API's PostgreSQL (DATABASE_URL); give the API processes
// WORKERS=false when all the work should happen here.
import { ConfigError } from './config';
import { runEntry, startRuntime, stopOnSignals } from './process';

runEntry(async () => {
  const runtime = await startRuntime((config) => {
    if (!config.databaseUrl) {
      throw new ConfigError(
        'Invalid configuration:\n  DATABASE_URL is required for a separate worker process (PGlite belongs to one process; without DATABASE_URL the API runs the workers itself)',
      );
    }
    return { ...config, workers: true };
  });
  const { config, app, replica } = runtime;
  // The whole application minus the listening socket: the same context and job handlers as the API's.
  await app.ready();
  // Running steps get a grace period; any cut short is retried by another worker.
  stopOnSignals(runtime, 20_000);

  const portal = replica ? `réplica en ${replica.url}` : config.portal.url;
  process.stdout.write(
    `Worker de Luz listo (pid ${process.pid}) · ${config.sync.workerConcurrency} pasos a la vez · portal: ${portal}\n`,
  );
});
