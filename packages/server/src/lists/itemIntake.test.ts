/**
 * IntakeBuffer (./itemIntake): items go through the library's ID modification script in batches of
 * SCRIPT_BATCH on the real sandbox, and come out in order; the next batch's script runs while the caller reads
 * on (add waits only for the batch before it), a failure reaches the caller, and a failed read takes nothing more.
 */
import { endIdleScriptWorkers } from '../sandbox/idScript';
import { IntakeBuffer, SCRIPT_BATCH, type Intake } from './itemIntake';
import { normalizeItem } from './items';

jest.setTimeout(60_000);

afterAll(() => endIdleScriptWorkers());

const rule = { script: "return 'X' + id;", objectIdColumn: { path: 'file', mapped: false } } as const;
const item = (n: number) => normalizeItem({ code: `c${n}`, field1: `title ${n}` });

describe('IntakeBuffer', () => {
  it('takes every outcome in order, modified by the script, across batches and the last part batch', async () => {
    const taken: Array<[number, Intake]> = [];
    const intake = new IntakeBuffer<number>(rule, (n, outcome) => {
      taken.push([n, outcome]);
    });
    const count = 2 * SCRIPT_BATCH + 7;
    await intake.feed(async () => {
      for (let n = 1; n <= count; n += 1) await intake.add(n, item(n));
    });
    expect(taken.map(([n]) => n)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    expect(taken.every(([n, o]) => o.values.code === `Xc${n}` && o.values.field1 === `title ${n}` && !o.refusal)).toBe(true);
  });

  it('lets the caller read on while a batch is in the sandbox: completing a batch waits only for the one before it', async () => {
    let taken = 0;
    const intake = new IntakeBuffer<number>(rule, () => {
      taken += 1;
    });
    const seen: number[] = [];
    await intake.feed(async () => {
      for (let n = 1; n <= 3 * SCRIPT_BATCH; n += 1) {
        const batch = intake.add(n, item(n));
        if (batch) {
          await batch;
          seen.push(taken);
        }
      }
    });
    // Completing batch k resolves once batch k-1 is taken (batch k is still in flight): 0, then 1 and 2 batches.
    expect(seen).toEqual([0, SCRIPT_BATCH, 2 * SCRIPT_BATCH]);
    expect(taken).toBe(3 * SCRIPT_BATCH);
  });

  it('throws the failure of a take (from feed, or the add after it) and takes nothing after it', async () => {
    const taken: number[] = [];
    const intake = new IntakeBuffer<number>(rule, (n) => {
      if (n === 3) throw new Error('staging failed');
      taken.push(n);
    });
    const failure = await intake
      .feed(async () => {
        for (let n = 1; n <= 2 * SCRIPT_BATCH + 1; n += 1) await intake.add(n, item(n));
      })
      .catch((e: unknown) => e);
    expect((failure as Error).message).toBe('staging failed');
    expect(taken).toEqual([1, 2]);
  });

  it("waits for a batch still in the sandbox without taking it when the reading fails, and throws the reading's error", async () => {
    let taken = 0;
    const intake = new IntakeBuffer<number>(rule, () => {
      taken += 1;
    });
    await expect(
      intake.feed(async () => {
        for (let n = 1; n <= SCRIPT_BATCH; n += 1) await intake.add(n, item(n));
        throw new Error('the file is damaged');
      }),
    ).rejects.toThrow('the file is damaged');
    expect(taken).toBe(0);
  });
});
