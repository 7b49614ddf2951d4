import { startReplica } from '../replica/server';
import { type FaultRates, noFaultRates, startFaultProxy } from './fault-proxy';

let replica: Awaited<ReturnType<typeof startReplica>>;
let target: string;

beforeAll(async () => {
  replica = await startReplica();
  target = replica.url;
});

afterAll(() => replica.close());

const pages = [
  'Login.aspx',
  'Default.aspx',
  'OtrasFacturas.aspx',
  'AgregarServicio.aspx',
  'Login.aspx',
  'Login.aspx',
];

/** Status of each page, twice over, through a proxy with these faults. */
async function statuses(rates: Partial<FaultRates>, seed: string) {
  const proxy = await startFaultProxy(target, { ...noFaultRates(), ...rates }, seed);
  try {
    const answers: number[] = [];
    for (const page of [...pages, ...pages]) {
      const response = await fetch(`${proxy.url}/Aplicaciones/CCFE/MiEspacio/${page}`, {
        redirect: 'manual',
      }).catch(() => null);
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
    const login = (user: string) =>
      fetch(`${proxy.url}/Aplicaciones/CCFE/MiEspacio/Login.aspx`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          ctl00$MainContent$txtUsuario: user,
          ctl00$MainContent$txtPassword: 'Demo-2024',
        }),
        redirect: 'manual',
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
