// Releases, once a test file is done, the AsyncLocalStorage instances it enabled (decision 009).
// jest-circus makes one per test file and never disables it. On Node 20 an enabled storage stays in
// a process-wide list that every new promise walks (and tags), and it keeps the file's realm alive:
// after 50 files, a worker propagated 50 stores into each promise. Loaded once per worker by the
// projects' environments (jsdom-environment.cjs, api/src/testing/environment.ts).
const { AsyncLocalStorage } = require('node:async_hooks');

const enabledStorages = new Set();

for (const name of ['run', 'enterWith']) {
  const method = AsyncLocalStorage.prototype[name];
  AsyncLocalStorage.prototype[name] = function trackedStorageMethod(...args) {
    enabledStorages.add(this);
    return method.apply(this, args);
  };
}

/** Disables the storages enabled since the last call (a later `run` enables one again). */
exports.releaseAsyncStorages = () => {
  for (const storage of enabledStorages) storage.disable();
  enabledStorages.clear();
};
