// What the jest global setup, the api projects' environment and the test files agree on, without
// the database modules: the environment loads this in the worker's own realm, outside any test file.
import type { PasswordStrength } from '../auth/password-strength';
import type { PGliteArtifacts } from '../db/pglite';

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

/** The file name of PGlite's dumped data folder, migrated or not, in the templates folder. */
export const pgliteTemplateFile = (migrated: boolean) => (migrated ? 'migrated.tar' : 'empty.tar');

/** Made once per jest worker by the api projects' environment (environment.ts), for every file it runs. */
export type WorkerShared = {
  pgliteArtifacts(): Promise<PGliteArtifacts>;
  /** A template data folder (`loadDataDir`), or null outside the jest run that made them. */
  pgliteTemplate(migrated: boolean): Promise<Blob> | null;
  /** The password checker every test app of the worker uses (auth/password-policy.ts). */
  passwordChecker(): PasswordStrength;
};

/** The global under which each test file finds its worker's `WorkerShared`. */
export const workerSharedKey = '__luzWorkerShared';

/** The worker's shared things, when the file runs in the api projects' environment. */
export const workerShared = (): WorkerShared | undefined =>
  (globalThis as { [workerSharedKey]?: WorkerShared })[workerSharedKey];
