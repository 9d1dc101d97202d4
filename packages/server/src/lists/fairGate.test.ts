/** The fair slots behind workbook parses, the script sandbox and the regex search workers. */
import { FairGate, type GateLimits } from './fairGate';

const limits: GateLimits = { slots: 1, perUser: 1, perUserQueued: 3, queued: 5 };
const gate = () => new FairGate('thing', () => limits);

/** Records the order in which callers get their slot. */
function recorder(g: FairGate) {
  const order: string[] = [];
  const releases = new Map<string, () => void>();
  const take = (owner: string, name: string, signal?: AbortSignal) =>
    g.acquire(owner, signal).then((release) => {
      order.push(name);
      releases.set(name, release);
    });
  return { order, take, release: (name: string) => releases.get(name)!() };
}

describe('FairGate', () => {
  it("gives a freed slot to the user served least recently, not to the first of one user's many waiting calls", async () => {
    const g = gate();
    const r = recorder(g);
    await r.take('a', 'a1');
    const waiting = [r.take('a', 'a2'), r.take('a', 'a3'), r.take('a', 'a4'), r.take('b', 'b1')];
    expect(g.stats).toEqual({ running: 1, waiting: 4 });
    r.release('a1');
    await waiting[3];
    expect(r.order).toEqual(['a1', 'b1']);
    r.release('b1');
    await waiting[0];
    r.release('a2');
    await waiting[1];
    expect(r.order).toEqual(['a1', 'b1', 'a2', 'a3']);
    r.release('a3');
    await waiting[2];
    r.release('a4');
    expect(g.stats).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses with 429 TOO_MANY_CONCURRENT past a user's queue or the whole queue, and a call whose signal aborts leaves the queue", async () => {
    const g = gate();
    const first = await g.acquire('a');
    const queued = [g.acquire('a'), g.acquire('a'), g.acquire('a')];
    await expect(g.acquire('a')).rejects.toMatchObject({ statusCode: 429, code: 'TOO_MANY_CONCURRENT', details: { kind: 'thing', limit: 4 } });
    const controller = new AbortController();
    const leaving = g.acquire('b', controller.signal);
    const c = g.acquire('c');
    await expect(g.acquire('d')).rejects.toMatchObject({ code: 'TOO_MANY_CONCURRENT', details: { kind: 'thing', limit: 6 } });
    controller.abort(new Error('gone'));
    await expect(leaving).rejects.toThrow('gone');
    expect(g.stats).toEqual({ running: 1, waiting: 4 });
    // Each waiting call gets its slot in turn: 'c' (never served) before a's next ones.
    first();
    (await c)();
    for (const q of queued) (await q)();
    expect(g.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('lets each user hold at most perUser slots while others wait', async () => {
    const g = new FairGate('thing', () => ({ ...limits, slots: 3, perUser: 2 }));
    const a = [await g.acquire('a'), await g.acquire('a')];
    let thirdA = false;
    const a3 = g.acquire('a').then((release) => {
      thirdA = true;
      return release;
    });
    const b = await g.acquire('b');
    expect([thirdA, g.stats]).toEqual([false, { running: 3, waiting: 1 }]);
    a[0]();
    (await a3)();
    expect(thirdA).toBe(true);
    a[1]();
    b();
  });
});
