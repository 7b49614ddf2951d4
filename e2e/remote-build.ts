import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const workspace = fileURLToPath(new URL('..', import.meta.url));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Run by Node in the remote's folder, so that its own Rsbuild and configuration are the ones used.
const buildScript = `
import { createRsbuild, loadConfig, mergeRsbuildConfig, rspack } from '@rsbuild/core';
const [textPattern, changedText, distRoot] = process.argv.slice(1);
const { content } = await loadConfig({ cwd: process.cwd(), command: 'build' });
const changed = new rspack.NormalModuleReplacementPlugin(new RegExp(textPattern), changedText);
const rsbuild = await createRsbuild({
  cwd: process.cwd(),
  rsbuildConfig: mergeRsbuildConfig(content, {
    output: { distPath: { root: distRoot } },
    tools: { rspack: { plugins: [changed] } },
  }),
});
await rsbuild.build();
`;

/**
 * A production build of one remote whose `src/text.ts` differs from the repository's by `change`
 * (the file is copied and changed outside the repository; the build takes the copy in its place).
 * Returns the folder of the built remote.
 */
export async function buildRemoteWithChangedText(
  remote: 'rpus' | 'periods' | 'admin' | 'settings',
  change: { from: string; to: string },
): Promise<{ dist: string; remove: () => void }> {
  const folder = mkdtempSync(join(tmpdir(), `luz-remote-${remote}-`));
  const textFile = join(workspace, `remote-${remote}`, 'src', 'text.ts');
  const original = readFileSync(textFile, 'utf8');
  if (!original.includes(change.from)) throw new Error(`remote-${remote}/src/text.ts has no ${change.from}`);
  const changedText = join(folder, 'text.ts');
  writeFileSync(changedText, original.replace(change.from, change.to));
  const dist = join(folder, 'dist');
  try {
    await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '-e', buildScript, `^${escapeRegExp(textFile)}$`, changedText, dist],
      { cwd: join(workspace, `remote-${remote}`), env: { ...process.env, NODE_ENV: 'production' } },
    );
  } catch (error) {
    // execFile's message has the command and stderr only: a build that failed once in a whole run
    // said nothing more. Its exit code, signal and the end of its stdout may say why.
    const { code, signal, stdout, message } = error as Error & {
      code?: number;
      signal?: string;
      stdout?: string;
    };
    throw new Error(
      `The build of remote-${remote} failed (exit code ${code ?? '?'}, signal ${signal ?? 'none'}). ${message}\nIts output:\n${String(stdout ?? '').slice(-4000)}`,
    );
  }
  // The screens' headings (first-frame.json) are written from the text catalogue as the build's
  // configuration loads, which the module replacement does not reach: the same change, made there.
  const quoted = (code: string) => /'([^']*)'/.exec(code)?.[1];
  const [fromText, toText] = [quoted(change.from), quoted(change.to)];
  const headingsFile = join(dist, 'first-frame.json');
  if (fromText !== undefined && toText !== undefined) {
    const headings = readFileSync(headingsFile, 'utf8');
    writeFileSync(headingsFile, headings.replaceAll(JSON.stringify(fromText), JSON.stringify(toText)));
  }
  return { dist, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/**
 * A static origin of its own for a built remote, as a CDN would serve it: any origin may fetch its
 * files (the host's page fetches the manifest and loads the scripts from another origin).
 */
export async function serveFolder(root: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    response.setHeader('Access-Control-Allow-Origin', '*');
    try {
      const body = readFileSync(join(root, path));
      response.writeHead(200, { 'Content-Type': contentTypes[extname(path)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A free TCP port on the loopback interface. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A second deploy of the product, on a database of its own, from the same build output as the
 * product under test (host and remotes), with `env` added: e.g. REMOTE_RPUS_URL pointing one
 * remote elsewhere, as an operator would deploy it. Its first superuser is `superuser`.
 */
export async function startProduct(env: Record<string, string>) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'luz-e2e-second-'));
  const superuser = { email: 'admin@second.luz.test', password: 'e2e-Second-Admin-1' };
  const server = spawn(process.execPath, [join(workspace, 'api', 'dist', 'main.js')], {
    cwd: workspace,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      FIRST_SUPERUSER: superuser.email,
      FIRST_SUPERUSER_PASSWORD: superuser.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the second deploy ended (${server.exitCode})`);
    const healthy = await fetch(`${baseURL}/api/v1/utils/health-check/`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() - started > 120_000) throw new Error('the second deploy did not start within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    baseURL,
    superuser,
    stop: async () => {
      const ended = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await ended;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
