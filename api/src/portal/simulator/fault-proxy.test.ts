import type { AddressInfo } from 'node:net';
import { type FaultRates, noFaultRates, startFaultProxy } from './fault-proxy';
import { buildPortalSimulator } from './server';
import { demoServiceNumbers } from './world';

let simulator: ReturnType<typeof buildPortalSimulator>;
let target: string;

beforeAll(async () => {
  simulator = buildPortalSimulator();
  await simulator.app.listen({ port: 0, host: '127.0.0.1' });
  target = `http://127.0.0.1:${(simulator.app.server.address() as AddressInfo).port}`;
});

afterAll(() => simulator.app.close());

const services = demoServiceNumbers('empresa.demo', 6);

/** Status of each consultation of the demo services, twice over, through a proxy with these faults. */
async function statuses(rates: Partial<FaultRates>, seed: string) {
  const proxy = await startFaultProxy(target, { ...noFaultRates(), ...rates }, seed);
  try {
    const answers: number[] = [];
    for (const serviceNumber of [...services, ...services]) {
      const response = await fetch(`${proxy.url}/consulta-recibo/${serviceNumber}`).catch(() => null);
      answers.push(response?.status ?? 0);
      await response?.arrayBuffer();
    }
    return { answers, stats: proxy.stats };
  } finally {
    await proxy.close();
  }
}

test('faults are drawn from the seed, not from timing: the same seed meets the same faults', async () => {
  const first = await statuses({ unavailable: 0.3, dropped: 0.2 }, 'a');
  const again = await statuses({ unavailable: 0.3, dropped: 0.2 }, 'a');
  expect(again.answers).toEqual(first.answers);
  expect(first.answers).toContain(503);
  expect(first.answers).toContain(0);
  expect(first.answers).toContain(200);
  expect(first.stats.injected.unavailable).toBe(first.answers.filter((status) => status === 503).length);
  expect(first.stats.injected.dropped).toBe(first.answers.filter((status) => status === 0).length);
  expect(first.stats.requests).toBe(12);
});

test('a 429 says how long to wait, and a request inside that wait is counted and refused again', async () => {
  const proxy = await startFaultProxy(
    target,
    { ...noFaultRates(), rateLimited: 1, retryAfterSeconds: 5 },
    'b',
  );
  try {
    const login = (usuario: string) =>
      fetch(`${proxy.url}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ usuario, contrasena: 'Demo-2024' }),
      });
    const first = await login('empresa.demo');
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('5');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await login('empresa.demo')).status).toBe(429);
    expect(proxy.stats.ignoredRetryAfter.get('empresa.demo')).toBe(1);
    expect(proxy.stats.injected.rateLimited).toBe(1);
  } finally {
    await proxy.close();
  }
});
