// The API at 100,000 service points (issue 17), side by side with a bare Fastify "hello world" on
// the same machine: autocannon (50 connections) against the owner's filtered list, /users/me, the
// superuser's list and the periods, on PGlite and on PostgreSQL (TEST_DATABASE_URL's server, in a
// database of its own), each server in its own process. Runs are interleaved (hello world, then
// every endpoint on every database, BENCH_RUNS times); it prints req/s, p50, p99 and errors
// (medians over the runs), the ratio to hello world and the load average. It prints figures; it
// never passes or fails on time.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import autocannon from 'autocannon';
import pg from 'pg';
import { apiProcessEnv } from '../scripts/lib/run.mjs';

const SERVICE_POINTS = Number(process.env.BENCH_SERVICE_POINTS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
/** Ports of this bench's servers: hello world, PGlite's API, PostgreSQL's API. */
const BASE_PORT = Number(process.env.BENCH_PORT ?? 19_510);

type Ready = { port: number; seedMs?: number; ownerToken?: string; adminToken?: string };
type Server = { name: string; child: ChildProcess; ready: Ready };
type Figures = { rps: number; p50: number; p99: number; errors: number; load: number };

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const load = () => loadavg()[0] as number;

async function residentMiB(pid: number): Promise<string> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
    return match ? `${(Number(match[1]) / 1024).toFixed(0)} MiB` : 'n/d';
  } catch {
    return 'n/d';
  }
}

/** Every server process started, so that none outlives the bench, even one that failed to start. */
const children: ChildProcess[] = [];

async function start(name: string, env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api-server.ts'], {
    cwd: import.meta.dirname,
    env: apiProcessEnv({ ...process.env, ...env }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const lines = createInterface({ input: child.stdout as Readable });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${name} ended early (${code})`)));
    lines.once('line', (line) => resolve(JSON.parse(line) as Ready));
  });
  return { name, child, ready };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Requests numbered across runs, so that a later run does not ask the pages of an earlier one. */
let sent = 0;

/** `path`: one path asked again and again, or each request's own (by its number). */
async function measure(
  port: number,
  path: string | ((request: number) => string),
  token?: string,
): Promise<Figures> {
  const loadBefore = load();
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${typeof path === 'string' ? path : path(0)}`,
    connections: CONNECTIONS,
    duration: DURATION,
    timeout: 10,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(typeof path === 'string'
      ? {}
      : { requests: [{ setupRequest: (request) => ({ ...request, path: path(sent++) }) }] }),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    load: Math.max(loadBefore, load()),
  };
}

const cases = [
  {
    name: 'GET /rpus/?page=10&page_size=10&rpu_status=1&alias=norte',
    path: '/api/v1/rpus/?page=10&page_size=10&rpu_status=1&alias=norte',
    as: 'owner',
  },
  {
    // The API keeps a page it answered until its rows change; these pages are each asked once
    // (10,000 windows: pages 1–100 of 10 to 109 rows), so every answer reads the database.
    name: 'GET /rpus/?…&alias=norte, each page once',
    path: (request: number) =>
      `/api/v1/rpus/?page=${1 + (request % 100)}&page_size=${10 + (Math.floor(request / 100) % 100)}&rpu_status=1&alias=norte`,
    as: 'owner',
  },
  { name: 'GET /users/me', path: '/api/v1/users/me', as: 'owner' },
  {
    name: 'GET /rpus/admin?email=grande (superusuario)',
    path: '/api/v1/rpus/admin?page=1&page_size=10&email=grande',
    as: 'admin',
  },
  { name: 'GET /periods/all?page=10', path: '/api/v1/periods/all?page=10&page_size=10', as: 'owner' },
] as const;

