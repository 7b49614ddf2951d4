// The product as `npm start` builds and runs it (`node api/dist/main.js` serving host/dist and
// every remote-*/dist), on a data folder seeded with one subscribed superuser, a portal account,
// service points and a year of periods, plus a static 10-row page served by the same server as
// the reference for the page-load figures.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { migrate } from '../../api/src/db/migrate';
import { openPGlite } from '../../api/src/db/pglite';
import { LocalDocumentStorage } from '../../api/src/storage/local-storage';
import { seedSuperuser, tokenFor } from '../../api/src/testing/fixtures';
import { seedCredential, seedPeriod, seedRpu } from '../../api/src/testing/periods-fixtures';
import { apiProcessEnv, buildAll, repoRoot } from '../../scripts/lib/run.mjs';

export const STATIC_PAGE = '/bench-static-page.html';

export type RunningProduct = {
  origin: string;
  token: string;
  rpuId: string;
  stop(): Promise<void>;
};

const SERVICE_POINTS = 30;
const SERVICE_POINTS_WITH_PERIODS = 6;
const MONTHS = 12;

/** A plain HTML page with a heading and a 10-row table: what a server-rendered list costs. */
function staticPage(): string {
  const rows = Array.from(
    { length: 10 },
    (_, index) =>
      `<tr><td>${String(100000000000 + index)}</td><td>Sucursal ${index + 1}</td><td>Vinculado</td><td>$1,${index}00.00</td></tr>`,
  ).join('\n');
  return `<!doctype html>
<html lang="es-MX">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Servicios</title>
<style>body{font-family:system-ui,sans-serif;background:#16121a;color:#eee;margin:24px}table{border-collapse:collapse;width:100%}td,th{padding:8px 12px;border-bottom:1px solid #333;text-align:left}</style>
</head>
<body><h1>Servicios</h1>
<table><thead><tr><th>Número de servicio</th><th>Alias</th><th>Estado</th><th>Último pago</th></tr></thead>
<tbody>
${rows}
</tbody></table></body></html>
`;
}

/**
 * A web root of its own: a copy of host/dist with the static page beside index.html (compressed
 * like every other file) and links to the remotes' build output.
 */
async function webRoot(dir: string) {
  await cp(join(repoRoot, 'host', 'dist'), join(dir, 'host', 'dist'), { recursive: true });
  const page = Buffer.from(staticPage());
  const file = join(dir, 'host', 'dist', STATIC_PAGE.slice(1));
  await writeFile(file, page);
  await writeFile(`${file}.br`, brotliCompressSync(page));
  await writeFile(`${file}.gz`, gzipSync(page, { level: 9 }));
  const remotes = (await readdir(repoRoot)).filter((name) => name.startsWith('remote-'));
  for (const remote of remotes) {
    await mkdir(join(dir, remote), { recursive: true });
    await symlink(join(repoRoot, remote, 'dist'), join(dir, remote, 'dist'));
  }
}

async function seed(dataDir: string, secretKey: string) {
  const db = await openPGlite(join(dataDir, 'pgdata'));
  try {
    await migrate(db);
    const storage = new LocalDocumentStorage(join(dataDir, 'documents'));
    // A superuser always counts as subscribed (spec §4) and sees every screen, /admin included.
    const user = await seedSuperuser(db, { fullName: 'Ana Benchmark', companyName: 'Benchmark S.A.' });
    const credentialId = await seedCredential(db, user.id, { alias: 'Oficina' });
    const rpuIds: string[] = [];
    for (let index = 0; index < SERVICE_POINTS; index++) {
      rpuIds.push(
        await seedRpu(db, user.id, {
          serviceNumber: String(300000000000 + index),
          alias: `Sucursal ${index + 1}`,
          credentialId,
        }),
      );
    }
    for (const rpuId of rpuIds.slice(0, SERVICE_POINTS_WITH_PERIODS)) {
      for (let month = 1; month <= MONTHS; month++) {
        const start = `2024-${String(month).padStart(2, '0')}-01`;
        const end = new Date(Date.UTC(2024, month, 0)).toISOString().slice(0, 10);
        await seedPeriod(db, storage, {
          userId: user.id,
          rpuId,
          credentialId,
          initialDate: start,
          finalDate: end,
          amount: `${1000 + month * 37}.50`,
          consumptionKwh: `${300 + month * 11}.00`,
        });
      }
    }
    const token = await tokenFor({ secretKey, accessTokenExpireMinutes: 600 }, db, user.id);
    return { token, rpuId: rpuIds[0] as string };
  } finally {
    await db.close();
  }
}

async function waitForHealth(origin: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The product exited early (${child.exitCode})`);
    try {
      const response = await fetch(`${origin}/api/v1/utils/health-check/`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The product did not answer its health check within a minute');
}

/**
 * Builds everything (`npm start`'s build), seeds a data folder and starts the API on `port`.
 * `build: false` measures the build already on disk (probing one change without rebuilding all).
 */
export async function startProduct(port: number, { build = true } = {}): Promise<RunningProduct> {
  if (build) buildAll();
  const scratch = await mkdtemp(join(tmpdir(), 'luz-bench-web-'));
  const dataDir = join(scratch, 'data');
  const root = join(scratch, 'web');
  await mkdir(dataDir, { recursive: true });
  await webRoot(root);
  const secretKey = randomBytes(48).toString('base64url');
  const { token, rpuId } = await seed(dataDir, secretKey);

  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(repoRoot, 'api', 'dist', 'main.js')], {
    cwd: repoRoot,
    env: apiProcessEnv({
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      WEB_ROOT: root,
      SECRET_KEY: secretKey,
      // No sync runs while pages are measured: the figures are the front end's alone.
      WORKERS: 'false',
      LOG_LEVEL: 'warn',
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(origin, child);
  return {
    origin,
    token,
    rpuId,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(scratch, { recursive: true, force: true });
    },
  };
}
