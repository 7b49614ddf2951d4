// The api project's transform when TEST_DATABASE_URL is set: each API test file that opens a
// database runs on PGlite, then on PostgreSQL, in one realm. Its compiled body is wrapped in one
// `describe` per database, which selects the database as the block is collected and again as it
// starts (`selectTestDatabase`), so the file's own hooks and tests see it at both times. Run as
// two jest projects, each file's realm loaded ~1,000 modules and warmed V8 up twice: 12 files took
// 64–66 s of CPU that way and 51–57 s in one realm (decision 009).
const { join } = require('node:path');
const swcJest = require('@swc/jest');

const testDatabase = join(__dirname, '..', '..', 'api', 'src', 'testing', 'test-database.ts');
const databases = [
  ['PGlite', 'pglite'],
  ['PostgreSQL', 'postgres'],
];

/** Keeps everything on the compiled file's first line, so that stack traces keep their line numbers. */
function onBothDatabases(code) {
  const blocks = databases.map(
    ([title, kind]) =>
      `describe(${JSON.stringify(title)}, () => {"use strict";__luzDatabase.selectTestDatabase("${kind}");beforeAll(() => __luzDatabase.selectTestDatabase("${kind}"));__luzBody();});`,
  );
  return `"use strict";const __luzDatabase = require(${JSON.stringify(testDatabase)});function __luzBody() {${code}\n}${blocks.join('')}`;
}

module.exports = {
  /** `swc`: @swc/jest's options; `oneDatabase`: the test files that run on PGlite only (scripts/jest/database-tests.mjs). */
  createTransformer({ swc, oneDatabase }) {
    const compile = swcJest.createTransformer(swc);
    const single = new Set(oneDatabase);
    const wrapped = (filename) => filename.endsWith('.test.ts') && !single.has(filename);
    return {
      canInstrument: compile.canInstrument,
      getCacheKey: (source, filename, options) =>
        `${compile.getCacheKey(source, filename, options)}:${wrapped(filename) ? 'both' : 'one'}`,
      process(source, filename, options) {
        const compiled = compile.process(source, filename, options);
        if (!wrapped(filename)) return compiled;
        return typeof compiled === 'string'
          ? onBothDatabases(compiled)
          : { ...compiled, code: onBothDatabases(compiled.code) };
      },
    };
  },
};
