// The front-end projects' jest environment: jsdom, with file-realms.cjs.
const { TestEnvironment } = require('jest-environment-jsdom');
const { releaseFileRealm } = require('./file-realms.cjs');

module.exports = class JsdomEnvironment extends TestEnvironment {
  async teardown() {
    await super.teardown();
    releaseFileRealm();
  }
};
