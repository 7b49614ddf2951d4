// jest's runtime, with V8's code cache for the modules a worker compiles again in every test file.
// Each test file gets a new realm, so jest compiles every module it loads (zod, fastify, pg-boss,
// our own sources) once per file: a fifth of the CPU of a small API test file went to parsing them
// again. V8 can skip the parse when given the cache it produced for the same source; this keeps
// that cache in the worker's memory, keyed by file name and checked against the source itself
// (decision 009).
const vm = require('node:vm');
const Runtime = require('jest-runtime').default;

// jest-runtime loads es-module-lexer during the first file, and the promise the lexer makes as it
// loads keeps that file's async context, so the whole realm of the file, for the worker's life:
// loaded here, outside any file, it keeps nothing.
require(require.resolve('es-module-lexer', { paths: [require.resolve('jest-runtime')] }));

const compileFunction = vm.compileFunction;
// A function compiled from V8's cache may keep the host options of its first compilation, so its
// `import()` would reach the callback of an earlier file's realm, which is gone: such modules are
// compiled as jest compiles them.
const dynamicImport = /\bimport\s*\(/;
/** file name → the source compiled and V8's cache of it (null: a module that calls `import()`). */
const cache = new Map();

// jest-runtime reads `compileFunction` from node:vm at each call: replaced once per worker process.
vm.compileFunction = function compileWithCache(code, params, options = {}) {
  const key = options.filename;
  if (!key) return compileFunction.call(vm, code, params, options);
  // A source seen before is not scanned for `import(` again.
  const cached = cache.get(key);
  const known = cached?.code === code;
  if (known && cached.data === null) return compileFunction.call(vm, code, params, options);
  if (known) {
    const compiled = compileFunction.call(vm, code, params, { ...options, cachedData: cached.data });
    if (!compiled.cachedDataRejected) return compiled;
  } else if (dynamicImport.test(code)) {
    cache.set(key, { code, data: null });
    return compileFunction.call(vm, code, params, options);
  }
  const compiled = compileFunction.call(vm, code, params, { ...options, produceCachedData: true });
  // V8 hands the cache over in the file's realm: kept as it is, it kept that whole realm alive.
  if (compiled.cachedDataProduced) cache.set(key, { code, data: Buffer.from(compiled.cachedData) });
  return compiled;
};

module.exports = Runtime;
