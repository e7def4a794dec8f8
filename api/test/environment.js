// Jest's Node environment plus Node's real require() for the shims in test/shims (modules that must
// run outside Jest's vm context). This file itself is loaded by Jest with Node's own loader.
const { createRequire } = require('node:module');
const path = require('node:path');
const { TestEnvironment } = require('jest-environment-node');

const fromApi = createRequire(path.resolve(__dirname, '../package.json'));

class RifariaApiEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.__nativeRequire = (specifier, dependent) =>
      dependent ? createRequire(fromApi.resolve(`${dependent}/package.json`))(specifier) : fromApi(specifier);
  }
}

module.exports = RifariaApiEnvironment;
