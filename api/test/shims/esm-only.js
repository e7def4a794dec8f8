// Some dependencies cannot run inside Jest's module runtime (a vm context):
// - ES-module-only packages (content-disposition 3 for @fastify/static, cookie 2 for light-my-request):
//   Node >= 20.19 require()s them natively, Jest's CommonJS runtime cannot;
// - PGlite, whose CommonJS build loads node:fs & co. with dynamic import(), which a vm context only allows
//   under --experimental-vm-modules.
// These shims load them with Node's real require (provided by test/environment.js), resolved from the
// package that depends on them. Such modules live outside Jest's registry: they are not mockable.
module.exports = function nativeRequire(specifier, dependent) {
  if (typeof globalThis.__nativeRequire !== 'function') {
    throw new Error('test/environment.js must be the testEnvironment (see api/jest.config.js)');
  }
  return globalThis.__nativeRequire(specifier, dependent);
};
