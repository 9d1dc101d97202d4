// `pnpm assemble`: merge the remotes' registry parts into shell/dist/registry.json (run after the builds).
import path from 'node:path';
import { assembleRegistry } from '../src/assemble';
import { findWorkspaceRoot } from '../src/catalog';

const root = findWorkspaceRoot(process.cwd());
const { registry, missing, problems, output } = assembleRegistry(root);
if (missing.length) console.warn(`registry: not built, left out: ${missing.join(', ')}`);
if (problems.length) {
  console.error(`registry: invalid, ${output} not written:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
const routes = registry.remotes.reduce((count, remote) => count + remote.routes.length, 0);
console.log(`registry: ${registry.remotes.length} remotes, ${routes} routes -> ${path.relative(root, output)}`);
