// `pnpm dev`: the API (tsx watch), the host and every remote (Rsbuild dev servers with hot
// reload). The host's dev server proxies /api and /config.json to the API; the API's runtime
// configuration points the host at each remote's dev server.
import { install, spawnPnpm, step } from './lib/run.mjs';

install();
step('Modo desarrollo: API en :8080, host en :3000, remotos en :3001-3004');

const remotes = { rpus: 3001, periods: 3002, admin: 3003, settings: 3004 };
const env = {
  ...process.env,
  ...Object.fromEntries(
    Object.entries(remotes).map(([name, port]) => [
      `REMOTE_${name.toUpperCase()}_URL`,
      `http://localhost:${port}/mf-manifest.json`,
    ]),
  ),
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000',
};

const children = [
  spawnPnpm(['--filter', '@luz/api', 'dev'], { env }),
  spawnPnpm(['--filter', '@luz/host', 'dev'], { env }),
  ...Object.keys(remotes).map((name) => spawnPnpm(['--filter', `@luz/remote-${name}`, 'dev'], { env })),
];

const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children) child.on('exit', (code) => code && stop('SIGTERM'));
