/**
 * The API description at /api/docs/json, as integrators read it: Redocly's recommended rules with
 * packages/server/redocly.yaml find nothing (no error, no warning); every operation has a unique, stable
 * operationId and a summary, its error responses in the one error shape, public routes need no token, files
 * say their media types; and every API route is in it.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { ACCESS_TOKEN_HEADER } from '@portal/contract';
import type { LintProblem } from '../../scripts/lint-openapi';
import { createTestApp, type TestApp } from '../testing/testApp';
import { registeredRoutes } from './auth';

interface Operation {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  parameters?: Array<{ in: string; name: string; description?: string }>;
  responses: Record<string, { description?: string; content?: Record<string, { schema?: { $ref?: string } }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, { name?: string }> };
}

const SERVER_DIR = path.join(__dirname, '..', '..');
const ERROR_REF = '#/components/schemas/ErrorBody';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** scripts/lint-openapi.ts in its own process (the linter is ES modules only, which jest cannot load). */
function lint(document: Document): Promise<LintProblem[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/lint-openapi.ts'],
      { cwd: SERVER_DIR, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`lint-openapi failed: ${stderr || error.message}`));
        else resolve(JSON.parse(stdout) as LintProblem[]);
      },
    );
    child.stdin?.end(JSON.stringify(document));
  });
}

let t: TestApp;
let document: Document;
let operations: Array<{ method: string; path: string; operation: Operation }>;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.call('GET', '/api/docs/json');
  expect(res.statusCode).toBe(200);
  document = res.json();
  operations = Object.entries(document.paths).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path: p, operation })),
  );
});
afterAll(() => t.close());

describe('GET /api/docs/json', () => {
  it('is public and OpenAPI 3.0, with the access token scheme', async () => {
    expect((await t.call('GET', '/api/docs/json', { user: null })).statusCode).toBe(200);
    expect(document.openapi).toMatch(/^3\.0\./);
    expect(document.components.securitySchemes.accessToken.name).toBe(ACCESS_TOKEN_HEADER);
  });

  it("passes Redocly's recommended rules as redocly.yaml sets them: no error, no warning", async () => {
    const problems = await lint(document);
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.pointer})`)).toEqual([]);
  }, 120_000);

  it('has every API route, each operation with a unique operationId and a summary', () => {
    const documented = new Set(operations.map((o) => `${o.method} ${o.path}`));
    const routes = registeredRoutes(t.app)
      .filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(routes.filter((r) => !documented.has(r))).toEqual([]);
    expect(operations.length).toBe(routes.length);

    const ids = operations.map((o) => o.operation.operationId);
    expect(ids.filter((id) => !id || !/^[a-z][A-Za-z]*$/.test(id))).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(operations.filter((o) => !o.operation.summary).map((o) => `${o.method} ${o.path}`)).toEqual([]);
  });

  it('keeps its operationIds (clients are generated from them: a change here is a breaking change)', () => {
    const table = operations.map((o) => `${o.operation.operationId} = ${o.method} ${o.path}`).sort();
    expect(table).toMatchSnapshot();
  });

  it('declares the error responses in the error shape: 400 for every call, 401 and 403 for every call needing a token', () => {
    const missing: string[] = [];
    for (const { method, path: p, operation } of operations) {
      const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
      // Device intake takes a device key (x-device-key), not a token: 401 for a missing or invalid key, never 403.
      const isDevice = JSON.stringify(operation.security) === JSON.stringify([{ deviceKey: [] }]);
      const expected = ['400', ...(isPublic ? [] : isDevice ? ['401'] : ['401', '403'])];
      for (const status of expected) if (!operation.responses[status]) missing.push(`${method} ${p} ${status}`);
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!/^[45]/.test(status) || (p === '/api/health' && status === '503')) continue;
        if (response.content?.['application/json']?.schema?.$ref !== ERROR_REF || !response.description)
          missing.push(`${method} ${p} ${status}: not ErrorBody`);
      }
    }
    expect(missing).toEqual([]);
    expect(document.components.schemas.ErrorBody).toMatchObject({ type: 'object', required: ['code'] });
  });

  it('says that public routes need no token, and only those', () => {
    const publicRoutes = registeredRoutes(t.app)
      .filter((r) => r.public && r.method !== 'HEAD' && r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
      .sort();
    const noToken = operations
      .filter((o) => Array.isArray(o.operation.security) && o.operation.security.length === 0)
      .map((o) => `${o.method} ${o.path}`)
      .sort();
    expect(noToken).toEqual(publicRoutes);
    expect(noToken).toEqual(expect.arrayContaining(['POST /api/auth/signin', 'GET /api/health', 'GET /api/statistics/capacities/{token}']));
  });

  it('says the media types of every file it answers: exports, avatars, images', () => {
    const files = operations.filter((o) => o.path.endsWith('/export') || (o.method === 'GET' && /\/(avatar|\{imageName\})$/.test(o.path)));
    expect(files.length).toBe(34);
    const types = Object.fromEntries(
      files.map((o) => [
        `${o.method} ${o.path}`,
        Object.keys(o.operation.responses['200']?.content ?? {})
          .sort()
          .join(' '),
      ]),
    );
    for (const [call, mediaTypes] of Object.entries(types)) {
      if (call.endsWith('/export') && call !== 'POST /api/records/export') {
        expect([call, mediaTypes]).toEqual([call, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet text/csv text/plain']);
      } else if (call === 'POST /api/records/export') {
        expect(mediaTypes).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      } else {
        expect([call, mediaTypes]).toEqual([call, 'image/gif image/jpeg image/png image/webp']);
      }
    }
    // No success answer left without its content (204 No Content aside).
    const bare = operations.flatMap((o) =>
      Object.entries(o.operation.responses)
        .filter(([status, r]) => status.startsWith('2') && status !== '204' && !r.content)
        .map(([status]) => `${o.method} ${o.path} ${status}`),
    );
    expect(bare).toEqual([]);
  });

  it('names one path parameter per position: a DELETE of several ids takes the name of the one id', async () => {
    const remove = document.paths['/api/users/{userId}'].delete;
    expect(remove.operationId).toBe('deleteUsers');
    expect(remove.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'userId', description: expect.stringContaining('comma-separated') })]);
    expect(Object.keys(document.paths).filter((p) => p.includes('{ids}') || p.includes('{from}'))).toEqual(['/api/alarms/{ids}']);
    // The call is the same: several ids, comma-separated; an invalid list is refused by its (new) name.
    const refused = await t.call('DELETE', '/api/users/1,x', { user: 'admin' });
    expect([refused.statusCode, refused.json().details]).toEqual([400, [expect.objectContaining({ in: 'params', path: '/userId' })]]);
    expect((await t.call('DELETE', '/api/users/2147483646,2147483647', { user: 'admin' })).statusCode).toBe(403);
  });
});
