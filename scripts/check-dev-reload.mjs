// `node scripts/check-dev-reload.mjs`: starts `pnpm dev`, opens the host in Chromium and edits a
// text of each remote (its src/text.ts) and a host component, each time waiting for the new text in
// the page without a reload; prints how long each took. Then stops `pnpm dev` with SIGTERM and checks
// that nothing it started is left (docs/decisions/006-dev-hot-reload.md). Every edited file is put
// back, also on failure. PORT and HOST_PORT move the API and the host (as for `pnpm dev`); the
// remotes' dev servers are on 3001–3004. CHROMIUM_PATH: the browser (default /usr/bin/chromium).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, step } from './lib/run.mjs';

const { chromium } = createRequire(join(repoRoot, 'e2e', 'package.json'))('@playwright/test');

const apiPort = Number(process.env.PORT ?? 8080);
const hostPort = Number(process.env.HOST_PORT ?? 3000);
const host = `http://localhost:${hostPort}`;
const remotePorts = [3001, 3002, 3003, 3004];
const superuser = { email: 'dev-reload@luz.local', password: 'Cambio-de-prueba-9471' };

/** An edit of one file: `from` becomes `to`, and the page's level-1 heading (or `text`) shows it. */
const edits = [
  { app: 'remote-rpus', path: '/rpus/', file: 'remote-rpus/src/text.ts', title: 'Servicios' },
  { app: 'remote-periods', path: '/periods', file: 'remote-periods/src/text.ts', title: 'Periodos' },
  { app: 'remote-admin', path: '/admin', file: 'remote-admin/src/text.ts', title: 'Administración' },
  { app: 'remote-settings', path: '/settings', file: 'remote-settings/src/text.ts', title: 'Configuración' },
];
const hostEdit = {
  file: 'host/src/layout/footer.tsx',
  from: "{es.app.poweredBy}{' '}",
  to: "{es.app.poweredBy} (editado){' '}",
  text: 'powered by (editado)',
};

const originals = new Map();
function edit(file, from, to) {
  const path = join(repoRoot, file);
  const text = originals.get(path) ?? readFileSync(path, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} has no ${from}`);
  originals.set(path, text);
  writeFileSync(path, text.replace(from, to));
}
function restore(file) {
  const path = join(repoRoot, file);
  if (originals.has(path)) writeFileSync(path, originals.get(path));
  originals.delete(path);
}
function restoreAll() {
  for (const [path, text] of originals) writeFileSync(path, text);
  originals.clear();
}

/** Every process below `pid` (pnpm, Rsbuild, tsx, the API…). */
function descendants(pid) {
  const table = spawnSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .stdout.trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
  const found = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const [child, ppid] of table)
      if (ppid === parent) {
        found.push(child);
        queue.push(child);
      }
  }
  return found;
}
/** A process still running (an exited one its parent has not reaped yet does not count). */
const running = (pid) => {
  const state = spawnSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
  return state !== '' && !state.startsWith('Z');
};
const describe = (pid) =>
  spawnSync('ps', ['-o', 'pid=,stat=,args=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();

async function waitFor(what, check, timeoutMs) {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not ready after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
const answers = (url) => () => fetch(url).then((response) => response.ok);

const work = mkdtempSync(join(tmpdir(), 'luz-dev-reload-'));
const log = join(work, 'dev.log');
step(`Iniciando pnpm dev (registro en ${log})`);
const output = openSync(log, 'a');
const dev = spawn(process.execPath, [join(repoRoot, 'scripts', 'dev.mjs')], {
  cwd: repoRoot,
  stdio: ['ignore', output, output],
  env: {
    ...process.env,
    PORT: String(apiPort),
    HOST_PORT: String(hostPort),
    DATA_DIR: join(work, 'data'),
    FIRST_SUPERUSER: superuser.email,
    FIRST_SUPERUSER_PASSWORD: superuser.password,
  },
});
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    restoreAll();
    dev.kill('SIGTERM');
    process.exit(1);
  });

const results = [];
let browser;
let failure = null;
try {
  await waitFor('host', answers(`${host}/login`), 300_000);
  await waitFor('API', answers(`${host}/config.json`), 300_000);
  for (const port of remotePorts)
    await waitFor(`remote :${port}`, answers(`http://localhost:${port}/mf-manifest.json`), 300_000);

  const login = await fetch(`http://localhost:${apiPort}/api/v1/login/access-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: superuser.email, password: superuser.password }),
  });
  const { access_token: token } = await login.json();
  // A linked CFE account, so that the screens open instead of the onboarding.
  await fetch(`http://localhost:${apiPort}/api/v1/credentials/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ cfe_user: 'empresa.demo', password: 'Demo-2024', alias: 'Demo' }),
  });

  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const page = await browser.newPage();
  await page.addInitScript((value) => window.localStorage.setItem('access_token', value), token);
  // Not by role: an open dialog hides the rest of the page from the accessibility tree.
  const heading = page.locator('h1');
  const reloads = () => page.evaluate(() => window.__devReloadMarker !== true);

  for (const { app, path, file, title } of edits) {
    step(`${app}: ${path}`);
    await page.goto(`${host}${path}`);
    await heading.filter({ hasText: new RegExp(`^${title}$`) }).waitFor({ timeout: 120_000 });
    // A reload would lose this mark; component state is a dialog the page keeps open (rpus).
    await page.evaluate(() => {
      window.__devReloadMarker = true;
    });
    const withDialog = app === 'remote-rpus';
    if (withDialog) await page.getByRole('button', { name: 'Agregar servicio' }).first().click();
    const edited = `${title} (editado)`;
    let started = Date.now();
    edit(file, `title: '${title}',`, `title: '${edited}',`);
    await heading.filter({ hasText: edited }).waitFor({ timeout: 60_000 });
    const shown = Date.now() - started;
    const dialogKept = withDialog ? await page.getByRole('dialog').isVisible() : null;
    let hostShown = null;
    if (withDialog) {
      // A host edit while the remote's edit is on the page; then the remote renders again: its
      // edited component must stay (React keeps one family resolver for all the bundles).
      started = Date.now();
      edit(hostEdit.file, hostEdit.from, hostEdit.to);
      await page.getByText(hostEdit.text).waitFor({ timeout: 60_000 });
      hostShown = Date.now() - started;
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      // Away to another remote and back: the page's components are created anew, from the
      // remote's modules as first loaded; React must still pick the edited version.
      const navigation = page.getByRole('navigation', { name: 'Navegación principal' });
      await navigation.getByRole('link', { name: 'Periodos' }).click();
      await heading.filter({ hasText: /^Periodos$/ }).waitFor({ timeout: 60_000 });
      await navigation.getByRole('link', { name: 'Servicios' }).click();
      await heading.filter({ hasText: edited }).waitFor({ timeout: 30_000 });
      restore(hostEdit.file);
      await page.getByText(hostEdit.text).waitFor({ state: 'detached', timeout: 60_000 });
    }
    started = Date.now();
    restore(file);
    await heading.filter({ hasText: new RegExp(`^${title}$`) }).waitFor({ timeout: 60_000 });
    const back = Date.now() - started;
    const reloaded = await reloads();
    results.push({ app, shown, back, reloaded, dialogKept, hostShown });
    if (reloaded) throw new Error(`${app}: the page reloaded instead of updating`);
    if (dialogKept === false) throw new Error(`${app}: the edit lost the page's state (the dialog closed)`);
  }
} catch (error) {
  failure = error;
} finally {
  restoreAll();
  await browser?.close();
}

