// utils/resolve-package.ts for jest, which runs the API as CommonJS (no import.meta there).
exports.resolvePackage = (name) => require.resolve(name);
// Beside this file: no build output is ever here, as with the sources under tsx.
exports.besideBundle = (file) => require('node:path').join(__dirname, file);
