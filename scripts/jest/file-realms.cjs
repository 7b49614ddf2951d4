// What every test file's realm costs a jest worker, cut (decision 009). Loaded once per worker by
// the projects' environments (jsdom-environment.cjs, api/src/testing/environment.ts).
const { AsyncLocalStorage } = require('node:async_hooks');

const installed = Symbol.for('luz.jest.fileRealms');

/**
 * jest-circus makes an AsyncLocalStorage per test file and never disables it. On Node 20 an enabled
 * storage stays in a process-wide list that every new promise walks (and tags), and it keeps the
 * file's realm alive: after 50 files, a worker propagated 50 stores into each promise.
 */
const enabledStorages = new Set();

function trackEnabling(method) {
  return function trackedStorageMethod(...args) {
    enabledStorages.add(this);
    return method.apply(this, args);
  };
}

if (!AsyncLocalStorage[installed]) {
  AsyncLocalStorage[installed] = true;
  for (const name of ['run', 'enterWith'])
    AsyncLocalStorage.prototype[name] = trackEnabling(AsyncLocalStorage.prototype[name]);
}

/** After a file: disables the storages it enabled (a later `run` enables one again). */
exports.releaseFileRealm = () => {
  for (const storage of enabledStorages) storage.disable();
  enabledStorages.clear();
};
