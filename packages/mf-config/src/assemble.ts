import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { registryProblems, type Registry, type RegistryRemote } from '@portal/contract';
import { compatibilityProblems, readBuildShared, readPluginVersion, type BuildShared } from './compatibility';
import { appVersion, REGISTRY_PART_FILE, RELEASE_VERSION, remoteDistDir } from './registryPart';
import { readSharedExports, runtimeProblems, sharedExportProblems, type BuildRecord } from './sharedExports';
import { translationProblems } from './translations';

export interface AssembleOptions {
  /** Where registry.json is written (default shell/dist/registry.json). */
  output?: string;
  /** A release per remote folder (`{ 'mf-items': '0.1.0' }`) instead of the version in its package.json. */
  pins?: Record<string, string>;
}

export interface AssembleResult {
  registry: Registry;
  /** Remote folders without a built release (not built yet: they are left out). */
  missing: string[];
  problems: string[];
  output: string;
}

/** `mf-items@0.1.0` command-line arguments as pins; anything else is a problem. */
export function parsePins(args: string[]): { pins: Record<string, string>; problems: string[] } {
  const pins: Record<string, string> = {};
  const problems: string[] = [];
  for (const arg of args) {
    const match = /^(mf-[a-z]+)@(.+)$/.exec(arg);
    if (match && RELEASE_VERSION.test(match[2])) pins[match[1]] = match[2];
    else problems.push(`${arg}: expected <remote folder>@<version>, e.g. mf-items@0.1.0`);
  }
  return { pins, problems };
}

/** The shell never loads a remote whose routes are all public (mf-public has its own page), so it shares nothing with it. */
const loadedByShell = (remote: RegistryRemote) => remote.routes.some((route) => route.permission !== undefined);

/**
 * Merges one release of every remote found under the workspace root (its package.json version, or the pinned
 * one: `<folder>/dist/<version>/registry-part.json`) into shell/dist/registry.json, validated against the
 * registry schema and refused when a remote's required range for a shared singleton is not met by what the
 * shell (or, for singletons the shell does not hold, another remote) provides, or when it uses an export of a
 * library the shell shares cut down (sharedExports.ts) that the shell's copy lacks. Nothing is written when refused.
 */
export function assembleRegistry(rootDir: string, options: AssembleOptions = {}): AssembleResult {
  const output = options.output ?? path.join(rootDir, 'shell', 'dist', 'registry.json');
  const pins = options.pins ?? {};
  const apps = readdirSync(rootDir, { withFileTypes: true })
    .filter((entry) => (entry.isDirectory() || entry.isSymbolicLink()) && /^mf-[a-z]+$/.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  const problems = Object.keys(pins)
    .filter((app) => !apps.includes(app))
    .map((app) => `${app}: no such remote folder`);
  const missing: string[] = [];
  const releases: { app: string; dist: string }[] = [];
  for (const app of apps) {
    const version = pins[app] ?? appVersion(path.join(rootDir, app));
    const dist = remoteDistDir(path.join(rootDir, app), version);
    if (existsSync(path.join(dist, REGISTRY_PART_FILE))) releases.push({ app, dist });
    else if (pins[app]) problems.push(`${app}@${version} is not built (no ${app}/dist/${version}/${REGISTRY_PART_FILE})`);
    else missing.push(app);
  }
  const remotes = releases.map(({ dist }) => JSON.parse(readFileSync(path.join(dist, REGISTRY_PART_FILE), 'utf8')) as RegistryRemote);
  const registry: Registry = { remotes };
  if (!problems.length) problems.push(...registryProblems(registry));
  if (!problems.length) problems.push(...remotes.flatMap(translationProblems));
  if (!problems.length) problems.push(...sharingProblems(rootDir, releases, remotes));
  if (!problems.length) {
    mkdirSync(path.dirname(output), { recursive: true });
    writeFileSync(output, `${JSON.stringify(registry, null, 2)}\n`);
  }
  return { registry, missing, problems, output };
}

function sharingProblems(rootDir: string, releases: { app: string; dist: string }[], remotes: RegistryRemote[]): string[] {
  try {
    const shellDist = path.join(rootDir, 'shell', 'dist');
    const loaded = releases.filter((_release, index) => loadedByShell(remotes[index]));
    const inShell: BuildShared[] = loaded.map(({ app, dist }) => readBuildShared(app, dist));
    const versions = compatibilityProblems(readBuildShared('shell', shellDist), inShell);
    const record = (app: string, dist: string): BuildRecord => ({ app, exports: readSharedExports(dist), pluginVersion: readPluginVersion(dist) });
    const shell = record('shell', shellDist);
    const remoteRecords = loaded.map(({ app, dist }) => record(app, dist));
    return [...versions, ...sharedExportProblems(shell.exports, remoteRecords), ...runtimeProblems(shell, remoteRecords)];
  } catch (error) {
    return [(error as Error).message];
  }
}
