import { fileURLToPath } from 'node:url';

/**
 * The file a package's name resolves to from the API's own code, for code that runs outside this
 * module graph (a worker thread) and must load the same installed package. jest compiles the API
 * to CommonJS, where `import.meta` does not exist: it maps this module to
 * `testing/resolve-package.cjs` (jest.config.js).
 */
export function resolvePackage(name: string): string {
  return fileURLToPath(import.meta.resolve(name));
}

/**
 * A file the build put beside the running bundle (`dist/`). From the sources (tsx, jest) it
 * names a file that does not exist, and the caller does without it.
 */
export function besideBundle(file: string): string {
  return fileURLToPath(new URL(file, import.meta.url));
}
