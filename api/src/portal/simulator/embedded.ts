import type { AddressInfo } from 'node:net';
import { buildPortalSimulator } from './server';

/**
 * The simulator inside the product's own process (PORTAL_URL absent): on loopback only, since
 * its control endpoints (/__sim/…) change what the portal answers.
 */
export type EmbeddedSimulator = Awaited<ReturnType<typeof startEmbeddedSimulator>>;

export async function startEmbeddedSimulator(port: number) {
  const simulator = buildPortalSimulator();
  await simulator.app.listen({ port, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(simulator.app.server.address() as AddressInfo).port}`;
  return { url, state: simulator.state, close: () => simulator.app.close() };
}
