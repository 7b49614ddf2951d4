// `pnpm bench sync-faults`: syncs under portal faults, measured from outside. Three portal
// accounts with ten services each (26 months of receipts with PDF and XML, their payments) are
// synced by the real app (HTTP routes, job queue, workers, the Mi Espacio connector) through a
// seeded fault-injecting proxy of our own (api/src/portal/simulator/fault-proxy.ts) in front of
// the replica of CFE's pages, whose own faults are on too: Incapsula's firewall page on a share of
// requests and the XML throttle. A portal-space sync of each account, then every service's
// payment history, all at once. Each database runs it twice in this process: without faults (the
// reference) and with them.
//
// It compares what Luz stored with the replica's ground truth and prints, side by side:
// periods/PDFs/XMLs/payments retrieved of those that exist, duplicates, documents under the wrong
// service, final statuses, portal requests against the fault-free run, peak requests in flight per
// account, requests inside a Retry-After, deadlocks, wall time. It never fails on figures.
//
// BENCH_503, BENCH_429, BENCH_DROPPED, BENCH_SLOW: fault shares (default 0.10, 0, 0, 0: CFE answers
// no 429, its firewall does the refusing); BENCH_FIREWALL (share of firewall pages, 0.05),
// BENCH_XML_EVERY (XMLs before the throttle, 5), BENCH_XML_COOLDOWN_MS (2000);
// BENCH_RETRY_AFTER (s, default 2), BENCH_SLOW_MS, BENCH_SEED, BENCH_MONTHS (26),
// BENCH_DATABASES (default "pglite,postgres"; PostgreSQL at BENCH_DATABASE_URL or TEST_DATABASE_URL).
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { type FaultRates, noFaultRates, startFaultProxy } from '../api/src/portal/simulator/fault-proxy';
import { serviceDocuments, serviceProfile } from '../api/src/portal/simulator/world';
import { periodDocuments } from '../api/src/sync/receipts';
import { seedCredential, startSyncReplica, syncConfig } from '../api/src/sync/test-helpers';
import { bearer, seedUser, tokenFor } from '../api/src/testing/fixtures';
import { captureLogs } from '../api/src/testing/log-capture';
import { createTestApp, type TestApp } from '../api/src/testing/test-app';
import { selectTestDatabase, type TestDatabaseKind } from '../api/src/testing/test-database';

const ACCOUNTS = 3;
const SERVICES_PER_ACCOUNT = 10;
const MONTHS = Number(process.env.BENCH_MONTHS ?? 26);
const SEED = process.env.BENCH_SEED ?? 'issue-12';
const share = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const faults: FaultRates = {
  unavailable: share('BENCH_503', 0.1),
  rateLimited: share('BENCH_429', 0),
  dropped: share('BENCH_DROPPED', 0),
  slow: share('BENCH_SLOW', 0),
  retryAfterSeconds: share('BENCH_RETRY_AFTER', 2),
  slowMs: share('BENCH_SLOW_MS', 1_500),
};
/** The replica's own faults, on in the faulted run. */
const replicaFaults = {
  firewallShare: share('BENCH_FIREWALL', 0.05),
  xmlThrottle: { every: share('BENCH_XML_EVERY', 5), coolDownMs: share('BENCH_XML_COOLDOWN_MS', 2_000) },
};
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres')
  .split(',')
  .filter(
    (kind): kind is TestDatabaseKind => kind === 'pglite' || (kind === 'postgres' && Boolean(postgresUrl)),
  );

/** The product's defaults, but shorter waits between step attempts so that a run ends in minutes. */
const syncSettings = {
  concurrencyPerCredential: 1,
  workerConcurrency: ACCOUNTS * 2,
  portalTimeoutSeconds: 5,
  stepTimeoutSeconds: 90,
  retryDelaySeconds: 5,
  portalRetries: 4,
  portalRetryDelayMs: 500,
};

type Figures = {
  periods: [number, number];
  pdfs: [number, number];
  xmls: [number, number];
  payments: [number, number];
  duplicates: number;
  wrongService: number;
  associations: string;
  servicesInError: number;
  rpuStatuses: string;
  refusedStarts: number;
  requests: number;
  injected: number;
  injectedText: string;
  firewallPages: number;
  xmlThrottled: number;
  peakInFlight: number;
  ignoredRetryAfter: number;
  deadlocks: number;
  wallMs: number;
};

