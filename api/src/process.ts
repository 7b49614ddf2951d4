// What the API process (main.ts) and a worker process (worker.ts) share: configuration, the
// embedded portal simulator when PORTAL_URL is absent, the migrated database, mail, the app, and
// a graceful shutdown on SIGINT/SIGTERM.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, loggerOptions } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import type { Database } from './db/database';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open-database';
import type { ApiApp } from './http/api-app';
import { createMailer, type Mailer } from './mail';
import { type EmbeddedSimulator, startEmbeddedSimulator } from './portal/simulator/embedded';

/** The checkout: two levels above this file, whether it runs from api/src or api/dist. */
const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export type Runtime = {
  config: Config;
  db: Database;
  mailer: Mailer;
  app: ApiApp;
  /** The bundled portal simulator, when this process started it. */
  simulator: EmbeddedSimulator | null;
};

/** Loads the configuration (adjusted by `adapt`), starts what it names and builds the app. */
export async function startRuntime(adapt: (config: Config) => Config = (config) => config): Promise<Runtime> {
  const loaded = adapt(await loadConfig(process.env, { rootDir }));
  // Without PORTAL_URL the product talks to the bundled portal simulator, started here.
  const simulator = loaded.portalUrl ? null : await startEmbeddedSimulator(loaded.portalSimulatorPort);
  const config = simulator ? { ...loaded, portalUrl: simulator.url } : loaded;
  const db = await openDatabase(config);
  await migrate(db);
  const mailer = createMailer(config);
  const app = await buildApp({ config, db, mailer, logger: loggerOptions(config) });
  return { config, db, mailer, app, simulator };
}

/**
 * On SIGINT/SIGTERM: stop taking work, let running requests and steps finish within `graceMs`,
 * then release the simulator, mail and database. Whatever is cut short is retried elsewhere.
 */
export function stopOnSignals({ app, simulator, mailer, db }: Runtime, graceMs: number) {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'Shutting down');
    const timer = setTimeout(() => process.exit(1), graceMs).unref();
    await app.close();
    await simulator?.close();
    await mailer.close();
    await db.close();
    clearTimeout(timer);
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, (received) => void stop(received));
}

/** Runs a process entry; a configuration error is printed as its message alone. */
export function runEntry(entry: () => Promise<void>) {
  entry().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
