// One jest run for the whole workspace: each package is a project with its own environment.
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

const esmOnly = ['cookie', 'content-disposition'];

const frontEnd = (dir) => ({
  displayName: dir,
  rootDir: `<rootDir>/${dir}`,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  transform: { '^.+\\.(t|j)sx?$': swc(true) },
  setupFilesAfterEnv: ['<rootDir>/../shared/src/testing/setup-dom.ts'],
});

const api = ({ postgres = false } = {}) => ({
  displayName: postgres ? 'api-postgres' : 'api',
  rootDir: '<rootDir>/api',
  testEnvironment: 'node',
  // Each API test file starts a real app on a fresh database (PGlite boots in ~1 s; argon2 is slow on purpose).
  testTimeout: 30_000,
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  transform: { '^.+\\.(t|j)s$': swc(false) },
  // ESM-only dependencies are compiled to CommonJS like our own sources.
  transformIgnorePatterns: [`/node_modules/(?!\\.pnpm|(${esmOnly.join('|')})/)`],
  setupFiles: postgres ? ['<rootDir>/src/testing/use-postgres.ts'] : [],
});

export default {
  rootDir: '.',
  // Jest reads testTimeout from the global configuration only; the api project's value is not enough.
  testTimeout: 30_000,
  projects: [
    frontEnd('shared'),
    frontEnd('host'),
    frontEnd('remote-rpus'),
    frontEnd('remote-periods'),
    frontEnd('remote-admin'),
    frontEnd('remote-settings'),
    api(),
    // The same API tests on PostgreSQL, when a server is available (ARCHITECTURE §9).
    ...(process.env.TEST_DATABASE_URL ? [api({ postgres: true })] : []),
  ],
};
