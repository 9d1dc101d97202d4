/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SUMMARY = path.join(__dirname, 'summary.js');
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'summary-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function result(name: string, passed: number, failed: number, suites: [string, number][] = [], extra = {}) {
  const file = path.join(dir, name);
  writeFileSync(
    file,
    JSON.stringify({
      numPassedTests: passed,
      numFailedTests: failed,
      numPendingTests: 0,
      numRuntimeErrorTestSuites: 0,
      ...extra,
      testResults: suites.map(([suite, seconds]) => ({ name: path.join(process.cwd(), suite), startTime: 1000, endTime: 1000 + seconds * 1000 })),
    }),
  );
  return file;
}

function summary(...args: string[]): { output: string; status: number } {
  try {
    return { output: execFileSync('node', [SUMMARY, ...args], { encoding: 'utf8' }), status: 0 };
  } catch (error) {
    const { stdout, status } = error as { stdout: string; status: number };
    return { output: stdout, status };
  }
}

describe('scripts/summary.js', () => {
  it('prints each phase with wall and CPU time, the slowest suites, and closes with the totals', () => {
    const phases = path.join(dir, 'phases.tsv');
    writeFileSync(phases, 'web tests (jsdom)\t301.25\t280.5\t0\ntype check\t60\t55\t2\ntotal\t400\t\t\n');
    const { output, status } = summary(
      phases,
      result('web.json', 5, 0, [
        ['a.test.tsx', 12],
        ['b.test.tsx', 40],
      ]),
      result('e2e.json', 2, 1),
    );
    const lines = output.trim().split('\n');
    expect(lines[0]).toMatch(/^phase durations/);
    expect(lines[1]).toMatch(/web tests \(jsdom\)\s+301\.3 s {2}CPU 280\.5 s$/);
    expect(lines[2]).toMatch(/type check\s+60\.0 s {2}CPU 55\.0 s {2}FAILED \(exit 2\)$/);
    expect(lines[3]).toMatch(/total\s+400\.0 s/);
    expect(output).toMatch(/slowest suites[^\n]*2 suites, 52 s in all[^\n]*\n\s+40\.0 s {2}b\.test\.tsx \(web\.json\)\n\s+12\.0 s {2}a\.test\.tsx/);
    expect(lines[lines.length - 1]).toBe('tests: 7 passed, 1 failed');
    expect(status).toBe(1);
  });

  it('counts a missing result file and a suite that failed to run as failures', () => {
    const { output, status } = summary(result('web.json', 4, 0, [], { numRuntimeErrorTestSuites: 1 }), path.join(dir, 'e2e.json'));
    expect(output).toContain('e2e.json: missing results');
    expect(output.trim().split('\n').pop()).toBe('tests: 4 passed, 2 failed');
    expect(status).toBe(1);
  });

  it('succeeds only when something passed and nothing failed', () => {
    expect(summary(result('web.json', 3, 0)).status).toBe(0);
    expect(
      summary(result('web.json', 3, 0))
        .output.trim()
        .split('\n')
        .pop(),
    ).toBe('tests: 3 passed, 0 failed');
    expect(summary(result('web.json', 0, 0)).status).toBe(1);
  });

  it('lists the tests that passed only on a retry, with the first line of why the first run failed', () => {
    const file = path.join(dir, 'e2e.json');
    writeFileSync(
      file,
      JSON.stringify({
        numPassedTests: 2,
        numFailedTests: 0,
        numPendingTests: 0,
        numRuntimeErrorTestSuites: 0,
        testResults: [
          {
            name: path.join(process.cwd(), 'x.test.ts'),
            assertionResults: [
              { fullName: 'self-check exports', status: 'passed', invocations: 2, retryReasons: ['\nError: no download: the portal said "Busy"\n    at x'] },
              { fullName: 'steady one', status: 'passed', invocations: 1, retryReasons: [] },
            ],
          },
        ],
      }),
    );
    const { output, status } = summary(file);
    expect(output).toContain('passed only on a retry (flaky: fix them; 1):\n  self-check exports (e2e.json): Error: no download: the portal said "Busy"\n');
    expect(output).not.toContain('steady one');
    expect(status).toBe(0);
  });

  it('names each failed test with the first lines of its failure, near the end', () => {
    const file = path.join(dir, 'e2e.json');
    writeFileSync(
      file,
      JSON.stringify({
        numPassedTests: 1,
        numFailedTests: 1,
        numPendingTests: 0,
        numRuntimeErrorTestSuites: 0,
        testResults: [
          {
            name: path.join(process.cwd(), 'x.test.ts'),
            assertionResults: [
              {
                fullName: 'accessibility in es',
                status: 'failed',
                failureMessages: ['Error: /itemEvents: still loading after 90 s\n\n    \u001b[31mat settled\u001b[39m (x.ts:36)\n    at y'],
              },
              { fullName: 'steady one', status: 'passed', invocations: 1, retryReasons: [] },
            ],
          },
        ],
      }),
    );
    const { output, status } = summary(file);
    expect(output).toContain('failed (1):\n  accessibility in es (e2e.json): Error: /itemEvents: still loading after 90 s | at settled (x.ts:36) | at y\n');
    expect(output.trim().split('\n').pop()).toBe('tests: 1 passed, 1 failed');
    expect(status).toBe(1);
  });
});
