// Releases, once a test file is done, the AsyncLocalStorage instances it enabled (decision 009).
// jest-circus makes one per test file and never disables it. On Node 20 an enabled storage stays in
// a process-wide list that every new promise walks (and tags), and it keeps the file's realm alive:
// after 50 files, a worker propagated 50 stores into each promise. Loaded once per worker by the
// projects' environments (jsdom-environment.cjs, api/src/testing/environment.ts).
//
// Disabling a storage does not take its store off the async resources that carry it, and some of
// them outlive the file: Node's own fetch (undici) re-arms one timer for the whole process, and each
// re-arming copies the current stores onto it. jest-circus's store is an object of the file's realm
// (with its tests), so that timer kept the realm, and the file's closed app, of every file that
// used fetch. A store is therefore handed to Node inside a box of this realm, emptied on release.
const { AsyncLocalStorage } = require('node:async_hooks');

const enabledStorages = new Set();
/** The boxes made since the last release; a box outlives its file empty. */
let boxes = [];

class StoreBox {
  constructor(store) {
    this.store = store;
  }
}
const box = (store) => {
  if ((typeof store !== 'object' && typeof store !== 'function') || store === null) return store;
  const boxed = new StoreBox(store);
  boxes.push(boxed);
  return boxed;
};

const { run, enterWith, getStore } = AsyncLocalStorage.prototype;
AsyncLocalStorage.prototype.getStore = function unboxedStore() {
  const stored = getStore.call(this);
  return stored instanceof StoreBox ? stored.store : stored;
};
AsyncLocalStorage.prototype.run = function trackedRun(store, callback, ...args) {
  enabledStorages.add(this);
  // Node's own shortcut, which the box would defeat: the store is already the current one.
  if (Object.is(store, this.getStore())) return Reflect.apply(callback, null, args);
  return run.call(this, box(store), callback, ...args);
};
AsyncLocalStorage.prototype.enterWith = function trackedEnterWith(store) {
  enabledStorages.add(this);
  return enterWith.call(this, box(store));
};

/** Disables the storages enabled since the last call (a later `run` enables one again). */
exports.releaseAsyncStorages = () => {
  for (const storage of enabledStorages) storage.disable();
  enabledStorages.clear();
  for (const boxed of boxes) boxed.store = undefined;
  boxes = [];
};
