// `npm start`: installs, builds and starts the complete product on its embedded defaults
// (PGlite in DATA_DIR, host and remotes from their build output, portal simulator, local billing,
// mail to an outbox folder) on one port.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { apiProcessEnv, buildAll, install, repoRoot, step } from './lib/run.mjs';

// `npm test` has installed and built the product already when its end-to-end phase starts it:
// installing again only checked the lockfile, ~3 s before the first test could start.
if (process.env.LUZ_SKIP_BUILD !== '1') {
  install();
  buildAll();
}
step('Iniciando Luz');
const server = spawn(process.execPath, [join(repoRoot, 'api', 'dist', 'main.js')], {
  cwd: repoRoot,
  env: apiProcessEnv(),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
