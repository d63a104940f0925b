// Component tests for the web: jsdom (with the Node fetch globals, see jest.environment.js), swc for TSX.
const path = require('path');

/** @type {import('jest').Config} */
module.exports = {
  displayName: 'web',
  rootDir: __dirname,
  testEnvironment: '<rootDir>/jest.environment.js',
  // build/: the build's own checks (the bundle budget), in Node.
  testMatch: ['<rootDir>/src/**/*.spec.tsx', '<rootDir>/src/**/*.spec.ts', '<rootDir>/build/**/*.spec.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        // The root .swcrc excludes *.spec.ts from the Node builds; the web's tests must not inherit that.
        swcrc: false,
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '^@bleedkits/contracts$': path.join(__dirname, '../contracts/src/index.ts'),
    // `@/` is web/src, as in tsconfig.json and vite.config.mts.
    '^@/(.*)$': '<rootDir>/src/$1',
    '\\.(css|less|scss|sass)$': 'identity-obj-proxy',
    '\\.(png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|eot)$': '<rootDir>/src/test/file-mock.js',
  },
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/'],
};
