// End-to-end tests: the built portal (run `pnpm build` first) served by the real server, driven in Debian's
// Chromium. Run from the repo root: npx jest --config packages/e2e/jest.config.js
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  rootDir: __dirname,
  displayName: 'e2e',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/**/*.test.ts'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleFileExtensions: ['ts', 'js', 'json'],
  globalSetup: '<rootDir>/src/globalSetup.ts',
  globalTeardown: '<rootDir>/src/globalTeardown.ts',
  setupFilesAfterEnv: ['<rootDir>/src/retry.ts'],
  // One server, one browser at a time: the machine has two cores shared with the build.
  maxWorkers: 1,
  testTimeout: 120_000,
  slowTestThreshold: 30,
};
