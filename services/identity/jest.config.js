// Lets `nx test` run this workspace alone; the root config runs everything.
const { swcTransform, workspaceSources } = require('../../jest.preset');
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swcTransform },
  moduleNameMapper: workspaceSources,
  testMatch: ['**/*.spec.ts', '**/*.integration-spec.ts'],
  setupFiles: ['<rootDir>/../../platform/src/testing/jest-setup.js'],
};
