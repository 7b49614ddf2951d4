// `pnpm bench web`: the first paint of every main route, cold, in Chromium.
//
// Builds and starts the product as `npm start` does, then loads each route BENCH_WEB_RUNS times
// (3), each time in a new browser context (empty cache and storage; a stored token for the
// signed-in screens), and prints the medians: bytes on the wire by type, requests, the longest
// chain of dependent requests, LCP and CLS — beside a static 10-row HTML page served by the same
// server, the reference. Then Lighthouse's mobile performance score of each (BENCH_LIGHTHOUSE=0
// skips it; BENCH_WEB_VERBOSE=1 lists every request; BENCH_WEB_BUILD=0 measures the build already
// on disk; BENCH_WEB_ROUTES=/login,/rpus/ measures only those routes beside the static page). It
// prints figures; it never passes or fails on them.
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { chromiumPath, type LighthouseResult, lighthouseScore } from './web/lighthouse';
import { measurePage, type PageLoad } from './web/measure-page';
import { STATIC_PAGE, startProduct } from './web/product';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== '0';
/** BENCH_WEB_VERBOSE=1 prints every request of each route's last load. */
const VERBOSE = process.env.BENCH_WEB_VERBOSE === '1';
const BUILD = process.env.BENCH_WEB_BUILD !== '0';
/** Route names to measure (the static page always is); all when unset. */
const ONLY = process.env.BENCH_WEB_ROUTES?.split(',').filter(Boolean) ?? null;

type Route = { name: string; path: string; signedIn: boolean; remote: string | null };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const pad = (value: string | number, width: number) => String(value).padStart(width);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

console.info(`Load average before: ${load()}`);
const product = await startProduct(await freePort(), { build: BUILD });
const allRoutes: Route[] = [
  { name: 'static 10-row page', path: STATIC_PAGE, signedIn: false, remote: null },
  { name: '/login', path: '/login', signedIn: false, remote: null },
  { name: '/downloads', path: '/downloads', signedIn: true, remote: 'periods' },
  { name: '/periods', path: '/periods', signedIn: true, remote: 'periods' },
  { name: '/rpus/', path: '/rpus/', signedIn: true, remote: 'rpus' },
  {
    name: '/rpus/:id/payment-history',
    path: `/rpus/${product.rpuId}/payment-history`,
    signedIn: true,
    remote: 'rpus',
  },
  { name: '/settings', path: '/settings', signedIn: true, remote: 'settings' },
  { name: '/admin', path: '/admin', signedIn: true, remote: 'admin' },
];
const routes = allRoutes.filter((route, index) => index === 0 || !ONLY || ONLY.includes(route.name));

try {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const loads = new Map<Route, PageLoad[]>();
  try {
    for (let run = 0; run < RUNS; run++) {
      for (const route of routes) {
        const url = `${product.origin}${route.path}`;
        const result = await measurePage(browser, url, route.signedIn ? product.token : null);
        loads.set(route, [...(loads.get(route) ?? []), result]);
      }
    }
  } finally {
    await browser.close();
  }

  const scores = new Map<Route, LighthouseResult>();
  if (LIGHTHOUSE) {
    for (const route of routes) {
      const url = `${product.origin}${route.path}`;
      scores.set(route, await lighthouseScore(url, route.signedIn ? product.token : null));
    }
  }

  const staticLcp = median((loads.get(routes[0] as Route) ?? []).map((load) => load.lcpMs));
  console.info(
    `\nCold loads in Chromium, median of ${RUNS} (KB on the wire; "remote JS" = scripts under /remotes/<name>/)`,
  );
  console.info(
    [
      'route'.padEnd(26),
      pad('JS', 7),
      pad('remote JS', 9),
      pad('doc', 6),
      pad('fetch', 6),
      pad('other', 6),
      pad('reqs', 5),
      pad('chain', 5),
      pad('LCP ms', 7),
      pad('×static', 7),
      pad('CLS', 6),
      pad('LH', 4),
      pad('LH LCP', 7),
      pad('LH TBT', 7),
      pad('all TBT', 7),
    ].join(' '),
  );
  for (const route of routes) {
    const runs = loads.get(route) ?? [];
    const figure = (pick: (load: PageLoad) => number) => median(runs.map(pick));
    const lcp = figure((load) => load.lcpMs);
    const score = scores.get(route);
    console.info(
      [
        route.name.padEnd(26),
        pad(kb(figure((load) => load.bytes.script)), 7),
        pad(route.remote ? kb(figure((load) => load.remoteScriptBytes)) : '-', 9),
        pad(kb(figure((load) => load.bytes.document)), 6),
        pad(kb(figure((load) => load.bytes.fetch)), 6),
        pad(kb(figure((load) => load.bytes.other + load.bytes.style)), 6),
        pad(
          figure((load) => load.requests),
          5,
        ),
        pad(
          figure((load) => load.longestChain),
          5,
        ),
        pad(lcp.toFixed(0), 7),
        pad((lcp / staticLcp).toFixed(2), 7),
        pad(figure((load) => load.cls).toFixed(3), 6),
        pad(score ? (score.error ? 'err' : score.score) : '-', 4),
        pad(score ? score.lcpMs.toFixed(0) : '-', 7),
        pad(score ? score.tbtMs.toFixed(0) : '-', 7),
        pad(score ? score.allBlockingMs.toFixed(0) : '-', 7),
      ].join(' '),
    );
  }
  if (LIGHTHOUSE) {
    console.info(
      'all TBT: the blocking time of every long task of the load, before the first paint too: what TBT would be if the page painted with its HTML (docs/decisions/162).',
    );
  }
  for (const [route, score] of scores) {
    if (score.error) console.info(`Lighthouse could not measure ${route.name}: ${score.error}`);
  }
  console.info('\nLongest chain of dependent requests (last run):');
  for (const route of routes) {
    const last = (loads.get(route) ?? []).at(-1);
    if (!last) continue;
    const path = last.chain.map((url) => new URL(url).pathname.replace(/^.*\/(?=[^/]+\/?$)/, '')).join(' → ');
    console.info(`  ${route.name}: ${path}`);
    if (VERBOSE) {
      console.info(`      LCP: ${last.lcpElement}`);
      for (const line of last.timeline) console.info(`      ${line}`);
    }
  }
  const uncompressed = new Set([...loads.values()].flat().flatMap((load) => load.uncompressedScripts));
  console.info(
    uncompressed.size
      ? `\nScripts sent without Content-Encoding: ${uncompressed.size} (e.g. ${[...uncompressed][0]})`
      : '\nEvery script was sent compressed.',
  );
} finally {
  await product.stop();
  console.info(`Load average after: ${load()}`);
}
