// utils/resolve-package.ts for jest, which runs the API as CommonJS (no import.meta there).
exports.resolvePackage = (name) => require.resolve(name);
