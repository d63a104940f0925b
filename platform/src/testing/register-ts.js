// A require hook for test child processes: runs a service's TypeScript main.ts from source, with the workspace
// names mapped to their sources as Jest maps them (jest.preset.js), so a test can start, kill -9 and restart a
// real service process without a build.
const Module = require('node:module');
const fs = require('node:fs');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '../../..');
const services = ['kits', 'geo-search', 'identity', 'verification', 'imports', 'notifications', 'backups'];
const sources = {
  '@bleedkits/contracts': 'contracts/src/index.ts',
  '@bleedkits/contracts/dto': 'contracts/src/dto/index.ts',
  '@bleedkits/contracts/wire': 'contracts/src/wire/index.ts',
  '@bleedkits/platform': 'platform/src/index.ts',
  '@bleedkits/platform/testing': 'platform/src/testing/index.ts',
  '@bleedkits/platform/tracing': 'platform/src/tracing/tracing.ts',
  ...Object.fromEntries(services.map((s) => [`@bleedkits/${s}`, `services/${s}/src/index.ts`])),
};

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const mapped = sources[request];
  return mapped ? path.join(root, mapped) : resolve.call(this, request, ...rest);
};

require.extensions['.ts'] = function (module, filename) {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    swcrc: false,
    sourceMaps: 'inline',
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
