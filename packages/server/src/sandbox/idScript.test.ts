import { endIdleScriptWorkers, runIdScript, sandboxStats, SCRIPT_LIMITS, testIdScript, warmScriptWorkers, WARM_WORKERS } from './idScript';

jest.setTimeout(30_000);

afterAll(() => endIdleScriptWorkers());

describe('ID modification sandbox', () => {
  it('runs the script body on the id and answers the new id', async () => {
    expect(await testIdScript("return 'BC' + id.toUpperCase();", 'ab1')).toEqual({ result: 'BCAB1' });
    expect(await testIdScript('return id.length * 2;')).toEqual({ result: '8' });
    expect(await testIdScript('  ')).toEqual({ result: '1234' });
    expect(await runIdScript('return id.padStart(8, "0");', ['1', '22', '333'])).toEqual([
      { result: '00000001' },
      { result: '00000022' },
      { result: '00000333' },
    ]);
  });

  it("answers the script's own errors", async () => {
    expect(await testIdScript("throw new Error('bad id ' + id);")).toEqual({ error: 'bad id 1234' });
    expect(await testIdScript('return id.(;')).toEqual({ error: expect.stringMatching(/^SyntaxError/) });
    expect(await testIdScript('return undefined;')).toEqual({ error: 'The script must return the new id as text' });
    expect(await testIdScript('return {};')).toEqual({ error: 'The script must return the new id as text' });
  });

  it('has no process, require, host constructor escape, dynamic import, fetch or file system', async () => {
    expect(await testIdScript('return typeof process + typeof require + typeof fetch + typeof std + typeof os;')).toEqual({
      result: 'undefinedundefinedundefinedundefinedundefined',
    });
    expect(await testIdScript('return process.env.HOME;')).toEqual({ error: expect.stringContaining('process') });
    expect(await testIdScript("return require('fs').readFileSync('/etc/passwd', 'utf8');")).toEqual({ error: expect.stringContaining('require') });
    // The constructor of the global object's constructor is the sandbox's own Function: still no host.
    expect(await testIdScript("return globalThis.constructor.constructor('return typeof process')();")).toEqual({ result: 'undefined' });
    const imported = await testIdScript("import('fs'); return 'x';");
    expect('error' in imported ? imported.error : imported.result).not.toContain('root:');
    expect(await testIdScript("let r = 'no'; import('fs').then(() => { r = 'yes'; }); return r;")).toEqual({ result: 'no' });
  });

  it('stops an endless loop and a memory bomb within the limits, and works again afterwards', async () => {
    // The answers name the limit that stopped each run; a run that were not stopped would never answer.
    expect(await testIdScript('while (true) {}')).toEqual({ error: `The script took longer than ${SCRIPT_LIMITS.timeMs} ms` });
    for (const bomb of ["const a = []; while (true) a.push('x'.repeat(1000) + a.length);", 'const a = []; for (;;) a.push(new Array(1e5).fill(1));']) {
      expect(await testIdScript(bomb)).toEqual({ error: expect.any(String) });
    }
    expect(await runIdScript("if (id === 'loop') { for (;;) {} } return id + '!';", ['a', 'loop', 'b'])).toEqual([
      { result: 'a!' },
      { error: expect.stringContaining('took longer') },
      { result: 'b!' },
    ]);
  });

  it('keeps a worker warm between jobs, with a fresh interpreter per job; a stopped worker is not used again', async () => {
    await endIdleScriptWorkers();
    const started = sandboxStats.started;
    // One job leaves a global behind; the next job (another script, the same warm worker) does not see it.
    expect(await runIdScript('globalThis.left = (globalThis.left || 0) + 1; return String(globalThis.left);', ['a', 'b'])).toEqual([
      { result: '1' },
      { result: '2' },
    ]);
    expect(await runIdScript('return typeof globalThis.left;', ['a'])).toEqual([{ result: 'undefined' }]);
    expect(await testIdScript('return id.(;')).toEqual({ error: expect.stringMatching(/^SyntaxError/) });
    for (let i = 0; i < 5; i += 1) expect(await testIdScript(`return id + ${i};`, 'x')).toEqual({ result: `x${i}` });
    expect(sandboxStats.started - started).toBe(1);
    // Jobs at once take a worker each.
    const together = await Promise.all([runIdScript('return id + 1;', ['a']), runIdScript('return id + 2;', ['b'])]);
    expect(together).toEqual([[{ result: 'a1' }], [{ result: 'b2' }]]);
    expect(sandboxStats.started - started).toBe(2);
    // A worker the stall watchdog stops (here: the parent's limits lowered below the interrupt's, which the
    // warm worker keeps from its start) is terminated, and the next job starts a new one.
    await endIdleScriptWorkers();
    expect(await testIdScript('return id;', 'warm')).toEqual({ result: 'warm' });
    const before = sandboxStats.started;
    const { timeMs, stallMs } = SCRIPT_LIMITS;
    SCRIPT_LIMITS.timeMs = 50;
    SCRIPT_LIMITS.stallMs = 50;
    try {
      expect(await testIdScript('while (true) {}')).toEqual({ error: 'The script took longer than 50 ms' });
    } finally {
      SCRIPT_LIMITS.timeMs = timeMs;
      SCRIPT_LIMITS.stallMs = stallMs;
    }
    expect(sandboxStats.started).toBe(before);
    expect(await testIdScript('return id;', 'ok')).toEqual({ result: 'ok' });
    expect(sandboxStats.started - before).toBe(1);
  });

  it('warms workers ahead of the jobs (up to WARM_WORKERS.keep), and the jobs that follow start none', async () => {
    await endIdleScriptWorkers();
    const before = sandboxStats.started;
    warmScriptWorkers();
    warmScriptWorkers();
    expect(sandboxStats.started - before).toBe(WARM_WORKERS.keep);
    // A job given a worker still loading QuickJS waits for it.
    const together = await Promise.all([runIdScript('return id.trim().toUpperCase();', [' a ']), runIdScript('return id + 2;', ['b'])]);
    expect(together).toEqual([[{ result: 'A' }], [{ result: 'b2' }]]);
    expect(sandboxStats.started - before).toBe(WARM_WORKERS.keep);
    warmScriptWorkers(1);
    expect(sandboxStats.started - before).toBe(WARM_WORKERS.keep);
  });
});
