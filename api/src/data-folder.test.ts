import { chmod, lstat, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makePrivate } from './data-folder';
import { startLuzProcess } from './testing/luz-process';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './testing/test-database';

// The data folder holds the embedded database (a superuser is one UPDATE away), the secrets, the
// outbox (live reset links) and the receipts: private to the service's user, also when an older
// version or a careless copy left it open.

/** Every path under `root` with its permission bits. */
async function modes(root: string): Promise<{ path: string; mode: number; folder: boolean }[]> {
  const stats = await lstat(root);
  const here = [{ path: root, mode: stats.mode & 0o777, folder: stats.isDirectory() }];
  if (!stats.isDirectory()) return here;
  const below = await Promise.all((await readdir(root)).map((entry) => modes(join(root, entry))));
  return [...here, ...below.flat()];
}

const wide = (entries: { path: string; mode: number; folder: boolean }[]) =>
  entries.filter(({ mode, folder }) => mode !== (folder ? 0o700 : 0o600));

let database: TestDatabase | null = null;
let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'luz-data-folder-'));
  if (testDatabaseKind() === 'postgres') database = await createTestDatabase({ migrated: false });
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
  await database?.drop();
});

/**
 * Starts the real API process on `dataDir`, sends one reset mail and stops it as Ctrl-C stops
 * `npm start` in a terminal: SIGINT reaches the API twice, from the terminal and forwarded by
 * scripts/start.mjs. Answers its output and exit code.
 */
async function startAndStop(dataDir: string): Promise<{ output: string; code: number | null }> {
  const luz = await startLuzProcess(
    'main',
    {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      // A portal nobody answers: the bundled replica is not needed here.
      PORTAL_URL: 'http://127.0.0.1:9',
      WEB_ROOT: dataDir,
      FIRST_SUPERUSER: 'jefa@luz.test',
      FIRST_SUPERUSER_PASSWORD: 'Una-Frase-Larga-De-Verdad-7',
      ...(database?.url ? { DATABASE_URL: database.url } : {}),
    },
    { inheritEnv: false },
  );
  try {
    const [, port] = (await luz.printed(/Luz escuchando en http:\/\/localhost:(\d+) /)) ?? [];
    await fetch(`http://127.0.0.1:${port}/api/v1/password-recovery/jefa@luz.test`, { method: 'POST' });
    // The mail is written after the answer: wait until the outbox holds it.
    const deadline = Date.now() + 150_000;
    const outbox = join(dataDir, 'outbox');
    while ((await readdir(outbox).catch(() => [])).filter((name) => name.endsWith('.eml')).length === 0) {
      if (Date.now() > deadline) throw new Error('no mail in the outbox');
      await new Promise((done) => setTimeout(done, 100));
    }
  } finally {
    // Stopped whatever happened: a process left running would still be writing the folder.
    luz.process.kill('SIGINT');
    // Signals sent together arrive as one: the second once the first has begun the shutdown.
    await luz.printed(/Shutting down/);
    luz.process.kill('SIGINT');
  }
  return { output: luz.output.join(''), code: await luz.exited };
}

test('a fresh start writes the database, secrets and outbox private to the user', async () => {
  const dataDir = join(folder, 'fresh');
  const { output, code } = await startAndStop(dataDir);
  // The second SIGINT did not cut the shutdown short: the database was closed.
  expect(code).toBe(0);
  const entries = await modes(dataDir);
  const names = entries.map(({ path }) => path.slice(dataDir.length));
  expect(names).toEqual(expect.arrayContaining(['/secret_key', '/credentials_key', '/outbox']));
  if (!database) expect(names.filter((name) => name.startsWith('/pgdata/')).length).toBeGreaterThan(10);
  expect(wide(entries)).toEqual([]);
  expect(output).not.toContain('made private');
}, 600_000);

test('a start on a folder left open closes it, says so, and a second start finds nothing to do', async () => {
  const dataDir = join(folder, 'fresh');
  const documents = join(dataDir, 'documents', 'usuario', 'servicio');
  await mkdir(documents, { recursive: true });
  await writeFile(join(documents, 'periodo.pdf'), '%PDF-1.4');
  for (const { path, folder: isFolder } of await modes(dataDir)) await chmod(path, isFolder ? 0o777 : 0o666);

  const { output } = await startAndStop(dataDir);
  expect(wide(await modes(dataDir))).toEqual([]);
  const warning = output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((entry) => String(entry.msg).includes('made private'));
  expect(warning).toMatchObject({ level: 40, folder: dataDir });
  expect(Number(warning?.files)).toBeGreaterThan(3);
  expect(Number(warning?.folders)).toBeGreaterThan(3);

  expect((await startAndStop(dataDir)).output).not.toContain('made private');
}, 600_000);

test('makePrivate leaves symbolic links and what they point to alone', async () => {
  const root = join(folder, 'links');
  await mkdir(join(root, 'inner'), { recursive: true });
  const outside = join(folder, 'outside.txt');
  await writeFile(outside, 'x', { mode: 0o644 });
  await symlink(outside, join(root, 'inner', 'link'));
  await writeFile(join(root, 'script.sh'), '#!/bin/sh', { mode: 0o755 });
  await chmod(join(root, 'inner'), 0o755);
  expect(await makePrivate(root)).toEqual({ folders: 2, files: 1 });
  expect((await lstat(join(root, 'script.sh'))).mode & 0o777).toBe(0o600);
  expect((await lstat(join(root, 'inner'))).mode & 0o777).toBe(0o700);
  expect((await lstat(outside)).mode & 0o777).toBe(0o644);
});
