// Root Jest: the named tiers of every Node workspace plus the web's component tests.
// `npm test` (scripts/test.mjs) runs this, then Playwright, and prints the one summary line.
const { swcTransform, workspaceSources } = require('./jest.preset');

const nodeRoots = ['<rootDir>/contracts', '<rootDir>/platform', '<rootDir>/gateway', '<rootDir>/services', '<rootDir>/scripts', '<rootDir>/deploy'];
const common = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swcTransform },
  moduleNameMapper: workspaceSources,
  roots: nodeRoots,
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

module.exports = {
  // Integration files boot real services, NATS and a database, and MUI renders slowly in jsdom: on two busy
  // cores Jest's default 5 s per test made green tests flaky. (A global option: projects cannot set it.)
  testTimeout: 30_000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['**/*.spec.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['**/*.integration-spec.ts', '**/*.e2e-spec.ts'],
      setupFiles: ['<rootDir>/platform/src/testing/jest-setup.js'],
      slowTestThreshold: 30,
    },
    '<rootDir>/web/jest.config.js',
    // `npm run test:new-context`: the generator in a copy of the repository (builds, lints, runs Jest and an e2e
    // there): two minutes of CI's two cores, so outside `npm test`'s default run.
    { ...common, displayName: 'generator', testMatch: ['**/*.generator-spec.ts'], slowTestThreshold: 120 },
  ],
};
