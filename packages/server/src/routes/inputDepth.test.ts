/**
 * A body nested more than 64 levels deep has its own answer (400 INPUT_TOO_DEEP), checked before validation on
 * every route, public ones included; NUL characters keep
 * theirs.
 */
import { MAX_INPUT_DEPTH, inputProblem } from '../plugins/errors';
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** `levels` arrays (or objects) one inside the other, the innermost holding `inner`. */
function nested(levels: number, inner: unknown = 1, as: 'array' | 'object' = 'array'): unknown {
  let value = inner;
  for (let i = 0; i < levels; i += 1) value = as === 'array' ? [value] : { k: value };
  return value;
}

describe('inputProblem', () => {
  it(`allows ${MAX_INPUT_DEPTH} levels of objects and arrays, not one more; finds NUL in texts and keys`, () => {
    for (const as of ['array', 'object'] as const) {
      expect(inputProblem(nested(MAX_INPUT_DEPTH, 'x', as))).toBeNull();
      expect(inputProblem(nested(MAX_INPUT_DEPTH, {}, as))).toBe('depth');
      expect(inputProblem(nested(MAX_INPUT_DEPTH + 1, 'x', as))).toBe('depth');
      expect(inputProblem(nested(100_000, 'x', as))).toBe('depth');
      expect(inputProblem(nested(3, 'a\u0000b', as))).toBe('nul');
    }
    expect(inputProblem({ 'a\u0000': 1 })).toBe('nul');
    expect(inputProblem(['ok', 1, null, true, { a: ['b'] }])).toBeNull();
  });
});

describe('a request nested too deep', () => {
  const deepSettings = (levels: number) => JSON.stringify({ settings: { dashboardItems: { main: nested(levels - 3) } } });
  const put = async (payload: string, token?: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/users/${await t.userId('manager')}/settings`,
      payload,
      headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) },
    });

  it('answers 400 INPUT_TOO_DEEP with its own message, not the NUL one; 64 levels reach validation', async () => {
    const token = await t.token('manager');
    const deep = await put(deepSettings(MAX_INPUT_DEPTH + 1), token);
    expect([deep.statusCode, deep.json()]).toEqual([
      400,
      {
        code: 'INPUT_TOO_DEEP',
        message: `Objects and arrays may be nested at most ${MAX_INPUT_DEPTH} levels deep`,
        details: { maxDepth: MAX_INPUT_DEPTH },
      },
    ]);
    // 200,000 levels (under the body limit): a 4xx, the server still answering.
    const bomb = await put(`{"settings":${'['.repeat(200_000)}${']'.repeat(200_000)}}`, token);
    expect(bomb.statusCode >= 400 && bomb.statusCode < 500).toBe(true);
    expect((await t.call('GET', '/api/misc/version', { user: 'manager' })).statusCode).toBe(200);
    // At the limit the body is read and validated as usual (a list of texts expected here).
    const atLimit = await put(deepSettings(MAX_INPUT_DEPTH), token);
    expect([atLimit.statusCode, atLimit.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    const nul = await put(JSON.stringify({ settings: { dashboardItems: { main: ['a\u0000'] } } }), token);
    expect([nul.statusCode, nul.json().message]).toEqual([400, 'Text must not contain NUL characters']);
    expect(
      await t.db
        .selectFrom('user_settings')
        .selectAll()
        .where('user_id', '=', await t.userId('manager'))
        .execute(),
    ).toEqual([]);
  });

  it('is checked on public routes too, and a route that needs a token answers 401 without one first', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: JSON.stringify({ userName: 'admin', password: nested(80) }),
      headers: { 'content-type': 'application/json' },
    });
    expect([signIn.statusCode, signIn.json().code]).toEqual([400, 'INPUT_TOO_DEEP']);
    const anonymous = await put(deepSettings(MAX_INPUT_DEPTH + 1));
    expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'TOKEN_MISSING']);
  });
});
