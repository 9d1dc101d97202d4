import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const WORKSPACE_FILE = 'pnpm-workspace.yaml';

/** The workspace root: the nearest folder above `fromDir` holding pnpm-workspace.yaml. */
export function findWorkspaceRoot(fromDir: string): string {
  let dir = path.resolve(fromDir);
  for (;;) {
    if (existsSync(path.join(dir, WORKSPACE_FILE))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No ${WORKSPACE_FILE} found above ${fromDir}`);
    dir = parent;
  }
}

const unquote = (text: string) => text.replace(/^(['"])(.*)\1$/, '$2');

/**
 * The `catalog:` block of pnpm-workspace.yaml, the one source of versions. The block is a flat map of
 * `name: version` lines (as pnpm writes it), so a line parser is enough and needs no YAML library.
 */
export function parseCatalog(yamlText: string): Record<string, string> {
  const catalog: Record<string, string> = {};
  let inCatalog = false;
  for (const rawLine of yamlText.split(/\r?\n/)) {
    const line = rawLine.replace(/\s+#.*$/, '');
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      inCatalog = /^catalog:\s*$/.test(line);
      continue;
    }
    if (!inCatalog) continue;
    const match = /^\s+('[^']+'|"[^"]+"|[^:\s]+):\s*(.+?)\s*$/.exec(line);
    if (!match) throw new Error(`Unreadable catalog line in ${WORKSPACE_FILE}: ${rawLine}`);
    catalog[unquote(match[1])] = unquote(match[2]);
  }
  return catalog;
}

export function readCatalog(workspaceRoot: string): Record<string, string> {
  return parseCatalog(readFileSync(path.join(workspaceRoot, WORKSPACE_FILE), 'utf8'));
}
