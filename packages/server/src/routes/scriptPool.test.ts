/**
 * The ID-script sandbox is a fixed pool of workers shared fairly: one user's endless scripts wait for their
 * share (a few) or are refused with 429, while another user's script runs; an import's scripts stop at its
 * script budget; a closed import request ends its running batch and frees the import's slots.
 * A real HTTP server and socket for the closed request.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { importsRunning } from '../lists/importRuns';
import { uploadAs } from '../lists/testing/helpers';
import { takeSlot, DEFAULT_SLOT_LIMITS } from '../lists/userSlots';
import { BUDGET_ERROR, endIdleScriptWorkers, sandboxStats, SCRIPT_LIMITS, SCRIPT_POOL, scriptSlots } from '../sandbox/idScript';
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(180_000);

let t: TestApp;
let store: number;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  store = await t.storeId('BIB-001');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
  await endIdleScriptWorkers();
});

/** Resolves once `check` holds, checked on every turn of the event loop (no fixed sleeps). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

const testScript = (user: 'librarian' | 'admin', script: string) => t.call('POST', '/api/idModifications/test', { user, body: { script, id: 'A1' } });
const saveScript = (script: string) =>
  t.call('PUT', '/api/idModifications', { user: 'librarian', body: { storeId: store, catalogueItemsModification: script, inventoryItemsModification: '' } });
const newCatalogue = async () =>
  (await t.call('POST', `/api/stores/${store}/catalogues`, { user: 'librarian', body: { name: `Pool ${Math.random()}` } })).json().tid as number;
const csv = (rows: number) => `code\n${Array.from({ length: rows }, (_, i) => `C${i}`).join('\n')}\n`;

describe('the script sandbox pool', () => {
  it("one user's endless scripts: one runs, a few wait, the rest get 429; another user is served; never more workers than the pool", async () => {
    const librarian = await t.userId('librarian');
    sandboxStats.peakLive = sandboxStats.live;
    const held = await scriptSlots.acquire(librarian);
    const waiting = Array.from({ length: SCRIPT_POOL.perUserQueued }, () => testScript('librarian', 'while (true) {}'));
    await until(() => scriptSlots.stats.waiting === SCRIPT_POOL.perUserQueued);
    const refused = await testScript('librarian', 'while (true) {}');
    expect([refused.statusCode, refused.json().code, refused.json().details]).toEqual([
      429,
      'TOO_MANY_CONCURRENT',
      { kind: 'script run', limit: SCRIPT_POOL.perUser + SCRIPT_POOL.perUserQueued },
    ]);
    // The pool has a slot left for another user.
    expect((await testScript('admin', "return 'X' + id;")).json()).toEqual({ result: 'XA1' });
    expect(scriptSlots.stats.waiting).toBe(SCRIPT_POOL.perUserQueued);
    held();
    for (const res of await Promise.all(waiting)) expect(res.json()).toEqual({ error: `The script took longer than ${SCRIPT_LIMITS.timeMs} ms` });
    expect(sandboxStats.peakLive).toBeLessThanOrEqual(SCRIPT_POOL.size);
    expect(scriptSlots.stats).toEqual({ running: 0, waiting: 0 });
  });

  it("an import's scripts stop at its script budget: the ids past it are refused, not run", async () => {
    const budget = SCRIPT_LIMITS.importBudgetMs;
    SCRIPT_LIMITS.importBudgetMs = 300;
    try {
      // Each id costs the same CPU whatever the machine's load, a small part of one run's time limit (so no id
      // fails on its own on a loaded machine, where the process's other threads count too): 40 of them take well
      // over the budget.
      expect((await saveScript('let x = 0; for (let i = 0; i < 5e5; i += 1) x += i; return id;')).statusCode).toBe(200);
      const file = await uploadAs(t, 'librarian', 'budget.csv', csv(40));
      const res = await t.call('POST', `/api/stores/${store}/catalogues/${await newCatalogue()}/import`, {
        user: 'librarian',
        body: { fileName: file, sheetIndex: null, fields: [{ code: 0 }] },
      });
      expect([res.statusCode, res.json().code]).toEqual([400, 'IMPORT_FAILED']);
      const { errors, errorCount } = res.json().details as { errors: Array<{ message?: string }>; errorCount: number };
      // Every error is the budget's (a failure shows any other), and some ids ran before it was spent.
      expect([...new Set(errors.map((error) => error.message))]).toEqual([BUDGET_ERROR()]);
      expect(errorCount).toBeGreaterThan(0);
      expect(errorCount).toBeLessThan(40);
    } finally {
      SCRIPT_LIMITS.importBudgetMs = budget;
      await saveScript('');
    }
  });

  it('a closed import request ends its running script batch and frees its import and sandbox slots', async () => {
    expect((await saveScript("if (id === '1234') return id; while (true) {}")).statusCode).toBe(200);
    try {
      const librarian = await t.userId('librarian');
      const catalogue = await newCatalogue();
      // 1,000 endless ids: over eight minutes of script time if the batch ran on.
      const file = await uploadAs(t, 'librarian', 'endless.csv', csv(1000));
      const body = JSON.stringify({ fileName: file, sheetIndex: null, fields: [{ code: 0 }] });
      const cancelled = sandboxStats.cancelled;
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/stores/${store}/catalogues/${catalogue}/import`,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-access-token': await t.token('librarian') },
      });
      req.on('error', () => undefined); // the socket we destroy
      req.end(body);
      await until(() => scriptSlots.stats.running > 0);
      req.destroy();
      await until(() => importsRunning(file) === 0 && scriptSlots.stats.running === 0);
      expect(sandboxStats.cancelled).toBe(cancelled + 1);
      // Both of the user's import slots are free again.
      Array.from({ length: DEFAULT_SLOT_LIMITS.import }, () => takeSlot(librarian, 'import', DEFAULT_SLOT_LIMITS)).forEach((release) => release());
    } finally {
      await saveScript('');
    }
  });
});
