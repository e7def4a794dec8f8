/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: '<rootDir>/test/environment.js',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  // Loaded through Node's native require, outside Jest's vm (see test/shims/esm-only.js). This is also why
  // the suite needs no --experimental-vm-modules flag and runs the same through `npm test` at the root.
  moduleNameMapper: {
    '^@electric-sql/pglite$': '<rootDir>/test/shims/pglite.js',
    '^@electric-sql/pglite/node-postgres$': '<rootDir>/test/shims/pglite-node-postgres.js',
    '^content-disposition$': '<rootDir>/test/shims/content-disposition.js',
    '^cookie$': '<rootDir>/test/shims/cookie.js',
    '^@fastify/cookie$': '<rootDir>/test/shims/fastify-cookie.js',
    '^sanitize-html$': '<rootDir>/test/shims/sanitize-html.js',
    '^qrcode$': '<rootDir>/test/shims/qrcode.js',
    '^openid-client$': '<rootDir>/test/shims/openid-client.js',
    '^jose$': '<rootDir>/test/shims/jose.js',
  },
  testTimeout: 30000,
};
