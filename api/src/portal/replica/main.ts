// The replica of CFE's pages on its own: `node api/dist/cfe-replica.js` (REPLICA_PORT, default 8091).
import { startReplica } from './server';

const port = Number(process.env.REPLICA_PORT ?? 8091);
const replica = await startReplica({ port, logger: true });
console.info(
  `Réplica de CFE en ${replica.url}/Aplicaciones/CCFE/MiEspacio/Login.aspx (cuentas: GET ${replica.url}/__replica/accounts)`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void replica.close().then(() => process.exit(0)));
