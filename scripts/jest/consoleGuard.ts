/**
 * Web tests fail on a console.error or console.warn they did not expect: React's warnings (act(), keys, state
 * updates on unmounted components), antd's deprecation notes and the portal's own logger all write there, and a
 * test that passes while one of them is printed hides a bug. A test that expects one says so first:
 *
 *   const logged = expectConsoleError(/Compare count not loaded/);
 *   ...
 *   expect(logged.calls[0][1]).toBe(failure);
 *
 * Matching calls are then allowed (as many as come) and written nowhere; the test fails if none came.
 * `jest.setup.web.ts` installs the guard for every web test.
 */
import { format } from 'node:util';

type Level = 'error' | 'warn';

export interface ExpectedConsole {
  /** The arguments of every call that matched, in order. */
  readonly calls: unknown[][];
}

interface Expectation extends ExpectedConsole {
  level: Level;
  pattern: RegExp | string;
  calls: unknown[][];
  /** Allowed only: the test passes without it too (a warning that depends on timing, or printed once a file). */
  optional: boolean;
}

const expectations: Expectation[] = [];
const unexpected: { level: Level; text: string }[] = [];

const matches = (pattern: RegExp | string, text: string) => (typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text));

function expectConsole(level: Level, pattern: RegExp | string, optional = false): ExpectedConsole {
  const expectation: Expectation = { level, pattern, calls: [], optional };
  expectations.push(expectation);
  return expectation;
}

/** Allows console.error calls whose text matches `pattern` in the current test, and requires at least one. */
export const expectConsoleError = (pattern: RegExp | string): ExpectedConsole => expectConsole('error', pattern);
/** Allows console.warn calls whose text matches `pattern` in the current test, and requires at least one. */
export const expectConsoleWarn = (pattern: RegExp | string): ExpectedConsole => expectConsole('warn', pattern);
/**
 * Allows console.error calls matching `pattern` in the current test without requiring one: for a known warning
 * that comes or not with timing (an act() warning of an animation) or once per file (antd's deprecation notes).
 * Say why beside it.
 */
export const allowConsoleError = (pattern: RegExp | string): ExpectedConsole => expectConsole('error', pattern, true);

/**
 * act() warnings naming antd's own internals (its motions, popups, portals, and form items re-rendering after
 * their asynchronous validation): they fire from the library's timers and promises, so whether one lands outside
 * act() depends on the machine's load, not on the test or the portal. A portal component's act() warning still
 * fails.
 */
const LIBRARY_TIMING =
  /^An update to (CSSMotion|CSSMotionList|Portal|Popup|Trigger|Overflow|DomWrapper|SingleObserver|Wave|InternalFormItem|ErrorList|Field) inside a test was not wrapped in act/;

const MAX_SHOWN = 3;
const MAX_TEXT = 600;

/** The calls the current test did not expect and the expectations it did not meet; empties both lists. */
function takeProblems(): string[] {
  const problems = unexpected
    .slice(0, MAX_SHOWN)
    .map(({ level, text }) => `unexpected console.${level}: ${text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text}`);
  if (unexpected.length > MAX_SHOWN) problems.push(`… and ${unexpected.length - MAX_SHOWN} more`);
  for (const e of expectations) {
    if (e.calls.length === 0 && !e.optional) problems.push(`expected a console.${e.level} matching ${String(e.pattern)}, none came`);
  }
  unexpected.length = 0;
  expectations.length = 0;
  return problems;
}

/**
 * Replaces console.error and console.warn for the whole test file (not with jest.spyOn, so a test's
 * jest.restoreAllMocks() leaves the guard in place) and checks after each test.
 */
export function installConsoleGuard(): void {
  for (const level of ['error', 'warn'] as const) {
    const original = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      const text = format(...args);
      if (level === 'error' && LIBRARY_TIMING.test(text)) return;
      const expected = expectations.find((e) => e.level === level && matches(e.pattern, text));
      if (expected) {
        expected.calls.push(args);
        return;
      }
      unexpected.push({ level, text });
      original(...args);
    };
  }
  afterEach(() => {
    const problems = takeProblems();
    if (problems.length > 0) {
      throw new Error(`${problems.join('\n')}\n(expectConsoleError/expectConsoleWarn, scripts/jest/consoleGuard.ts)`);
    }
  });
}

declare global {
  /** Allows console.error calls matching `pattern` in the current web test, and requires one (scripts/jest/consoleGuard.ts). */
  function expectConsoleError(pattern: RegExp | string): ExpectedConsole;
  /** Allows console.warn calls matching `pattern` in the current web test, and requires one (scripts/jest/consoleGuard.ts). */
  function expectConsoleWarn(pattern: RegExp | string): ExpectedConsole;
  /** Allows console.error calls matching `pattern` in the current web test without requiring one (scripts/jest/consoleGuard.ts). */
  function allowConsoleError(pattern: RegExp | string): ExpectedConsole;
}
