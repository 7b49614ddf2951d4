// What the API process (main.ts) and a worker process (worker.ts) share: configuration, the
// bundled replica of CFE's pages when PORTAL_URL is absent, the migrated database, mail, the app, and
// a graceful shutdown on SIGINT/SIGTERM.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, loggerOptions } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { reencryptLegacySecrets } from './crypto/reencrypt';
import { createSecretBox } from './crypto/secret-box';
import { makePrivate, PRIVATE_UMASK, privateFolders } from './data-folder';
import type { Database } from './db/database';
import { migrate } from './db/migrate';
import { openDatabase, pgliteDataDir } from './db/open-database';
import type { ApiApp } from './http/api-app';
import { createMailer, type Mailer } from './mail';

/** The checkout: two levels above this file, whether it runs from api/src or api/dist. */
const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export type Runtime = {
  config: Config;
  db: Database;
  mailer: Mailer;
  app: ApiApp;
  /** The bundled replica of CFE's Mi Espacio, when this process started it (no PORTAL_URL). */
  replica: { url: string; close: () => Promise<void> } | null;
};

/** Loads the configuration (adjusted by `adapt`), starts what it names and builds the app. */
export async function startRuntime(adapt: (config: Config) => Config = (config) => config): Promise<Runtime> {
  // Before anything is written: the database files, generated secrets, outbox (live reset links)
  // and stored receipts are created private to the service's user, whatever the shell's umask.
  process.umask(PRIVATE_UMASK);
  const loaded = adapt(await loadConfig(process.env, { rootDir }));
  // Folders left readable by an older version or by hand are closed before the database opens.
  const tightened = await Promise.all(
    privateFolders(loaded).map(async (folder) => ({ folder, ...(await makePrivate(folder)) })),
  );
  // Without PORTAL_URL the Mi Espacio connector talks to the bundled replica of CFE's pages,
  // started here on loopback only (its control API changes what the portal answers).
  // Loaded only then: with PORTAL_URL (a real deployment) the replica's code (its pages, CAPTCHA
  // drawing, simulated world) never enters the process.
  const replica = loaded.portal.url
    ? null
    : await (await import('./portal/replica/server')).startReplica({ port: loaded.portal.replicaPort });
  const config = replica ? { ...loaded, portal: { ...loaded.portal, url: replica.url } } : loaded;
  const db = await openDatabase(config);
  await migrate(db);
  // PGlite lays a new database out from its bundled image with files open to everyone (0666),
  // whatever the umask: closed here, before anyone else could use them; the folder is 0700 already.
  if (!config.databaseUrl) await makePrivate(pgliteDataDir(config.dataDir));
  const mailer = createMailer(config);
  const app = await buildApp({ config, db, mailer, logger: loggerOptions(config) });
  for (const { folder, folders, files } of tightened) {
    if (folders + files > 0)
      app.log.warn(
        { folder, folders, files },
        'Data was readable or writable by other local accounts: made private to this user (folders 0700, files 0600)',
      );
  }
  // After the SQL migrations: binding older sealed secrets to their rows needs CREDENTIALS_KEY.
  const reencryption = await reencryptLegacySecrets(db, createSecretBox(config.credentialsKey));
  if (reencryption.reencrypted > 0 || reencryption.unreadable > 0)
    app.log.info(reencryption, 'Sealed secrets bound to their rows (v2)');
  return { config, db, mailer, app, replica };
}

/**
 * On SIGINT/SIGTERM: stop taking work, let running requests and steps finish within `graceMs`,
 * then release the replica, mail and database. Whatever is cut short is retried elsewhere.
 */
export function stopOnSignals({ app, replica, mailer, db }: Runtime, graceMs: number) {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'Shutting down');
    const timer = setTimeout(() => process.exit(1), graceMs).unref();
    await app.close();
    await replica?.close();
    await mailer.close();
    await db.close();
    clearTimeout(timer);
    process.exit(0);
  };
  // Still listening once stopping: Ctrl-C on `npm start` reaches this process twice (from the
  // terminal, and forwarded by scripts/start.mjs), and a signal nobody listens to kills it at once.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, (received) => void stop(received));
}

/** Runs a process entry; a configuration error is printed as its message alone. */
export function runEntry(entry: () => Promise<void>) {
  entry().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
