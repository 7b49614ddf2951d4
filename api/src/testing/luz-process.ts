import { type ChildProcess, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { join } from 'node:path';
import { API_BUNDLE } from './worker-shared';

const apiDir = join(__dirname, '..', '..');

/**
 * The command that runs `src/main.ts` or `src/worker.ts` as production does: node on the run's
 * bundle of them (made by the jest global setup, global-setup.ts).
 */
function luzEntryCommand(entry: 'main' | 'worker'): { command: string; args: string[]; cwd: string } {
  const bundle = process.env[API_BUNDLE];
  if (!bundle) throw new Error(`${API_BUNDLE} is not set: the api projects' global setup makes the bundle`);
  return { command: process.execPath, args: [join(bundle, `${entry}.js`)], cwd: apiDir };
}

/** What each entry prints once it is ready for work. */
const readyLines = { main: /Luz escuchando en/, worker: /Worker de Luz listo/ } as const;

export type LuzProcess = {
  process: ChildProcess;
  /** Everything it printed so far, stdout and stderr interleaved. */
  output: string[];
  exited: Promise<number | null>;
  /** The first match of `pattern` in what it prints, once printed; null when it exits without. */
  printed(pattern: RegExp): Promise<RegExpExecArray | null>;
};

/**
 * How long a process may take to say it is ready before it is taken for hung and killed: a limit
 * for hangs, not a measure of speed. Four processes starting at once beside the end-to-end tests,
 * on two cores at load 10, took more than a minute (a 60 s limit failed a run that was right).
 */
const READY_LIMIT_MS = 300_000;

/**
 * `src/main.ts` or `src/worker.ts` as production runs them, in a process of its own with `env`
 * added to this one's (or, with `inheritEnv: false`, to nothing: a start on defaults). Resolves
 * once it says it is ready; rejects with its output when it exits first or is not ready within
 * `READY_LIMIT_MS`.
 */
export function startLuzProcess(
  entry: keyof typeof readyLines,
  env: Record<string, string>,
  { inheritEnv = true }: { inheritEnv?: boolean } = {},
): Promise<LuzProcess> {
  const { command, args, cwd } = luzEntryCommand(entry);
  const child = spawn(command, args, {
    cwd,
    // API only (the bundle's folder holds no front end), whether or not the build beside jest has
    // made the front end yet: WEB_ROOT defaults to the checkout, and a route for each of the
    // build's files was a tenth of a process's start.
    env: { ...(inheritEnv ? process.env : {}), WEB_ROOT: process.env[API_BUNDLE] as string, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const printing = new EventEmitter();
  const collect = (data: Buffer) => {
    output.push(String(data));
    printing.emit('data');
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const printed = (pattern: RegExp) =>
    new Promise<RegExpExecArray | null>((resolve) => {
      const check = () => {
        const match = pattern.exec(output.join(''));
        if (match) {
          printing.off('data', check);
          resolve(match);
        }
      };
      printing.on('data', check);
      check();
      void exited.then(() => {
        printing.off('data', check);
        resolve(pattern.exec(output.join('')));
      });
    });
  const luz: LuzProcess = { process: child, output, exited, printed };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${entry} was not ready within ${READY_LIMIT_MS} ms:\n${output.join('')}`));
    }, READY_LIMIT_MS);
    void printed(readyLines[entry]).then(async (ready) => {
      clearTimeout(timer);
      if (ready) return resolve(luz);
      reject(new Error(`${entry} exited with ${await exited} before it was ready:\n${output.join('')}`));
    });
  });
}

/** Asks it to stop (SIGTERM) and answers its exit code: 0 after a graceful shutdown. */
export async function stopLuzProcess(luz: LuzProcess): Promise<number | null> {
  luz.process.kill('SIGTERM');
  return luz.exited;
}