step('Deteniendo pnpm dev con SIGTERM');
const started = descendants(dev.pid);
const ended = new Promise((resolve) => dev.once('exit', resolve));
dev.kill('SIGTERM');
await ended;
// Servers close their sockets and exit on their own once signalled: give them a few seconds.
let left = started.filter(running);
for (let waited = 0; left.length > 0 && waited < 10_000; waited += 500) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  left = left.filter(running);
}
const portsInUse = [];
for (const port of [apiPort, hostPort, ...remotePorts])
  if (
    await fetch(`http://localhost:${port}/`).then(
      () => true,
      () => false,
    )
  )
    portsInUse.push(port);

console.info('\nEdición                 aparece    vuelve   recarga  estado   host con remoto editado');
for (const { app, shown, back, reloaded, dialogKept, hostShown } of results)
  console.info(
    `${app.padEnd(22)} ${`${shown} ms`.padStart(8)} ${`${back} ms`.padStart(9)}   ${reloaded ? 'sí' : 'no'}      ${
      dialogKept === null ? '—   ' : dialogKept ? 'sí  ' : 'no  '
    }   ${hostShown === null ? '—' : `${hostShown} ms`}`,
  );
console.info(`\nProcesos de pnpm dev al detenerlo: ${started.length}; siguen vivos: ${left.length}`);
for (const pid of left) console.info(`  ${describe(pid)}`);
console.info(`Puertos que siguen respondiendo: ${portsInUse.length ? portsInUse.join(', ') : 'ninguno'}`);
console.info(
  `Carga (1, 5, 15 min): ${loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')}`,
);

if (failure || left.length > 0 || portsInUse.length > 0) {
  if (failure) console.error(`\n\u2716 ${failure.message} (registro de pnpm dev: ${log})`);
  process.exit(1);
}
rmSync(work, { recursive: true, force: true });
console.info(
  '\n\u2714 Cada remoto y el host se actualizan en la página sin recargarla; no queda ningún proceso.',
);
