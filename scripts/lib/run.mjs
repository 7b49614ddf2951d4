import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const pinned = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).packageManager; // "pnpm@10.x.y"
const pinnedMajor = pinned.split('@')[1].split('.')[0];

/**
 * How to call pnpm on this machine: the one on PATH when it is the pinned major, otherwise the
 * pinned version from the npm registry through npx (works without corepack, whose older
 * releases refuse pnpm 10's signatures).
 */
function pnpmCommand() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' });
  if (probe.status === 0 && probe.stdout.trim().split('.')[0] === pinnedMajor) return ['pnpm', []];
  return ['npx', ['--yes', pinned]];
}

const [pnpmBin, pnpmPrefix] = pnpmCommand();

/**
 * The environment an API process starts with: `env`, plus glibc's allocator told to give every
 * block of 128 KiB or more its own mapping, returned to the system when freed. Left to itself,
 * glibc raises that limit to the largest block freed so far, so after the first ZIP batch or
 * WebAssembly compilation the API's large buffers come from heaps it never shrinks: idle 261–279
 * → 207–222 MiB on PGlite, a 44,000-receipt ZIP's peak +99 → +42 MiB (docs/decisions/171).
 * A value the operator set wins.
 */
export function apiProcessEnv(env = process.env) {
  return { MALLOC_MMAP_THRESHOLD_: '131072', ...env };
}

export function step(title) {
  console.info(`\n\u25b6 ${title}`);
}

/** Runs a command to completion with inherited output; exits the script on failure. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    cwd: repoRoot,
    stdio: 'inherit',
    shell: process.platform === 'win32',
    ...options,
  });
  if (result.status !== 0) {
    console.error(`\u2716 ${[command, ...args].join(' ')} failed (${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

export function pnpm(args, options) {
  run(pnpmBin, [...pnpmPrefix, ...args], options);
}

export function spawnPnpm(args, options = {}) {
  return spawn(pnpmBin, [...pnpmPrefix, ...args], {
    cwd: repoRoot,
    stdio: 'inherit',
    shell: process.platform === 'win32',
    ...options,
  });
}

export function install() {
  step('Instalando dependencias (pnpm install)');
  pnpm(['install', '--frozen-lockfile', '--prefer-offline']);
}

const buildArgs = [
  '-r',
  '--workspace-concurrency=3',
  '--filter',
  './api',
  '--filter',
  './host',
  '--filter',
  './remote-*',
  'build',
];
const buildTitle = 'Compilando la API, el host y los cuatro remotos';

export function buildAll() {
  step(buildTitle);
  pnpm(buildArgs);
}

/**
 * buildAll in a process of its own, its output kept in a file until `finish()` prints it (the
 * steps run meanwhile keep theirs readable). `npm test` builds so while Biome, tsc and jest run:
 * tsc and jest's last files leave a core idle, and the end-to-end phase starts what was built.
 */
export function buildAllInBackground() {
  const folder = mkdtempSync(join(tmpdir(), 'luz-build-'));
  const logFile = join(folder, 'build.log');
  const log = openSync(logFile, 'w');
  const child = spawn(pnpmBin, [...pnpmPrefix, ...buildArgs], {
    cwd: repoRoot,
    stdio: ['ignore', log, log],
    shell: process.platform === 'win32',
  });
  closeSync(log);
  const exited = new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
  // A step that fails first ends this script: the build goes with it.
  const stop = () => child.exitCode === null && child.kill();
  process.once('exit', stop);
  return {
    async finish() {
      const status = await exited;
      process.off('exit', stop);
      step(`${buildTitle} (en segundo plano desde el inicio)`);
      process.stdout.write(readFileSync(logFile));
      rmSync(folder, { recursive: true, force: true });
      if (status !== 0) {
        console.error(`\u2716 ${['pnpm', ...buildArgs].join(' ')} failed (${status})`);
        process.exit(status);
      }
    },
  };
}
