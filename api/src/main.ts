// Process entry: `node api/dist/main.js` (built) or `tsx api/src/main.ts` (development).
import { outboxDirOf } from './mail';
import { runEntry, startRuntime, stopOnSignals } from './process';
import { ensureFirstSuperuser } from './users/first-superuser';

runEntry(async () => {
  const runtime = await startRuntime();
  const { config, db, app, replica } = runtime;
  const superuser = await ensureFirstSuperuser(db, config.firstSuperuser);
  // Requests in flight get this long to finish.
  stopOnSignals(runtime, 15_000);

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
    replica
      ? `Portal de CFE: réplica de Mi Espacio en ${replica.url}/Aplicaciones/CCFE/MiEspacio/Login.aspx (cuentas y fallas: docs/cfe-replica.md) · workers: ${config.workers ? 'en este proceso' : 'no'}`
      : `Portal de CFE: ${config.portal.url} · workers: ${config.workers ? 'en este proceso' : 'no'}`,
  );
  if (superuser.outcome === 'created' && superuser.generatedPassword) {
    lines.push(
      `Superusuario creado: ${superuser.email} / contraseña: ${superuser.generatedPassword} (se muestra solo esta vez)`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
});
