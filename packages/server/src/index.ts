/** Entry points for other packages (e2e tests, benchmarks). */
export { buildApp, type App, type BuildAppOptions } from './app';
export { defaultConfig, REPO_ROOT, type ServerConfig } from './config';
export { createDb, dbConfigFromEnv, migrateToLatest, dialectOf, type DbConfig } from './db/connect';
export type { Database } from './db/schema';
export { seedDemo, createInitialAdmin, isEmpty, prepareDatabase, StartupError } from './bootstrap';
export { DEMO_ACCOUNTS, DEMO_STORE_CODES, type DemoAccount } from './demo/accounts';
export { insertDemoAccounts } from './demo/insertAccounts';
export { TEST_ARGON2, PRODUCTION_ARGON2, type Argon2Params } from './auth/password';
