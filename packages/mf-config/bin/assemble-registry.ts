// `pnpm assemble [mf-items@0.1.0 ...]`: merge one release of every remote (its package.json version, or the
// pinned one) into shell/dist/registry.json, refused when a remote's shared singletons do not fit the shell's.
import path from 'node:path';
import { assembleRegistry, parsePins } from '../src/assemble';
import { findWorkspaceRoot } from '../src/catalog';

const root = findWorkspaceRoot(process.cwd());
const parsed = parsePins(process.argv.slice(2).filter((arg) => arg !== '--'));
if (parsed.problems.length) {
  console.error(`registry: ${parsed.problems.join('\n  ')}`);
  process.exit(2);
}
const { registry, missing, problems, output } = assembleRegistry(root, { pins: parsed.pins });
if (missing.length) console.warn(`registry: not built, left out: ${missing.join(', ')}`);
if (problems.length) {
  console.error(`registry: refused, ${path.relative(root, output)} not written:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
const routes = registry.remotes.reduce((count, remote) => count + remote.routes.length, 0);
const releases = registry.remotes.map((remote) => `${remote.app}@${remote.version}`).join(', ');
console.log(`registry: ${registry.remotes.length} remotes (${releases}), ${routes} routes -> ${path.relative(root, output)}`);
