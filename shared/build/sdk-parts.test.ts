/**
 * @jest-environment node
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

// The SDK is three federation singletons (docs/decisions/161): its texts (`@luz/shared/text`), its
// core (`@luz/shared/core`) and the rest (`@luz/shared`). A module of the rest that took a core
// module by a relative path would bundle a second copy of it beside the shared one (two QueryClients,
// two toast stores), and a core that took zod or axios would load them with every sign-in screen.

const workspace = join(__dirname, '..', '..');
const sharedSrc = join(workspace, 'shared', 'src');

/** The files of a singleton's part of the SDK: its entry and what it takes by relative paths. */
const parts = {
  '@luz/shared/text': join(sharedSrc, 'text', 'es.ts'),
  '@luz/shared/core': join(sharedSrc, 'core', 'index.ts'),
};

/** Packages a part may take (the shared singletons under it and the SDK's dependency-free constants). */
const allowedPackages: Record<keyof typeof parts, string[]> = {
  '@luz/shared/text': [],
  '@luz/shared/core': [
    'react',
    'react-router-dom',
    'styled-components',
    '@tanstack/react-query',
    '@luz/shared/boot',
    '@luz/shared/text',
  ],
};

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'testing') yield* sourceFiles(path);
    } else if (/\.tsx?$/.test(entry.name) && !/(\.test\.tsx?|-test-utils\.ts)$/.test(entry.name)) yield path;
  }
}

/** What a file imports or re-exports as values (type-only imports cost nothing at run time). */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const from = statement.moduleSpecifier;
    if (!from || !ts.isStringLiteral(from)) continue;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause && !clause.name && bindings && ts.isNamedImports(bindings)
          ? bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly)
          : false;
      if (!onlyTypes) specifiers.push(from.text);
    } else if (!statement.isTypeOnly) {
      const clause = statement.exportClause;
      const onlyTypes =
        clause && ts.isNamedExports(clause) && clause.elements.every((element) => element.isTypeOnly);
      if (!onlyTypes) specifiers.push(from.text);
    }
  }
  return specifiers;
}

function resolveRelative(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  const candidate = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (path) => existsSync(path),
  );
  if (!candidate) throw new Error(`${relative(workspace, from)}: cannot resolve ${specifier}`);
  return candidate;
}

/** The files a part is made of: its entry and everything it takes by relative paths, as values. */
function closure(entry: string): Set<string> {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of valueImports(file)) {
      if (specifier.startsWith('.')) visit(resolveRelative(file, specifier));
    }
  };
  visit(entry);
  return files;
}

const name = (file: string) => relative(workspace, file);

describe.each(Object.entries(parts))('%s', (part, entry) => {
  const files = closure(entry);

  test('no other module of the SDK takes one of its files by a relative path', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(sharedSrc)) {
      if (files.has(file)) continue;
      for (const specifier of valueImports(file)) {
        if (specifier.startsWith('.') && files.has(resolveRelative(file, specifier))) {
          offenders.push(`${name(file)} → ${specifier} (import it from ${part})`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  test('takes no package but the singletons it builds on (no zod, no axios, not the rest of the SDK)', () => {
    const allowed = allowedPackages[part as keyof typeof parts];
    const taken = [...files].flatMap((file) =>
      valueImports(file)
        .filter((specifier) => !specifier.startsWith('.') && !allowed.includes(specifier))
        .map((specifier) => `${name(file)} → ${specifier}`),
    );
    expect(taken).toEqual([]);
  });
});

test("the host's first screen (/login, the app's frame) takes nothing from the SDK beyond its core", () => {
  const bootstrap = closure(join(workspace, 'host', 'src', 'bootstrap.tsx'));
  const taken = [...bootstrap].flatMap((file) =>
    valueImports(file)
      .filter((specifier) => specifier === '@luz/shared' || specifier === 'zod' || specifier === 'axios')
      .map((specifier) => `${name(file)} → ${specifier}`),
  );
  expect(taken).toEqual([]);
});
