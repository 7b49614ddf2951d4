import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
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

export function buildAll() {
  step('Compilando la API, el host y los cuatro remotos');
  pnpm([
    '-r',
    '--workspace-concurrency=3',
    '--filter',
    './api',
    '--filter',
    './host',
    '--filter',
    './remote-*',
    'build',
  ]);
}
