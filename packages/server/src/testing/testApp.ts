/** The app on a fresh test database seeded with the minimal demo (4 libraries, the demo accounts). */
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../app';
import { TEST_ARGON2 } from '../auth/password';
import { createTokenService } from '../auth/tokens';
import { defaultConfig, type ServerConfig } from '../config';
import { seedMinimal } from '../demo/seedMinimal';
import { createTestDb, type TestDb } from './testDb';

export const DEMO_USERS = ['admin', 'supervisor', 'manager', 'librarian', 'viewer'] as const;
export type DemoUser = (typeof DEMO_USERS)[number];

/** A list call's query string: texts as they are, anything else (searchTexts, order) as JSON. */
export const listQuery = (params: Record<string, unknown>): string =>
  `?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]))}`;

export interface TestApp extends TestDb {
  app: App;
  config: ServerConfig;
  /** Moves the server clock forward. */
  advance(seconds: number): void;
  /** A valid access token for a demo user, issued directly (works for users who may not sign in). */
  token(user: DemoUser | number): Promise<string>;
  userId(user: DemoUser): Promise<number>;
  storeId(code: string): Promise<number>;
  /** The ids of several libraries by code. */
  storeIds(codes: readonly string[]): Promise<Record<string, number>>;
  /** JSON request helper. */
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    opts?: { user?: DemoUser | number | null; token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<ServerConfig> = {}): Promise<TestApp> {
  const testDb = await createTestDb();
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  await seedMinimal(testDb.db, TEST_ARGON2);
  const config = defaultConfig({
    argon2: TEST_ARGON2,
    dataDir: path.join(testDb.dir, 'data'),
    portalRoot: null,
    // The seed holds the demo accounts, whose passwords are accepted only in demo mode.
    demo: true,
    now,
    ...overrides,
  });
  const app = await buildApp({ db: testDb.db, config });
  const tokens = await createTokenService(testDb.db, config.tokenTtlSeconds, now);
  const userId = async (name: DemoUser) => (await testDb.db.selectFrom('users').select('id').where('user_name', '=', name).executeTakeFirstOrThrow()).id;
  /** Issued with the user's current token version (an unknown id gets version 0). */
  const token = async (user: DemoUser | number) => {
    const id = typeof user === 'number' ? user : await userId(user);
    const row = await testDb.db.selectFrom('users').select('token_version').where('id', '=', id).executeTakeFirst();
    return (await tokens.issue(id, row?.token_version ?? 0)).token;
  };
  return {
    ...testDb,
    app,
    config,
    advance(seconds) {
      offsetMs += seconds * 1000;
    },
    token,
    userId,
    async storeId(code) {
      return (await testDb.db.selectFrom('stores').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
    },
    async storeIds(codes) {
      const rows = await testDb.db
        .selectFrom('stores')
        .select(['id', 'code'])
        .where('code', 'in', [...codes])
        .execute();
      return Object.fromEntries(codes.map((code) => [code, rows.find((r) => r.code === code)!.id]));
    },
    async call(method, url, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token !== undefined) headers['x-access-token'] = opts.token;
      else if (opts.user !== undefined && opts.user !== null) headers['x-access-token'] = await token(opts.user);
      return app.inject({ method, url, headers, ...(opts.body !== undefined ? { payload: opts.body as object } : {}) });
    },
    async close() {
      await app.close();
      await testDb.destroy();
    },
  };
}
