// The front-end projects' jest environment: jsdom, and the file's async storages released after it.
const { TestEnvironment } = require('jest-environment-jsdom');
const { releaseAsyncStorages } = require('./async-storages.cjs');

module.exports = class JsdomEnvironment extends TestEnvironment {
  async teardown() {
    await super.teardown();
    releaseAsyncStorages();
  }
};
