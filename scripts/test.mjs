// `npm test`: every check CI makes, in the order that fails fastest. CI runs exactly this.
import { buildAllInBackground, install, pnpm, run, step } from './lib/run.mjs';

install();
const build = buildAllInBackground();

step('Formato y lint (Biome)');
pnpm(['exec', 'biome', 'ci', '.']);

step('Tipos (tsc -b: cada paquete estricto, incremental)');
pnpm(['exec', 'tsc', '-b']);

step(
  `Pruebas unitarias, de componentes y de la API (jest${process.env.TEST_DATABASE_URL ? ', también en PostgreSQL' : ', PGlite'})`,
);
run(process.execPath, ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--ci']);

await build.finish();
step('Pruebas de extremo a extremo (Playwright en Chromium, producto iniciado con npm start)');
// npm start starts what was just built instead of building it again.
pnpm(['--filter', '@luz/e2e', 'test'], { env: { ...process.env, LUZ_SKIP_BUILD: '1' } });