async function main() {
  const workDir = await mkdtemp(join(tmpdir(), 'luz-bench-api-'));
  let postgresDatabase: string | null = null;
  try {
    console.info(
      `Carga: ${load().toFixed(2)} · ${SERVICE_POINTS} servicios, ${CONNECTIONS} conexiones, ${DURATION} s × ${RUNS}`,
    );
    const hello = await start('hello', { BENCH_MODE: 'hello', BENCH_PORT: String(BASE_PORT) });
    // Both databases are seeded at once (the figures below are measured one server at a time).
    const environments: [string, Record<string, string>][] = [
      [
        'PGlite',
        {
          BENCH_MODE: 'pglite',
          BENCH_PORT: String(BASE_PORT + 1),
          BENCH_DATA_DIR: join(workDir, 'pglite'),
          BENCH_SERVICE_POINTS: String(SERVICE_POINTS),
        },
      ],
    ];
    if (SERVER_URL) {
      postgresDatabase = `luz_bench_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: SERVER_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${postgresDatabase}`);
      await admin.end();
      const url = new URL(SERVER_URL);
      url.pathname = `/${postgresDatabase}`;
      environments.push([
        'PostgreSQL',
        {
          BENCH_MODE: 'postgres',
          BENCH_PORT: String(BASE_PORT + 2),
          BENCH_DATA_DIR: join(workDir, 'postgres'),
          BENCH_DATABASE_URL: url.toString(),
          BENCH_SERVICE_POINTS: String(SERVICE_POINTS),
        },
      ]);
    } else {
      console.info('PostgreSQL: omitido (sin TEST_DATABASE_URL ni BENCH_DATABASE_URL)');
    }
    const starting = environments.map(([name, env]) => start(name, env));
    const apis = await Promise.all(starting);

    for (const api of apis) {
      console.info(
        `${api.name}: sembrado en ${((api.ready.seedMs ?? 0) / 1000).toFixed(1)} s · memoria residente en reposo ${await residentMiB(api.child.pid as number)} · carga ${load().toFixed(2)}`,
      );
    }

    const helloRuns: Figures[] = [];
    const runs = new Map<string, Figures[]>();
    for (let run = 0; run < RUNS; run += 1) {
      helloRuns.push(await measure(hello.ready.port, '/'));
      for (const entry of cases) {
        for (const api of apis) {
          const token = entry.as === 'owner' ? api.ready.ownerToken : api.ready.adminToken;
          const key = `${entry.name}|${api.name}`;
          runs.set(key, [...(runs.get(key) ?? []), await measure(api.ready.port, entry.path, token)]);
        }
      }
    }

    const summary = (list: Figures[]) => ({
      rps: median(list.map((figures) => figures.rps)),
      p50: median(list.map((figures) => figures.p50)),
      p99: median(list.map((figures) => figures.p99)),
      errors: list.reduce((sum, figures) => sum + figures.errors, 0),
      load: median(list.map((figures) => figures.load)),
    });
    const reference = summary(helloRuns);
    console.info('');
    console.info(
      `Fastify "hello world": ${reference.rps.toFixed(0)} req/s · p50 ${reference.p50} ms · p99 ${reference.p99} ms · errores ${reference.errors} · carga ${reference.load.toFixed(2)}`,
    );
    for (const entry of cases) {
      for (const api of apis) {
        const figures = summary(runs.get(`${entry.name}|${api.name}`) ?? []);
        console.info(
          `${entry.name} · ${api.name}: ${figures.rps.toFixed(0)} req/s · p50 ${figures.p50} ms · p99 ${figures.p99} ms · errores ${figures.errors} · razón ${(figures.rps / reference.rps).toFixed(3)} · carga ${figures.load.toFixed(2)}`,
        );
      }
    }
    for (const api of apis)
      console.info(
        `${api.name}: memoria residente tras la carga ${await residentMiB(api.child.pid as number)}`,
      );
  } finally {
    for (const child of children) await stop(child);
    if (postgresDatabase && SERVER_URL) {
      const admin = new pg.Client({ connectionString: SERVER_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${postgresDatabase} WITH (FORCE)`);
      await admin.end();
    }
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
