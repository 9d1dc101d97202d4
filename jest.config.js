// One jest run for unit, component and server tests; tests sit beside the code (*.test.ts[x]).
// End-to-end tests live in packages/e2e and run with their own config (they need a build).
const fs = require('fs');
const path = require('path');

// Node-side packages: their tests run in the node environment (the server project), on SQLite or PostgreSQL.
const SERVER_PACKAGES = ['server', 'contract'];
// Packages whose tests are not jest unit tests of this config (packages/e2e has its own config).
const OWN_CONFIG = ['e2e'];
const dirs = (parent, keep) =>
  fs
    .readdirSync(path.join(__dirname, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && keep(entry.name))
    .map((entry) => `<rootDir>/${parent ? `${parent}/` : ''}${entry.name}`);
// Every other package, the shell and every remote (mf-*) is a web root: a new package or remote is picked up
// without editing this file.
const WEB_ROOTS = [
  ...dirs('packages', (name) => !SERVER_PACKAGES.includes(name) && !OWN_CONFIG.includes(name)),
  ...dirs('', (name) => name === 'shell' || name.startsWith('mf-')),
  '<rootDir>/scripts',
];
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
    module: { type: 'commonjs' },
  },
];
// Dependencies that ship only ES modules: swc compiles them to CommonJS for jest; the rest of
// node_modules stays untransformed. typebox 1.x, jose 6, content-disposition/cookie (under fastify's
// plugins), @ant-design/colors 8 (under @ant-design/icons). Add a name here when jest says
// "Must use import to load ES Module".
const ESM_ONLY = ['typebox', 'jose', 'content-disposition', 'cookie', '@ant-design/colors'];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
  transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/(${ESM_ONLY.map((n) => n.replace('/', '\\+')).join('|')})@|(${ESM_ONLY.join('|')})/))`],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};
module.exports = {
  // jest's 5 s default fails antd renders and fake-timer loops on a machine whose two cores are shared with builds
  // and other runs (load 15-20 seen here); a hung test still fails, after a minute. A file may set its own.
  // (A global option: jest ignores it inside a project.)
  testTimeout: 60_000,
  projects: [
    {
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      roots: SERVER_PACKAGES.map((name) => `<rootDir>/packages/${name}`),
      testMatch: ['**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'web',
      testEnvironment: 'jsdom',
      roots: WEB_ROOTS,
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/jest.setup.web.ts'],
      moduleNameMapper: {
        '\\.(css|less)$': '<rootDir>/jest.style-stub.js',
        '\\.(png|svg|jpg|gif)$': '<rootDir>/jest.file-stub.js',
      },
    },
  ],
};
