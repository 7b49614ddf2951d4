import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type OperationSpec, operations } from '../contract';
import { frontEndSources } from '../testing/front-end-sources';

// The SDK's half of the contract's drift test (the API's is api/src/http/operations.test.ts):
// every call goes through the table of operations, and every operation the front end may call
// has its call: in the SDK, or as a query of a screen (`operationQuery`, shared/src/query).

const sdkDir = __dirname;
const sources = readdirSync(sdkDir)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => ({ file, text: readFileSync(join(sdkDir, file), 'utf8') }));

test('the SDK makes no request of its own: only call() and callForFile() reach the API', () => {
  const direct = sources
    .filter(({ file }) => file !== 'call.ts' && file !== 'client.ts')
    .filter(({ text }) => /\bhttp\s*\.\s*(get|post|put|patch|delete|request|head)\s*\(/.test(text))
    .map(({ file }) => file);
  expect(direct).toEqual([]);
});

test('every operation the front end may call has an SDK call or a query, and each names an operation', () => {
  const called = new Set([
    ...sources.flatMap(({ text }) =>
      [...text.matchAll(/\bcall(?:ForFile)?\(\s*'([A-Za-z]+)'/g)].map((m) => m[1]),
    ),
    ...frontEndSources()
      .filter(({ file }) => !/\.test\.tsx?$/.test(file))
      .flatMap(({ text }) => [...text.matchAll(/\boperationQuery\(\s*'([A-Za-z]+)'/g)].map((m) => m[1])),
  ]);
  // Calls whose name is chosen at run time name each candidate as a literal.
  for (const { text } of sources)
    for (const m of text.matchAll(/\bcall\(\s*\w+ \? '([A-Za-z]+)' : '([A-Za-z]+)'/g)) {
      called.add(m[1]);
      called.add(m[2]);
    }
  const table: Record<string, OperationSpec> = operations;
  const expected = Object.keys(table).filter((name) => !table[name]?.notFromFrontEnd);
  expect([...called].filter((name) => !(name && name in table))).toEqual([]);
  expect(expected.filter((name) => !called.has(name))).toEqual([]);
  expect([...called].filter((name) => name && table[name]?.notFromFrontEnd)).toEqual([]);
});
