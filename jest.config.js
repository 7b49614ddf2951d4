// One jest run for the whole workspace: each package is a project with its own environment.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { testsNotForPostgres } from './scripts/jest/database-tests.mjs';

const swc = (jsx) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: jsx },
      transform: jsx ? { react: { runtime: 'automatic' } } : undefined,
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const esmOnly = ['cookie', 'content-disposition', 'p-retry', 'is-network-error', 'p-map'];

const frontEnd = (dir) => ({
  displayName: dir,
  rootDir: `<rootDir>/${dir}`,
  testEnvironment: '<rootDir>/../scripts/jest/jsdom-environment.cjs',
  // jest's runtime, keeping V8's code cache of each module per worker (decision 009).
  runtime: '<rootDir>/../scripts/jest/code-cache-runtime.cjs',
  // Spies (jest.spyOn) are put back before every test, also after one that failed half-way.
  restoreMocks: true,
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}', '<rootDir>/build/**/*.test.ts'],
  transform: { '^.+\\.(t|j)sx?$': swc(true) },
  setupFilesAfterEnv: ['<rootDir>/../shared/src/testing/setup-dom.ts'],
});

/**
 * The API's tests. With TEST_DATABASE_URL set, each file that opens a database runs on PGlite and
 * then on PostgreSQL in one realm (`scripts/jest/on-both-databases.cjs`); the others, which would
 * test the same code twice, run once (decision 009).
 */
const api = ({ postgres }) => ({
  displayName: 'api',
  rootDir: '<rootDir>/api',
  // jest's node environment, plus what every file of a worker shares: PGlite's compiled
  // WebAssembly and the template data folders (decision 009).
  testEnvironment: '<rootDir>/src/testing/environment.ts',
  // jest's runtime, keeping V8's code cache of each module per worker (decision 009).
  runtime: '<rootDir>/../scripts/jest/code-cache-runtime.cjs',
  restoreMocks: true,
  // Each API test file starts a real app on a database of its own, copied from a template that
  // the global setup migrates once per run (argon2 is slow on purpose).
  testTimeout: 30_000,
  globalSetup: '<rootDir>/src/testing/global-setup.ts',
  globalTeardown: '<rootDir>/src/testing/global-teardown.ts',
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  transform: {
    '^.+\\.(t|j)s$': postgres
      ? [
          '<rootDir>/../scripts/jest/on-both-databases.cjs',
          { swc: swc(false)[1], oneDatabase: notForPostgres() },
        ]
      : swc(false),
  },
  // utils/resolve-package.ts reads import.meta, which the CommonJS that jest runs has not.
  moduleNameMapper: { '/utils/resolve-package$': '<rootDir>/src/testing/resolve-package.cjs' },
  // ESM-only dependencies are compiled to CommonJS like our own sources.
  transformIgnorePatterns: [`/node_modules/(?!\\.pnpm|(${esmOnly.join('|')})/)`],
});

const notForPostgres = () => testsNotForPostgres(fileURLToPath(new URL('./api/src', import.meta.url)));

export default {
  rootDir: '.',
  // One worker per core. A third worker on two cores, meant to fill what a waiting file leaves,
  // made the whole `npm test` slower and costlier in CPU once the end-to-end tests ran beside jest,
  // which fill those waits themselves (decision 009).
  maxWorkers: availableParallelism(),
  // Files used to leave their realm reachable after they ended (Node's fetch timer kept jest's
  // async-local store, now boxed by scripts/jest/async-storages.cjs), so a worker's heap grew from
  // ~180 to ~500 MB over its files, and garbage collection took 8 % of its time at the start and
  // 30 % at the end. A worker past this after a file is replaced by a new one: a guard against the
  // next such leak (decision 009).
  workerIdleMemoryLimit: '400MB',
  // The files that start processes first: on a clean checkout jest knows no durations (decision 009).
  testSequencer: '<rootDir>/scripts/jest/sequencer.mjs',
  // Jest reads testTimeout from the global configuration only; the api project's value is not enough.
  // A limit for hangs, not a measure of speed: on a loaded 2-core CI machine, set-ups that start
  // two applications on a fresh embedded database passed 30 s.
  testTimeout: 90_000,
  projects: [
    frontEnd('shared'),
    frontEnd('host'),
    frontEnd('remote-rpus'),
    frontEnd('remote-periods'),
    frontEnd('remote-admin'),
    frontEnd('remote-settings'),
    // On PostgreSQL too when a server is available (ARCHITECTURE §9).
    api({ postgres: Boolean(process.env.TEST_DATABASE_URL) }),
  ],
};
