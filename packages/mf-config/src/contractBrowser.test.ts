import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findWorkspaceRoot } from './catalog';
import { SHARED_WORKSPACE_PACKAGES } from './shared';
import { importedNames } from './sharedExports';

const root = findWorkspaceRoot(__dirname);
const CONTRACT = '@portal/contract';

/** The source folders of everything the browser runs: the shell, the remotes and the shared workspace packages. */
function webSourceFiles(): string[] {
  const packages = SHARED_WORKSPACE_PACKAGES.filter((name) => name !== CONTRACT).map((name) => path.join(root, 'packages', name.split('/')[1]));
  const apps = readdirSync(root)
    .filter((name) => name === 'shell' || /^mf-[a-z]+$/.test(name))
    .map((name) => path.join(root, name));
  return [...apps, ...packages]
    .map((dir) => path.join(dir, 'src'))
    .filter((dir) => existsSync(dir))
    .flatMap((dir) => readdirSync(dir, { recursive: true, withFileTypes: true }).map((entry) => path.join(entry.parentPath, entry.name)))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts'));
}

// webpack builds the browser's copy of the contract from its "browser" entry (no schemas, no typebox), while type
// checks and tests read the whole contract: a value missing from that entry would be undefined only in the browser.
it("finds every value the browser's code imports from the contract in its browser entry", () => {
  const pkg = JSON.parse(readFileSync(path.join(root, 'packages', 'contract', 'package.json'), 'utf8')) as { browser: string };
  const browser = jest.requireActual<Record<string, unknown>>(path.join(root, 'packages', 'contract', pkg.browser));
  const missing = webSourceFiles().flatMap((file) => {
    const names = importedNames(readFileSync(file, 'utf8'), CONTRACT, file.endsWith('.tsx'));
    if (names === '*') return [`${path.relative(root, file)}: the whole contract`];
    return names.filter((name) => !(name in browser)).map((name) => `${path.relative(root, file)}: ${name}`);
  });
  expect(missing).toEqual([]);
});
