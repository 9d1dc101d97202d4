import { Limiter } from './limiter';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('Limiter', () => {
  it('runs at most `concurrency` tasks at once and queues the rest in order', async () => {
    const limiter = new Limiter(2, 10, () => new Error('full'));
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        limiter.run(async () => {
          running += 1;
          most = Math.max(most, running);
          await tick();
          running -= 1;
          order.push(i);
        }),
      ),
    );
    expect(most).toBe(2);
    expect(limiter.peak).toBe(2);
    expect(order).toHaveLength(8);
  });

  it('refuses at once when the queue is full, and frees slots after failures', async () => {
    const limiter = new Limiter(1, 1, () => new Error('full'));
    const results = await Promise.allSettled(
      [0, 1, 2, 3].map(() =>
        limiter.run(async () => {
          await tick();
          throw new Error('task');
        }),
      ),
    );
    expect(results.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : 'ok'))).toEqual(['task', 'task', 'full', 'full']);
    await expect(limiter.run(async () => 'again')).resolves.toBe('again');
  });
});
