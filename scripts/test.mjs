// `npm test`: every check CI makes, in the order that fails fastest. CI runs exactly this.
import { join } from 'node:path';
import { buildAllInBackground, install, pnpm, repoRoot, run, step } from './lib/run.mjs';

install();
const build = buildAllInBackground();

step('Formato y lint (Biome)');
pnpm(['exec', 'biome', 'ci', '.']);

step('Tipos (tsc -b de TypeScript 7: cada paquete estricto, incremental)');
// TypeScript 7's native compiler checks; 5.9 stays for the tools that use its API (decision 009).
run(process.execPath, [join(repoRoot, 'node_modules/@typescript/native/bin/tsc'), '-b']);

step(
  `Pruebas unitarias, de componentes y de la API (jest${process.env.TEST_DATABASE_URL ? ', también en PostgreSQL' : ', PGlite'})`,
);
run(process.execPath, ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--ci']);

await build.finish();
step('Pruebas de extremo a extremo (Playwright en Chromium, producto iniciado con npm start)');
// npm start starts what was just built instead of building it again.
pnpm(['--filter', '@luz/e2e', 'test'], { env: { ...process.env, LUZ_SKIP_BUILD: '1' } });
