import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { demo, replicaForTests } from './test-replica';

let world: Awaited<ReturnType<typeof replicaForTests>>;

beforeEach(async () => {
  world = await replicaForTests();
});

afterEach(async () => {
  await world.close();
});

/** An HTTP proxy on loopback (CONNECT tunnels), counting what goes through it. */
async function proxy() {
  const tunnels: string[] = [];
  const sockets = new Set<{ destroy(): void }>();
  const server: Server = createServer((_, response) => response.writeHead(405).end());
  server.on('connect', (request, client, head) => {
    tunnels.push(request.url ?? '');
    sockets.add(client);
    const [host, port] = (request.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tunnels,
    close: () =>
      new Promise<void>((resolve) => {
        // Tunnels are not the server's connections: they end here.
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

test('with PORTAL_PROXY_URL every request of the session leaves through that one proxy', async () => {
  const egress = await proxy();
  try {
    const portal = world.client({ proxyUrl: egress.url });
    const [service] = await portal.listServices(demo);
    await portal.listDocuments(demo, service?.serviceNumber as string);
    const replicaHost = new URL(world.replica.url).host;
    expect(egress.tunnels.length).toBeGreaterThan(0);
    expect(new Set(egress.tunnels)).toEqual(new Set([replicaHost]));
  } finally {
    await egress.close();
  }
});

test('requests of one session are paced, and one session never has two requests in flight', async () => {
  const portal = world.client({ pacingMs: 40 });
  const services = await portal.listServices(demo);
  await world.control('POST', '/stats/reset');
  const started = Date.now();
  // Two services asked at once: the session does one after the other.
  await Promise.all(services.slice(0, 2).map((service) => portal.listDocuments(demo, service.serviceNumber)));
  const stats = await world.control<{ total: number; peak_in_flight: Record<string, number> }>(
    'GET',
    '/stats',
  );
  expect(stats.peak_in_flight['empresa.demo']).toBe(1);
  expect(Date.now() - started).toBeGreaterThanOrEqual((stats.total - 1) * 40);
});
