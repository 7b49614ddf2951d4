// `npm test`: every check CI makes, in the order that fails fastest. CI runs exactly this.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import {
  buildAllInBackground,
  install,
  repoRoot,
  run,
  runAlongside,
  runInBackground,
  step,
} from './lib/run.mjs';

// The tools' own entry points, run by this Node: through pnpm, which a fresh machine runs through
// npx, each step paid ~3 s of CPU and of waiting before its tool started.
const tool = (path) => join(repoRoot, path);

install();
const build = buildAllInBackground();

step('Formato y lint (Biome)');
run(process.execPath, [tool('node_modules/@biomejs/biome/bin/biome'), 'ci', '.']);

step('Tipos (tsc -b de TypeScript 7: cada paquete estricto, incremental)');
// TypeScript 7's native compiler checks; 5.9 stays for the tools that use its API (decision 009).
// Its checkers run in parallel threads, which on two cores, beside the build, cost more CPU for a
// slower check: cold, 18.7–19.0 s with 36–37 CPU-seconds used on the machine; single-threaded,
// 13.1–13.2 s with 23–24 (issue 11, stop 54).
const tscThreads = availableParallelism() <= 2 ? ['--singleThreaded'] : [];
run(process.execPath, [tool('node_modules/@typescript/native/bin/tsc'), '-b', ...tscThreads]);

// The end-to-end tests start as soon as the build is done, beside jest: each leaves part of the
// two cores idle while it waits on sockets, databases and the browser, and the other fills it
// (decision 173). Their output is printed after jest's. npm start starts what was just built
// instead of building it again; a failed step stops them as Ctrl-C would, so the product they
// started closes its database.
const endToEnd = build.exited.then((status) =>
  status === 0
    ? runInBackground(
        'Pruebas de extremo a extremo (Playwright en Chromium, producto iniciado con npm start; en paralelo con jest desde que terminó la compilación)',
        process.execPath,
        [
          tool('e2e/node_modules/@playwright/test/cli.js'),
          'test',
          '--config',
          tool('e2e/playwright.config.ts'),
        ],
        { env: { ...process.env, LUZ_SKIP_BUILD: '1' }, stopSignal: 'SIGINT' },
      )
    : null,
);

step(
  `Pruebas unitarias, de componentes y de la API (jest${process.env.TEST_DATABASE_URL ? ', también en PostgreSQL' : ', PGlite'})`,
);
await runAlongside(process.execPath, ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--ci']);

await build.finish();
await (await endToEnd)?.finish();
