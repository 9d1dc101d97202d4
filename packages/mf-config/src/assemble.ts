import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { registryProblems, type Registry, type RegistryRemote } from '@portal/contract';
import { REGISTRY_PART_FILE } from './registryPart';
import { translationProblems } from './translations';

export interface AssembleResult {
  registry: Registry;
  /** Remote folders without a built part (not built yet: they are left out). */
  missing: string[];
  problems: string[];
  output: string;
}

/**
 * Merges every remote's dist/registry-part.json found under the workspace root into
 * shell/dist/registry.json, validated against the registry schema. Nothing is written when invalid.
 */
export function assembleRegistry(rootDir: string, output = path.join(rootDir, 'shell', 'dist', 'registry.json')): AssembleResult {
  const apps = readdirSync(rootDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^mf-[a-z]+$/.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  const missing = apps.filter((app) => !existsSync(path.join(rootDir, app, 'dist', REGISTRY_PART_FILE)));
  const remotes = apps
    .filter((app) => !missing.includes(app))
    .map((app) => JSON.parse(readFileSync(path.join(rootDir, app, 'dist', REGISTRY_PART_FILE), 'utf8')) as RegistryRemote);
  const registry: Registry = { remotes };
  const problems = registryProblems(registry);
  if (!problems.length) problems.push(...remotes.flatMap(translationProblems));
  if (!problems.length) {
    mkdirSync(path.dirname(output), { recursive: true });
    writeFileSync(output, `${JSON.stringify(registry, null, 2)}\n`);
  }
  return { registry, missing, problems, output };
}
