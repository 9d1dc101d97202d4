import { SCRIPT_LIMITS } from './idScript';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createRunClock } = require('./runClock.js') as {
  createRunClock: (limits: { timeMs: number; loadGraceMs: number }, now: () => number, cpuMs: () => number) => { start(): void; overrun(): boolean };
};

describe('the time limit of one script run', () => {
  let wall = 0;
  let cpu = 0;
  const clock = createRunClock(
    SCRIPT_LIMITS,
    () => wall,
    () => cpu,
  );
  const { timeMs, loadGraceMs } = SCRIPT_LIMITS;
  beforeEach(() => {
    wall = 1_000_000;
    cpu = 50_000;
    clock.start();
  });

  it('stops a run that used its time on an idle machine (wall and CPU past the limit)', () => {
    wall += timeMs - 1;
    cpu += timeMs - 1;
    expect(clock.overrun()).toBe(false);
    wall += 2;
    cpu += 2;
    expect(clock.overrun()).toBe(true);
  });

  it('lets a run the scheduler left waiting go on past its wall time while the process has not used the time', () => {
    wall += timeMs + loadGraceMs - 1;
    cpu += timeMs / 10;
    expect(clock.overrun()).toBe(false);
    cpu += timeMs;
    expect(clock.overrun()).toBe(true);
  });

  it('stops any run at the latest loadGraceMs after its limit, whatever the CPU figures', () => {
    wall += timeMs + loadGraceMs + 1;
    expect(clock.overrun()).toBe(true);
  });

  it('starts again with each run', () => {
    wall += timeMs * 10;
    cpu += timeMs * 10;
    expect(clock.overrun()).toBe(true);
    clock.start();
    expect(clock.overrun()).toBe(false);
  });

  it('reads the process CPU at most once per wall millisecond when runs start (a one-line run costs as much as the reading)', () => {
    let readings = 0;
    let now = 5_000;
    let used = 100;
    const counted = createRunClock(
      SCRIPT_LIMITS,
      () => now,
      () => {
        readings += 1;
        return used;
      },
    );
    for (let run = 0; run < 1000; run += 1) counted.start();
    expect(readings).toBe(1);
    now += 1;
    used += 1;
    counted.start();
    expect(readings).toBe(2);
    // Past its deadline a run reads the CPU afresh: the run that started at `now` is measured from its own start.
    now += timeMs + 1;
    expect(counted.overrun()).toBe(false);
    used += timeMs;
    expect(counted.overrun()).toBe(true);
    expect(readings).toBe(4);
  });
});
