// Well-known OpenAPI tools, run in their own process because they are ES modules only:
//   node openapi-tools.mjs lint <document.json> <redocly.yaml>  → the problems, as JSON
//   node openapi-tools.mjs types <document.json> <out.d.ts>     → openapi-typescript's types
import { readFile, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';

const [command, documentPath, other] = process.argv.slice(2);
const source = await readFile(documentPath, 'utf8');

if (command === 'lint') {
  const config = await loadConfig({ configPath: other });
  const problems = await lintFromString({ source, absoluteRef: documentPath, config });
  const found = problems.map((problem) => ({
    severity: problem.severity,
    rule: problem.ruleId,
    where: problem.location?.[0]?.pointer ?? '',
    message: problem.message,
  }));
  process.stdout.write(JSON.stringify(found));
} else if (command === 'types') {
  const ast = await openapiTS(pathToFileURL(documentPath));
  await writeFile(other, astToString(ast));
} else {
  throw new Error(`unknown command ${command}`);
}
