// `pnpm dev`: the API (tsx watch), the host and every remote (Rsbuild dev servers with hot
// reload). The host's dev server proxies /api and /config.json to the API (API_ORIGIN); the API's
// runtime configuration points the host at each remote's dev server.
import { install, spawnPnpm, step } from './lib/run.mjs';

install();

const apiPort = Number(process.env.PORT ?? 8080);
const hostPort = Number(process.env.HOST_PORT ?? 3000);
const remotes = { rpus: 3001, periods: 3002, admin: 3003, settings: 3004 };
step(
  `Modo desarrollo: API en :${apiPort}, host en http://localhost:${hostPort}, remotos en :${Object.values(remotes).join(', :')}`,
);

const env = {
  ...process.env,
  ...Object.fromEntries(
    Object.entries(remotes).map(([name, port]) => [
      `REMOTE_${name.toUpperCase()}_URL`,
      `http://localhost:${port}/mf-manifest.json`,
    ]),
  ),
  PORT: String(apiPort),
  HOST_PORT: String(hostPort),
  API_ORIGIN: process.env.API_ORIGIN ?? `http://localhost:${apiPort}`,
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${hostPort}`,
};

// Each child leads a process group of its own (pnpm starts tsx and Rsbuild as grandchildren):
// stopping signals the whole group, so nothing is left running.
const children = [
  spawnPnpm(['--filter', '@luz/api', 'dev'], { env, detached: true }),
  spawnPnpm(['--filter', '@luz/host', 'dev'], { env, detached: true }),
  ...Object.keys(remotes).map((name) =>
    spawnPnpm(['--filter', `@luz/remote-${name}`, 'dev'], { env, detached: true }),
  ),
];

let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // That group has already ended.
    }
  }
};
const exited = children.map((child) => new Promise((resolve) => child.once('exit', resolve)));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => {
    stop(signal);
    void Promise.all(exited).then(() => process.exit(0));
  });
for (const child of children) child.on('exit', (code) => code && stop('SIGTERM'));
