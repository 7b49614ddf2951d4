// The api projects' jest environment: jest's node environment, plus what each test file of a worker
// would otherwise read, copy and compile again (decision 009). A jest worker runs many files, each
// in a new realm; this class is loaded once per worker, outside them, so what it keeps is made once.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { TestEnvironment } from 'jest-environment-node';
import { releaseAsyncStorages } from '../../../scripts/jest/async-storages.cjs';
import { PASSWORD_CHECK_PACKAGES, PasswordStrength } from '../auth/password-strength';
import type { PGliteArtifacts } from '../db/pglite';
import { PGlitePool } from './pglite-pool';
import {
  pgliteTemplateFile,
  TEST_PGLITE_SETTINGS,
  templateEnv,
  type WorkerShared,
  workerSharedKey,
} from './worker-shared';

// Node has it; TypeScript declares it only in the DOM's library.
declare const WebAssembly: {
  compile(bytes: Uint8Array): Promise<PGliteArtifacts['wasmModule']>;
  Module: { prototype: object };
};

const requireFromApi = createRequire(join(__dirname, '..', '..', 'package.json'));
const pgliteDist = () => dirname(requireFromApi.resolve('@electric-sql/pglite'));

/**
 * `make`, run on the first call and only then. A promise keeps the async context it was made in,
 * and one made during a test file kept that file's whole realm alive for the worker's life: so the
 * promises are made here, as the worker loads this module, outside any file.
 */
const once = <T>(make: () => Promise<T>) => {
  let start: () => void = () => undefined;
  const made = new Promise<void>((resolve) => {
    start = resolve;
  }).then(make);
  return () => {
    start();
    return made;
  };
};

/**
 * A Blob whose `arrayBuffer()` is one copy of bytes already in memory. Node's own reads the Blob
 * through a stream and joins its chunks: for the 6 MB file-system bundle and the 17 MB template
 * that PGlite reads at each start, that was a sixth of the start (decision 009).
 */
const bytesBlob = (bytes: Uint8Array): Blob =>
  Object.assign(new Blob([bytes]), { arrayBuffer: () => Promise.resolve(new Uint8Array(bytes).buffer) });

const readTemplate = (migrated: boolean) => async () => {
  const dir = process.env[templateEnv.pglite] as string;
  return bytesBlob(await readFile(join(dir, pgliteTemplateFile(migrated))));
};
const templates = { migrated: once(readTemplate(true)), empty: once(readTemplate(false)) };

/**
 * zxcvbn's worker thread, made here, outside the files' realms, so that one made by a file does
 * not keep that file's realm alive. Building its dictionaries costs about a second of CPU: once
 * per worker instead of once per file that checks a password. It ends when idle like the
 * product's, later, since the next file is seconds away.
 */
let passwordChecker: PasswordStrength | undefined;
const PASSWORD_CHECKER_IDLE_MS = 60_000;

/** PGlite's WebAssembly (9 MB) and its file-system bundle, read once per worker. */
const pgliteFiles = once(async () => {
  const dist = pgliteDist();
  const [wasm, bundle] = await Promise.all([
    readFile(join(dist, 'pglite.wasm')),
    readFile(join(dist, 'pglite.data')),
  ]);
  return { wasm, fsBundle: bytesBlob(bundle) };
});

const compileArtifacts = async (): Promise<PGliteArtifacts> => {
  const { wasm, fsBundle } = await pgliteFiles();
  return { wasmModule: await WebAssembly.compile(wasm), fsBundle };
};

/**
 * The worker's migrated databases, started in its realm and reused by its files (decision 178),
 * on a compiled module of their own: the files' one changes realm with each file (below).
 */
const pool = new PGlitePool({
  artifacts: once(compileArtifacts),
  template: () => templates.migrated(),
  settings: TEST_PGLITE_SETTINGS,
  // One file seldom holds more than two at once.
  keep: 2,
});

/**
 * PGlite's WebAssembly compiled once per worker instead of once per file, for the databases a
 * file starts itself; the migrated and empty template data folders likewise (their untarring is
 * PGlite's own, per database).
 */
const shared: WorkerShared = {
  pgliteArtifacts: once(compileArtifacts),
  pgliteTemplate: (migrated) =>
    process.env[templateEnv.pglite] ? (migrated ? templates.migrated() : templates.empty()) : null,
  migratedPGlite: () => (process.env[templateEnv.pglite] ? pool.acquire() : null),
  passwordChecker: () => {
    passwordChecker ??= new PasswordStrength(
      () => PASSWORD_CHECK_PACKAGES.map((name) => requireFromApi.resolve(name)),
      PASSWORD_CHECKER_IDLE_MS,
    );
    return passwordChecker;
  },
};

export default class ApiTestEnvironment extends TestEnvironment {
  constructor(...args: ConstructorParameters<typeof TestEnvironment>) {
    super(...args);
    const realmModule = (this.global.WebAssembly as typeof WebAssembly).Module;
    this.global[workerSharedKey] = {
      ...shared,
      async pgliteArtifacts() {
        const artifacts = await shared.pgliteArtifacts();
        // PGlite tells a compiled module from bytes with `instanceof WebAssembly.Module`, which
        // looks at the file's own realm; the module's internals are the same in every realm.
        Object.setPrototypeOf(artifacts.wasmModule, realmModule.prototype);
        return artifacts;
      },
    } satisfies WorkerShared;
  }

  override async teardown() {
    await super.teardown();
    releaseAsyncStorages();
  }
}
