import { Worker } from 'node:worker_threads';

/**
 * The worker's whole program (CommonJS, evaluated: the same under tsx, jest and the bundled build).
 * It loads zxcvbn with its dictionaries (the common and breached passwords, English and Spanish
 * words, names, keyboard layouts, all bundled with the packages) on its first message, and answers
 * each password's score.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
let estimator;
function zxcvbn() {
  if (estimator) return estimator;
  const [{ ZxcvbnFactory }, common, english, spanish] = workerData.packages.map((path) => require(path));
  estimator = new ZxcvbnFactory({
    translations: spanish.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary, ...spanish.dictionary },
    // A check costs tens of milliseconds of CPU; these caps keep a crafted input (128 characters
    // of l33t symbols) near a tenth of a second instead of seconds. Every entry point is behind a
    // rate limit, a valid reset link or a superuser.
    l33tMaxSubstitutions: 5,
    maxLength: 64,
  });
  return estimator;
}
parentPort.on('message', ({ id, password, words }) => {
  try {
    parentPort.postMessage({ id, score: zxcvbn().check(password, words).score });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

/** The packages the worker loads, resolved by the caller from the API's own code. */
export const PASSWORD_CHECK_PACKAGES = [
  '@zxcvbn-ts/core',
  '@zxcvbn-ts/language-common',
  '@zxcvbn-ts/language-en',
  '@zxcvbn-ts/language-es-es',
];

/** A worker with no check for this long ends, and its dictionaries' memory goes with it. */
export const IDLE_MS = 10_000;

type Check = { resolve: (score: number) => void; reject: (error: Error) => void };

/**
 * zxcvbn's score of a password, computed in a worker thread that ends when idle. Loaded in the
 * API's own thread, its dictionaries held ~70 MB of resident memory for good: 45 s after one
 * sign-up the idle API on PGlite held 260–274 MiB, against 204–240 with this worker (issue 17). A
 * worker thread's memory goes back to the system when it ends. Sign-ups and password changes are
 * rare: the first check after a pause waits for the dictionaries again (a few hundred
 * milliseconds), as the first one after a start always did.
 */
export class PasswordStrength {
  /**
   * `packagePaths`: PASSWORD_CHECK_PACKAGES resolved, when the first worker starts. This module
   * imports nothing of the API's, so that jest's environment can make one outside the files' realms.
   */
  constructor(
    private readonly packagePaths: () => readonly string[],
    private readonly idleMs = IDLE_MS,
  ) {}

  private worker: Worker | null = null;
  private readonly checks = new Map<number, Check>();
  private nextId = 0;
  private idle: NodeJS.Timeout | null = null;

  score(password: string, words: readonly string[]): Promise<number> {
    const worker = this.ensureWorker();
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    // Only a check in progress keeps the process alive.
    worker.ref();
    const id = this.nextId++;
    return new Promise<number>((resolve, reject) => {
      this.checks.set(id, { resolve, reject });
      worker.postMessage({ id, password, words });
    });
  }

  /** Whether a worker (and its dictionaries) is alive now. */
  get running(): boolean {
    return this.worker !== null;
  }

  /** Ends the worker once no check is waiting (the app's close). */
  close() {
    if (this.checks.size === 0) this.end();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { packages: this.packagePaths() },
    });
    worker.on('message', ({ id, score, error }: { id: number; score?: number; error?: string }) => {
      const check = this.checks.get(id);
      this.checks.delete(id);
      if (error === undefined) check?.resolve(score as number);
      else check?.reject(new Error(error));
      if (this.checks.size === 0) this.rest();
    });
    const fail = (error: Error) => {
      // The worker is gone: what it was checking fails, the next check starts another.
      if (this.worker !== worker) return;
      this.worker = null;
      for (const check of this.checks.values()) check.reject(error);
      this.checks.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The password checker stopped (${code})`)));
    this.worker = worker;
    return worker;
  }

  private rest() {
    this.worker?.unref();
    this.idle = setTimeout(() => this.end(), this.idleMs);
    this.idle.unref();
  }

  private end() {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const worker = this.worker;
    this.worker = null;
    void worker?.terminate();
  }
}
