// One jest run for unit, component and server tests; tests sit beside the code (*.test.ts[x]).
// End-to-end tests live in packages/e2e and run with their own config (they need a build).
const swc = ['@swc/jest', {
  jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
  module: { type: 'commonjs' },
}];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
  // typebox 1.x ships only ES modules: let swc compile it to CommonJS for jest (everything else in
  // node_modules stays untransformed).
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/typebox@|typebox/))'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};
module.exports = {
  projects: [
    {
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/packages/server', '<rootDir>/packages/contract'],
      testMatch: ['**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'web',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/packages/api', '<rootDir>/packages/lists', '<rootDir>/packages/session', '<rootDir>/packages/i18n', '<rootDir>/packages/ui',
        '<rootDir>/packages/mf-config', '<rootDir>/shell', '<rootDir>/mf-dashboard', '<rootDir>/mf-items',
        '<rootDir>/mf-statistics', '<rootDir>/mf-selfcheck', '<rootDir>/mf-settings', '<rootDir>/mf-public'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/jest.setup.web.ts'],
      moduleNameMapper: { '\\.(css|less)$': '<rootDir>/jest.style-stub.js', '\\.(png|svg|jpg|gif)$': '<rootDir>/jest.file-stub.js' },
    },
  ],
};
