// Process entry: `node api/dist/main.js` (built) or `tsx api/src/main.ts` (development).
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, loggerOptions } from './app';
import { ConfigError, loadConfig } from './config';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open-database';
import { createMailer, outboxDirOf } from './mail';
import { startEmbeddedSimulator } from './portal/simulator/embedded';
import { ensureFirstSuperuser } from './users/first-superuser';

/** The checkout: two levels above this file, whether it runs as api/src/main.ts or api/dist/main.js. */
const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

async function start() {
  const loaded = await loadConfig(process.env, { rootDir });
  // Without PORTAL_URL the product talks to the bundled portal simulator, started here.
  const simulator = loaded.portalUrl ? null : await startEmbeddedSimulator(loaded.portalSimulatorPort);
  const config = simulator ? { ...loaded, portalUrl: simulator.url } : loaded;
  const db = await openDatabase(config);
  await migrate(db);
  const superuser = await ensureFirstSuperuser(db, config.firstSuperuser);
  const mailer = createMailer(config);
  const app = await buildApp({ config, db, mailer, logger: loggerOptions(config) });

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'Shutting down');
    // Stop taking requests, let running ones finish, then release the database and mail.
    const timer = setTimeout(() => process.exit(1), 15_000).unref();
    await app.close();
    await simulator?.close();
    await mailer.close();
    await db.close();
    clearTimeout(timer);
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, (received) => void stop(received));

  await app.listen({ port: config.port, host: config.host });

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const database = config.databaseUrl ? 'PostgreSQL' : `PGlite en ${config.dataDir}`;
  const mail = config.smtpUrl ? 'SMTP' : `carpeta ${outboxDirOf(config.dataDir)}`;
  // Printed to stdout on purpose (not through the logger): the generated password is shown once and never logged.
  const local = `http://localhost:${port}`;
  const url = config.publicUrl === local ? local : `${local} (pública: ${config.publicUrl})`;
  const lines = [`Luz escuchando en ${url} · base de datos: ${database} · correo: ${mail}`];
  lines.push(
    simulator
      ? `Portal de CFE: simulador en ${simulator.url} (cuentas y fallas: docs/portal-simulator.md) · workers: ${config.workers ? 'en este proceso' : 'no'}`
      : `Portal de CFE: ${config.portalUrl} · workers: ${config.workers ? 'en este proceso' : 'no'}`,
  );
  if (superuser.outcome === 'created' && superuser.generatedPassword) {
    lines.push(
      `Superusuario creado: ${superuser.email} / contraseña: ${superuser.generatedPassword} (se muestra solo esta vez)`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

start().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
