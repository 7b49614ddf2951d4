import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { API_BUNDLE } from './worker-shared';

const apiDir = join(__dirname, '..', '..');

/**
 * The command that runs `src/main.ts` or `src/worker.ts` as production does: node on the run's
 * bundle of them (made by the jest global setup, global-setup.ts).
 */
export function luzEntryCommand(entry: 'main' | 'worker'): { command: string; args: string[]; cwd: string } {
  const bundle = process.env[API_BUNDLE];
  if (!bundle) throw new Error(`${API_BUNDLE} is not set: the api projects' global setup makes the bundle`);
  return { command: process.execPath, args: [join(bundle, `${entry}.js`)], cwd: apiDir };
}

/** What each entry prints once it is ready for work. */
const readyLines = { main: 'Luz escuchando en', worker: 'Worker de Luz listo' } as const;

export type LuzProcess = {
  process: ChildProcess;
  /** Everything it printed so far, stdout and stderr interleaved. */
  output: string[];
  exited: Promise<number | null>;
};

/**
 * `src/main.ts` or `src/worker.ts` as production runs them, in a process of its own with `env`
 * added to this one's. Resolves once it says it is ready; rejects with its output when it exits
 * first or is not ready within `timeoutMs`.
 */
export function startLuzProcess(
  entry: keyof typeof readyLines,
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<LuzProcess> {
  const { command, args, cwd } = luzEntryCommand(entry);
  const child = spawn(command, args, {
    cwd,
    // API only (the bundle's folder holds no front end), whether or not the build beside jest has
    // made the front end yet: WEB_ROOT defaults to the checkout, and a route for each of the
    // build's files was a tenth of a process's start.
    env: { ...process.env, WEB_ROOT: process.env[API_BUNDLE] as string, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => fail(`was not ready within ${timeoutMs} ms`), timeoutMs);
    function fail(why: string) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${entry} ${why}:\n${output.join('')}`));
    }
    const collect = (data: Buffer) => {
      output.push(String(data));
      if (!settled && output.join('').includes(readyLines[entry])) {
        settled = true;
        clearTimeout(timer);
        resolve({ process: child, output, exited });
      }
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    void exited.then((code) => fail(`exited with ${code} before it was ready`));
  });
}

/** Asks it to stop (SIGTERM) and answers its exit code: 0 after a graceful shutdown. */
export async function stopLuzProcess(luz: LuzProcess): Promise<number | null> {
  luz.process.kill('SIGTERM');
  return luz.exited;
}
