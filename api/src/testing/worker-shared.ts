// What the jest global setup, the api projects' environment and the test files agree on, without
// the database modules: the environment loads this in the worker's own realm, outside any test file.
import type { PasswordStrength } from '../auth/password-strength';
import type { PGliteArtifacts, PGliteSession } from '../db/pglite';

/**
 * Set by the jest global setup (global-setup.ts) and inherited by its workers: the folder holding
 * PGlite's dumped data folders, and the migrated PostgreSQL template database.
 */
export const templateEnv = {
  pglite: 'LUZ_TEST_PGLITE_TEMPLATES',
  postgres: 'LUZ_TEST_POSTGRES_TEMPLATE',
} as const;

/**
 * The run's bundle of the API's entry points (`build.mjs --outdir`), from which tests start Luz
 * processes as production runs `api/dist`; removed by the global teardown.
 */
export const API_BUNDLE = 'LUZ_TEST_API_BUNDLE';

/** The run's temporary folder (TMPDIR of every worker), removed by the global teardown. */
export const RUN_FOLDER = 'LUZ_JEST_RUN_FOLDER';

/**
 * postgresql.conf lines of the test databases. PGlite fills its shared buffers when it starts: 32 MB
 * of them were a third of the start of a test file's database, which holds a few thousand rows at
 * most (decision 009).
 */
export const TEST_PGLITE_SETTINGS = ['shared_buffers = 4MB'];

/** The file name of PGlite's dumped data folder, migrated or not, in the templates folder. */
export const pgliteTemplateFile = (migrated: boolean) => (migrated ? 'migrated.tar' : 'empty.tar');

/** Made once per jest worker by the api projects' environment (environment.ts), for every file it runs. */
export type WorkerShared = {
  pgliteArtifacts(): Promise<PGliteArtifacts>;
  /** A template data folder (`loadDataDir`), or null outside the jest run that made them. */
  pgliteTemplate(migrated: boolean): Promise<Blob> | null;
  /**
   * A migrated database that the worker's earlier files may have used, emptied, as a session of the
   * worker's realm (pglite-pool.ts); null outside the jest run that made the templates.
   */
  migratedPGlite(): Promise<PGliteSession> | null;
  /** The password checker every test app of the worker uses (auth/password-policy.ts). */
  passwordChecker(): PasswordStrength;
};

/** The global under which each test file finds its worker's `WorkerShared`. */
export const workerSharedKey = '__luzWorkerShared';

/** The worker's shared things, when the file runs in the api projects' environment. */
export const workerShared = (): WorkerShared | undefined =>
  (globalThis as { [workerSharedKey]?: WorkerShared })[workerSharedKey];
