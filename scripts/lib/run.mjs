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

/** Says which command failed and ends the script with its status. */
function failed(command, args, status) {
  console.error(`\u2716 ${[command, ...args].join(' ')} failed (${status})`);
  process.exit(typeof status === 'number' ? status : 1);
}

/** A child process's exit status: its code, or 1 when a signal or an error ended it. */
const statusOf = (child) =>
  new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

/** A child's options: in the repository, with this script's output, through a shell on Windows. */
const inheriting = (options) => ({
  cwd: repoRoot,
  stdio: 'inherit',
  shell: process.platform === 'win32',
  ...options,
});

/** Runs a command to completion with inherited output; exits the script on failure. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, inheriting(options));
  if (result.status !== 0) failed(command, args, result.status ?? result.signal);
}

export function pnpm(args, options) {
  run(pnpmBin, [...pnpmPrefix, ...args], options);
}

export function spawnPnpm(args, options = {}) {
  return spawn(pnpmBin, [...pnpmPrefix, ...args], inheriting(options));
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

const posix = process.platform !== 'win32';
let stopsOnSignals = false;

/**
 * `command` in a process of its own, its output kept in a file until `finish()` prints it under
 * `title`, so that the steps run meanwhile keep theirs readable. `exited` is its status. If this
 * script ends first (a step failed, Ctrl-C), its whole process group is sent `stopSignal`: the
 * tools in between (npx, pnpm, a shell) pass no signal on, and Playwright stops the product it
 * started only when every process of its run is told, as Ctrl-C tells a terminal's.
 */
export function runInBackground(title, command, args, { env = process.env, stopSignal = 'SIGTERM' } = {}) {
  const folder = mkdtempSync(join(tmpdir(), 'luz-step-'));
  const logFile = join(folder, 'output.log');
  const log = openSync(logFile, 'w');
  const child = spawn(command, args, {
    cwd: repoRoot,
    env,
    stdio: ['ignore', log, log],
    shell: !posix,
    detached: posix,
  });
  closeSync(log);
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        if (posix) process.kill(-child.pid, stopSignal);
        else child.kill(stopSignal);
      } catch {
        // Already gone.
      }
    }
    rmSync(folder, { recursive: true, force: true });
  };
  process.once('exit', stop);
  // In a group of its own, the step no longer hears the terminal's Ctrl-C: this script passes it on.
  if (!stopsOnSignals) {
    stopsOnSignals = true;
    for (const [signal, code] of [
      ['SIGINT', 130],
      ['SIGTERM', 143],
    ])
      process.once(signal, () => process.exit(code));
  }
  const exited = statusOf(child).then((status) => {
    process.off('exit', stop);
    return status;
  });
  return {
    exited,
    async finish() {
      const status = await exited;
      step(title);
      process.stdout.write(readFileSync(logFile));
      rmSync(folder, { recursive: true, force: true });
      if (status !== 0) failed(command, args, status);
    },
  };
}

/** `run` without blocking this process: other work (a background step) goes on meanwhile. */
export function runAlongside(command, args, options = {}) {
  const child = spawn(command, args, inheriting(options));
  return statusOf(child).then((status) => {
    if (status !== 0) failed(command, args, status);
  });
}

/**
 * buildAll in the background (runInBackground): `npm test` builds while Biome, tsc and jest run,
 * which leave a core idle now and then, and the end-to-end phase starts what was built.
 */
export function buildAllInBackground() {
  return runInBackground(`${buildTitle} (en segundo plano desde el inicio)`, pnpmBin, [
    ...pnpmPrefix,
    ...buildArgs,
  ]);
}
