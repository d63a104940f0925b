// Shared Jest settings for the Node workspaces: swc (legacy decorators + metadata for Nest), sources mapped by workspace name.
const path = require('path');
const root = __dirname;

const swcTransform = [
  '@swc/jest',
  {
    swcrc: false,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

const workspaceSources = {
  '^@bleedkits/contracts$': path.join(root, 'contracts/src/index.ts'),
  '^@bleedkits/contracts/dto$': path.join(root, 'contracts/src/dto/index.ts'),
  '^@bleedkits/contracts/wire$': path.join(root, 'contracts/src/wire/index.ts'),
  '^@bleedkits/platform$': path.join(root, 'platform/src/index.ts'),
  '^@bleedkits/platform/testing$': path.join(root, 'platform/src/testing/index.ts'),
  '^@bleedkits/platform/tracing$': path.join(root, 'platform/src/tracing/tracing.ts'),
  '^@bleedkits/notifications/testing$': path.join(root, 'services/notifications/test/index.ts'),
  '^@bleedkits/(kits|geo-search|identity|verification|imports|notifications|backups)$': path.join(root, 'services/$1/src/index.ts'),
};

module.exports = { swcTransform, workspaceSources, root };
