// `npm start`: installs, builds and starts the complete product on its embedded defaults
// (PGlite in DATA_DIR, host and remotes from their build output, portal simulator, local billing,
// mail to an outbox folder) on one port.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { apiProcessEnv, buildAll, install, repoRoot, step } from './lib/run.mjs';

install();
// `npm test` has built the product already when its end-to-end phase starts it.
if (process.env.LUZ_SKIP_BUILD !== '1') buildAll();
step('Iniciando Luz');
const server = spawn(process.execPath, [join(repoRoot, 'api', 'dist', 'main.js')], {
  cwd: repoRoot,
  env: apiProcessEnv(),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
