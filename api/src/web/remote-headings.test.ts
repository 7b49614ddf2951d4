import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitForValue } from '../testing/wait-for';
import { headingsUrlOf, remoteHeadingsCache } from './remote-headings';

/** A CDN on loopback whose answer each test sets; it counts the requests it gets. */
let answer: { status: number; body: string; hang?: boolean };
let requests = 0;
let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((_request, response) => {
    requests += 1;
    if (answer.hang) return;
    response.statusCode = answer.status;
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = headingsUrlOf(`http://127.0.0.1:${(server.address() as AddressInfo).port}/rpus/v3/mf-manifest.json`);
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests = 0;
});

const headings = (title: string) => JSON.stringify({ '/rpus/': { title, subtitle: 'Tus servicios.' } });

test("a remote's headings are beside its manifest", () => {
  expect(headingsUrlOf('https://cdn.example.com/rpus/v3/mf-manifest.json')).toBe(
    'https://cdn.example.com/rpus/v3/first-frame.json',
  );
});

test('are fetched once, kept while fresh, then served stale while a fresh copy is fetched', async () => {
  let clock = 0;
  const cache = remoteHeadingsCache({ ttlMs: 1_000, now: () => clock });
  answer = { status: 200, body: headings('Servicios') };
  const first = await cache.get(url);
  expect(first.headings['/rpus/']?.title).toBe('Servicios');
  expect(await cache.get(url)).toEqual(first);
  expect(requests).toBe(1);

  answer = { status: 200, body: headings('Puntos de servicio') };
  clock = 1_001;
  // Stale: this page gets what was known, and a refresh starts.
  expect((await cache.get(url)).headings['/rpus/']?.title).toBe('Servicios');
  const fresh = await waitForValue(async () => {
    const known = await cache.get(url);
    return known.headings['/rpus/']?.title === 'Puntos de servicio' && known;
  });
  expect(fresh.headings['/rpus/']?.title).toBe('Puntos de servicio');
  // New text, new key: the page made with the old heading is not served again.
  expect(fresh.key).not.toBe(first.key);
  expect(requests).toBe(2);
});

test('a CDN that fails, or answers something other than headings, gives none, and is not asked again while that is fresh', async () => {
  for (const failing of [
    { status: 503, body: '' },
    { status: 200, body: 'not json' },
    { status: 200, body: JSON.stringify({ '/rpus/': { title: 3 } }) },
    { status: 200, body: JSON.stringify({ '/rpus/': { title: 'x'.repeat(70_000), subtitle: '' } }) },
  ]) {
    requests = 0;
    const cache = remoteHeadingsCache();
    answer = failing;
    expect(await cache.get(url)).toEqual({ key: expect.any(String), headings: {} });
    await cache.get(url);
    expect(requests).toBe(1);
  }
});

test('a page waits for a CDN that does not answer only as long as it was told, and only once', async () => {
  // The fetch's own limit is far beyond the test's: only the page's wait can end this get.
  const cache = remoteHeadingsCache({ firstWaitMs: 50, timeoutMs: 600_000 });
  answer = { status: 200, body: '', hang: true };
  expect(await cache.get(url)).toEqual({ key: 'none', headings: {} });
  // Still nothing known, the fetch still running: the next page does not start another.
  expect(await cache.get(url)).toEqual({ key: 'none', headings: {} });
  expect(requests).toBe(1);
});
