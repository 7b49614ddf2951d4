// Which API test files run a second time on PostgreSQL (jest.config.js): those that open a database.
// A file opens one when it imports, directly or through our own modules, the test-database helper
// that every test app, worker process and migration test goes through. A file whose subject does not
// depend on the database (the OpenAPI document) says so in a line starting `// PGlite only:`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const relativeImport = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function resolveImport(from, specifier) {
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, join(base, 'index.ts'), base].find(
    (file) => file.endsWith('.ts') && existsSync(file),
  );
}

const pgliteOnly = /^\/\/ PGlite only: /m;

/**
 * The API's test files (absolute paths) that never reach `testing/test-database.ts`, or say they
 * run on PGlite only.
 */
export function testsNotForPostgres(apiSource) {
  const sources = new Map(
    readdirSync(apiSource, { recursive: true })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => join(apiSource, file))
      .map((file) => [file, readFileSync(file, 'utf8')]),
  );
  const importers = new Map();
  for (const [file, text] of sources) {
    for (const [, specifier] of text.matchAll(relativeImport)) {
      const target = resolveImport(file, specifier);
      if (target) importers.set(target, [...(importers.get(target) ?? []), file]);
    }
  }
  // Walk the imports backwards from the helper: everything met reaches a database.
  const reaching = new Set([join(apiSource, 'testing', 'test-database.ts')]);
  const pending = [...reaching];
  while (pending.length > 0) {
    for (const importer of importers.get(pending.pop()) ?? []) {
      if (!reaching.has(importer)) {
        reaching.add(importer);
        pending.push(importer);
      }
    }
  }
  return [...sources]
    .filter(([file, text]) => file.endsWith('.test.ts') && (!reaching.has(file) || pgliteOnly.test(text)))
    .map(([file]) => file);
}
