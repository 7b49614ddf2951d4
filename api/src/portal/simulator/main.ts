// The portal simulator on its own: `node api/dist/portal-simulator.js` (SIMULATOR_PORT, default 8090).
import { buildPortalSimulator } from './server';

const port = Number(process.env.SIMULATOR_PORT ?? 8090);
const host = process.env.SIMULATOR_HOST ?? '127.0.0.1';
const { app } = buildPortalSimulator({ logger: true });
await app.listen({ port, host });
console.info(
  `Simulador del portal de CFE en http://${host}:${port} (cuentas de prueba: GET /__sim/accounts)`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void app.close().then(() => process.exit(0)));