/** What the portal has: each service's receipts (one per month, as the grid lists them) and payments. */
function groundTruth(serviceNumber: string) {
  const documents = serviceDocuments(serviceProfile(serviceNumber), new Date(), MONTHS);
  const { receipts } = periodDocuments(
    documents.map((document) => ({
      series: document.series,
      folio: document.folio,
      month: document.month,
      type: document.type,
      kind: document.type === 'receipt' ? ('receipt' as const) : ('other' as const),
      formats: document.type === 'receipt' ? (['pdf', 'xml'] as ('pdf' | 'xml')[]) : ['xml'],
    })),
  );
  const keys = new Set(receipts.map((receipt) => `${receipt.series}-${receipt.folio}`));
  return {
    receipts: new Set(
      documents
        .filter((document) => document.type === 'receipt' && keys.has(`${document.series}-${document.folio}`))
        .map((document) => document.uuid),
    ),
    payments: new Set(
      documents.filter((document) => document.type === 'payment').map((document) => document.uuid),
    ),
  };
}

async function waitForTasks(t: TestApp, taskIds: string[]) {
  for (;;) {
    const { rows } = await t.db.query<{ open: number }>(
      'SELECT count(*)::int AS open FROM tasks WHERE id = ANY($1::uuid[]) AND finished_at IS NULL',
      [taskIds],
    );
    if ((rows[0]?.open ?? 1) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function serverDeadlocks(t: TestApp, kind: TestDatabaseKind): Promise<number> {
  if (kind !== 'postgres') return 0;
  await t.db.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await t.db.query<{ n: number }>(
    'SELECT coalesce(sum(deadlocks), 0)::int AS n FROM pg_stat_database WHERE datname = current_database()',
  );
  return rows[0]?.n ?? 0;
}

async function run(kind: TestDatabaseKind, rates: FaultRates): Promise<Figures> {
  selectTestDatabase(kind);
  if (kind === 'postgres') process.env.TEST_DATABASE_URL = postgresUrl;
  const simulator = await startSyncReplica({ historyMonths: MONTHS });
  const faulted = rates !== noFault;
  if (faulted) {
    simulator.state.global.firewallShare = replicaFaults.firewallShare;
    simulator.state.global.xmlThrottle = replicaFaults.xmlThrottle;
  }
  const proxy = await startFaultProxy(simulator.url, rates, SEED);
  const logs = captureLogs('info');
  const t = await createTestApp({
    config: syncConfig(proxy.url, {
      sync: syncSettings,
      // Waits of the product's order, shortened as its retry delays are: the throttle's cool-down.
      portal: { firewallBackoffMs: 1_000, throttleBackoffMs: replicaFaults.xmlThrottle.coolDownMs },
    }),
    logger: logs.logger,
  });
  try {
    const owners: { username: string; token: string; credentialId: string }[] = [];
    for (let index = 0; index < ACCOUNTS; index++) {
      const username = `faults${index}.demo`;
      simulator.state.addAccount({ username, password: 'Demo-2024', services: SERVICES_PER_ACCOUNT });
      const user = await seedUser(t.db, { email: `faults${index}@luz.test` });
      const credentialId = await seedCredential(t, user.id, { cfeUser: username });
      owners.push({ username, token: await tokenFor(t.config, t.db, user.id), credentialId });
    }
    const deadlocksBefore = await serverDeadlocks(t, kind);
    let refusedStarts = 0;
    const start = async (token: string, url: string, payload?: object) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        headers: bearer(token),
        ...(payload ? { payload } : {}),
      });
      if (response.statusCode !== 202) {
        refusedStarts += 1;
        return null;
      }
      return response.json<{ task_id: string }>().task_id;
    };

    const started = performance.now();
    // One portal-space sync per account, at once.
    const spaceTasks = await Promise.all(
      owners.map(({ token, credentialId }) =>
        start(token, `/credentials/sync/${credentialId}`, { workflow: 2 }),
      ),
    );
    await waitForTasks(
      t,
      spaceTasks.filter((id): id is string => id !== null),
    );
    // Then every service's payment history, at once.
    const { rows: rpus } = await t.db.query<{ id: string; user_id: string }>('SELECT id, user_id FROM rpus');
    const tokens = new Map<string, string>();
    for (const owner of owners) {
      const { rows } = await t.db.query<{ user_id: string }>(
        'SELECT user_id FROM credentials WHERE id = $1',
        [owner.credentialId],
      );
      tokens.set(rows[0]?.user_id as string, owner.token);
    }
    const paymentTasks = await Promise.all(
      rpus.map((rpu) => start(tokens.get(rpu.user_id) as string, `/payment-history/rpu/${rpu.id}/sync`)),
    );
    await waitForTasks(
      t,
      paymentTasks.filter((id): id is string => id !== null),
    );
    const wallMs = performance.now() - started;

    // What Luz stored, against what the portal has.
    const { rows: periods } = await t.db.query<{ service_number: string; uuid: string; kinds: string[] }>(
      `SELECT r.service_number, p.cfdi_uuid AS uuid,
         coalesce(array_agg(d.kind) FILTER (WHERE d.kind IS NOT NULL), '{}') AS kinds
       FROM periods p JOIN rpus r ON r.id = p.rpu_id
       LEFT JOIN documents d ON d.period_id = p.id AND d.role = 'receipt'
       WHERE p.cfdi_uuid IS NOT NULL GROUP BY r.service_number, p.id`,
    );
    const { rows: payments } = await t.db.query<{ service_number: string; uuid: string }>(
      'SELECT r.service_number, h.cfdi_uuid AS uuid FROM payment_history h JOIN rpus r ON r.id = h.rpu_id',
    );
    const { rows: duplicateDocuments } = await t.db.query<{ n: number }>(
      `SELECT (count(*) - count(DISTINCT (period_id, kind, role, cfdi_series, cfdi_folio)))::int AS n FROM documents`,
    );
    const services = owners.flatMap(({ username }) => simulator.services(username));
    const truth = new Map(services.map((serviceNumber) => [serviceNumber, groundTruth(serviceNumber)]));
    let existingPeriods = 0;
    let existingPayments = 0;
    for (const expected of truth.values()) {
      existingPeriods += expected.receipts.size;
      existingPayments += expected.payments.size;
    }
    const found = { periods: new Set<string>(), pdfs: 0, xmls: 0, payments: new Set<string>() };
    let wrongService = 0;
    let duplicates = duplicateDocuments[0]?.n ?? 0;
    for (const period of periods) {
      if (!truth.get(period.service_number)?.receipts.has(period.uuid)) {
        wrongService += 1;
        continue;
      }
      if (found.periods.has(period.uuid)) duplicates += 1;
      found.periods.add(period.uuid);
      if (period.kinds.includes('pdf')) found.pdfs += 1;
      if (period.kinds.includes('xml')) found.xmls += 1;
    }
    for (const payment of payments) {
      if (!truth.get(payment.service_number)?.payments.has(payment.uuid)) {
        wrongService += 1;
        continue;
      }
      if (found.payments.has(payment.uuid)) duplicates += 1;
      found.payments.add(payment.uuid);
    }

    const { rows: outcome } = await t.db.query<{ workflow: number; status: number; n: number }>(
      `SELECT workflow, status, count(*)::int AS n FROM task_associations WHERE rpu_id IS NOT NULL
       GROUP BY workflow, status ORDER BY workflow, status`,
    );
    const { rows: rpuStatuses } = await t.db.query<{ rpu_status: number; n: number }>(
      'SELECT rpu_status, count(*)::int AS n FROM rpus GROUP BY rpu_status ORDER BY rpu_status',
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const deadlocks =
      (await serverDeadlocks(t, kind)) -
      deadlocksBefore +
      (logs.text().match(/deadlock detected/gi)?.length ?? 0);
    const { injected } = proxy.stats;
    const accounts = new Set(owners.map(({ username }) => username));
    return {
      periods: [found.periods.size, existingPeriods],
      pdfs: [found.pdfs, existingPeriods],
      xmls: [found.xmls, existingPeriods],
      payments: [found.payments.size, existingPayments],
      duplicates,
      wrongService,
      associations: outcome.map((row) => `w${row.workflow}/${row.status}: ${row.n}`).join(', '),
      servicesInError: outcome
        .filter((row) => row.status === 2 || row.status === 3)
        .reduce((sum, row) => sum + row.n, 0),
      rpuStatuses: rpuStatuses.map((row) => `${row.rpu_status}: ${row.n}`).join(', '),
      refusedStarts,
      requests: proxy.stats.requests,
      injected: injected.unavailable + injected.rateLimited + injected.dropped,
      injectedText: `503: ${injected.unavailable}, 429: ${injected.rateLimited}, dropped: ${injected.dropped}, slow: ${injected.slow}`,
      firewallPages: simulator.state.stats.firewallRefusals,
      xmlThrottled: simulator.state.stats.xmlThrottled,
      peakInFlight: Math.max(
        0,
        ...[...proxy.stats.peakInFlight.entries()].filter(([key]) => accounts.has(key)).map(([, n]) => n),
      ),
      ignoredRetryAfter: [...proxy.stats.ignoredRetryAfter.values()].reduce((sum, n) => sum + n, 0),
      deadlocks,
      wallMs,
    };
  } finally {
    await t.close();
    await proxy.close();
    await simulator.close();
  }
}

const percent = ([got, of]: [number, number]) =>
  `${got} / ${of} (${of === 0 ? '—' : ((100 * got) / of).toFixed(1)} %)`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function print(reference: Figures, faulted: Figures) {
  const rows: [string, string, string][] = [
    ['periods retrieved / existing', percent(reference.periods), percent(faulted.periods)],
    ['PDFs', percent(reference.pdfs), percent(faulted.pdfs)],
    ['XMLs', percent(reference.xmls), percent(faulted.xmls)],
    ['payments', percent(reference.payments), percent(faulted.payments)],
    ['duplicates', String(reference.duplicates), String(faulted.duplicates)],
    ['under the wrong service', String(reference.wrongService), String(faulted.wrongService)],
    ['associations (workflow/status: n)', reference.associations, faulted.associations],
    ['service runs ended in error', String(reference.servicesInError), String(faulted.servicesInError)],
    ['service points (status: n)', reference.rpuStatuses, faulted.rpuStatuses],
    ['"start sync" not answered 202', String(reference.refusedStarts), String(faulted.refusedStarts)],
    ['portal requests sent', String(reference.requests), String(faulted.requests)],
    ['faults injected', reference.injectedText, faulted.injectedText],
    ['firewall pages (replica)', String(reference.firewallPages), String(faulted.firewallPages)],
    ['XML throttles (replica)', String(reference.xmlThrottled), String(faulted.xmlThrottled)],
    [
      '(requests − faulted ones) / fault-free',
      '1.00',
      ((faulted.requests - faulted.injected) / Math.max(1, reference.requests)).toFixed(2),
    ],
    ['peak requests in flight per account', String(reference.peakInFlight), String(faulted.peakInFlight)],
    ['requests inside a Retry-After', String(reference.ignoredRetryAfter), String(faulted.ignoredRetryAfter)],
    ['deadlocks', String(reference.deadlocks), String(faulted.deadlocks)],
    ['wall time', seconds(reference.wallMs), seconds(faulted.wallMs)],
  ];
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  const column = Math.max(...rows.map(([, value]) => value.length)) + 2;
  console.info(`  ${''.padEnd(width)}${'no faults'.padEnd(column)}faults`);
  for (const [label, a, b] of rows) console.info(`  ${label.padEnd(width)}${a.padEnd(column)}${b}`);
}

console.info(
  `Sync under portal faults: ${ACCOUNTS} accounts × ${SERVICES_PER_ACCOUNT} services, ${MONTHS} months; ` +
    `faults ${(faults.unavailable * 100).toFixed(0)} % 503, ${(faults.rateLimited * 100).toFixed(0)} % 429 ` +
    `(Retry-After ${faults.retryAfterSeconds} s), ${(faults.dropped * 100).toFixed(0)} % dropped, ` +
    `${(faults.slow * 100).toFixed(0)} % slow (${faults.slowMs} ms); replica: ${(replicaFaults.firewallShare * 100).toFixed(0)} % firewall pages, ` +
    `XML throttle every ${replicaFaults.xmlThrottle.every} for ${replicaFaults.xmlThrottle.coolDownMs} ms; seed "${SEED}"`,
);
const noFault = noFaultRates();
for (const kind of databases) {
  const before = loadavg()[0]?.toFixed(2);
  const reference = await run(kind, noFault);
  const faulted = await run(kind, faults);
  console.info(
    `\n${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} (load average ${before} → ${loadavg()[0]?.toFixed(2)})`,
  );
  print(reference, faulted);
}
