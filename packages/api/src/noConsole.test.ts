/**
 * access-shell-dashboard §8: console output is disabled in production. Front-end code logs only through `logger`
 * (./logger.ts, silent in production builds); this scan fails on any direct console call in their sources.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
/** Every front end: the shell, the remotes and the browser packages (not the server, e2e or build tooling). */
const FRONT_ENDS = [
  'shell/src',
  'mf-dashboard/src',
  'mf-items/src',
  'mf-statistics/src',
  'mf-selfcheck/src',
  'mf-settings/src',
  'mf-public/src',
  'packages/api/src',
  'packages/session/src',
  'packages/i18n/src',
  'packages/ui/src',
  'packages/lists/src',
  'packages/contract/src',
];
const ALLOWED = new Set([path.join('packages/api/src', 'logger.ts')]);
const SKIPPED = /\.(test|stories)\.tsx?$|\/testing(\/|\.tsx?$)|\/testUtils\.ts$/;

function sources(dir: string): string[] {
  if (!fs.existsSync(path.join(ROOT, dir))) return [];
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(rel);
    return /\.tsx?$/.test(entry.name) && !SKIPPED.test(rel) && !ALLOWED.has(rel) ? [rel] : [];
  });
}

it('front-end code never calls console directly (the one logger is silent in production)', () => {
  const files = FRONT_ENDS.flatMap(sources);
  expect(files.length).toBeGreaterThan(100);
  const offenders = files.flatMap((file) =>
    fs
      .readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .map((line, i) => (/\bconsole\.(log|error|warn|info|debug)\(/.test(line) ? `${file}:${i + 1}` : null))
      .filter((hit): hit is string => hit !== null),
  );
  expect(offenders).toEqual([]);
});
