/**
 * @jest-environment node
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { queryExports, routerExports } from './federation';

const workspace = join(__dirname, '..', '..');
const frontEndSources = [
  'host',
  'shared',
  ...readdirSync(workspace).filter((name) => name.startsWith('remote-')),
];

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      // Tests and their helpers run under jest, without federation.
      if (entry.name !== 'testing') yield* sourceFiles(path);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

/** Names a file takes from `module` as values (types cost nothing at run time). */
function valueImports(file: string, module: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const names: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const from = statement.moduleSpecifier;
    if (!from || !ts.isStringLiteral(from) || from.text !== module) continue;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (!clause || clause.isTypeOnly) continue;
      if (clause.name) names.push('default');
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          if (!element.isTypeOnly) names.push((element.propertyName ?? element.name).text);
        }
      }
    } else if (!statement.isTypeOnly) {
      const clause = statement.exportClause;
      if (!clause || !ts.isNamedExports(clause)) names.push('*');
      else
        for (const element of clause.elements)
          if (!element.isTypeOnly) names.push((element.propertyName ?? element.name).text);
    }
  }
  return names;
}

/** Every name the apps import from `module` that `provided` lacks, with the file that imports it. */
function missingImports(module: string, provided: string[]): string[] {
  const missing: string[] = [];
  for (const app of frontEndSources) {
    for (const file of sourceFiles(join(workspace, app, 'src'))) {
      for (const name of valueImports(file, module)) {
        if (!provided.includes(name)) missing.push(`${name} (${file.slice(workspace.length + 1)})`);
      }
    }
  }
  return missing;
}

test('every app imports from react-router-dom only what the shared, tree-shaken router provides', () => {
  expect(missingImports('react-router-dom', routerExports)).toEqual([]);
});

test('every app imports from @tanstack/react-query only what the shared, tree-shaken package provides', () => {
  expect(missingImports('@tanstack/react-query', queryExports)).toEqual([]);
});
