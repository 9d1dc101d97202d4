import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

/** One shared singleton as a build recorded it in its mf-manifest.json. */
export interface SharedBuilt {
  name: string;
  /** The version the build bundled (what it provides when it loads first). */
  version: string;
  /** The range it accepts from whoever provides the singleton on the page. */
  requiredVersion: string;
}

/** What one build (the shell or a remote) was built with. */
export interface BuildShared {
  /** Folder name: 'shell', 'mf-items'. */
  app: string;
  shared: SharedBuilt[];
}

export const MANIFEST_FILE = 'mf-manifest.json';

interface ManifestShared {
  name?: unknown;
  version?: unknown;
  requiredVersion?: unknown;
  singleton?: unknown;
}

/** The shared singletons recorded in `<distDir>/mf-manifest.json` (Module Federation writes it at build). */
export function readBuildShared(app: string, distDir: string): BuildShared {
  const file = path.join(distDir, MANIFEST_FILE);
  if (!existsSync(file)) throw new Error(`${app}: no ${MANIFEST_FILE} in ${distDir} (build it first)`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { shared?: ManifestShared[] };
  const shared = (manifest.shared ?? [])
    .filter((entry) => entry.singleton === true && typeof entry.name === 'string')
    .map((entry) => ({
      name: entry.name as string,
      version: typeof entry.version === 'string' ? entry.version : '',
      requiredVersion: typeof entry.requiredVersion === 'string' ? entry.requiredVersion : '*',
    }));
  return { app, shared };
}

/** The Module Federation version that built `<distDir>` (its mf-manifest.json), if it says. */
export function readPluginVersion(distDir: string): string | undefined {
  const file = path.join(distDir, MANIFEST_FILE);
  if (!existsSync(file)) return undefined;
  const version = (JSON.parse(readFileSync(file, 'utf8')) as { metaData?: { pluginVersion?: unknown } }).metaData?.pluginVersion;
  return typeof version === 'string' ? version : undefined;
}

const meets = (version: string, range: string) => semver.valid(version) !== null && semver.satisfies(version, range, { includePrerelease: true });

/** Names the remote, the package and both versions. */
const refusal = (remote: string, need: SharedBuilt, provider: string, version: string) =>
  `${remote} requires ${need.name} ${need.requiredVersion} (built with ${need.version || 'an unknown version'}), ` +
  `but ${provider} provides ${version || 'an unknown version'}`;

/**
 * Why a set of builds cannot share one page; empty when every remote's required range for each singleton is met.
 *
 * The shell loads first, so a singleton the shell provides is the shell's copy for every remote
 * (`loaded-first`): each remote's range must accept the shell's version. A singleton the shell does not
 * provide (@portal/lists, highcharts) comes from whichever remote the user opens first, so each remote's
 * range must accept every other remote's version of it.
 */
export function compatibilityProblems(shell: BuildShared, remotes: BuildShared[]): string[] {
  const problems: string[] = [];
  const provided = new Map(shell.shared.map((entry) => [entry.name, entry.version]));
  for (const remote of remotes) {
    for (const need of remote.shared) {
      const shellVersion = provided.get(need.name);
      if (shellVersion !== undefined) {
        if (!meets(shellVersion, need.requiredVersion)) {
          problems.push(refusal(remote.app, need, 'the shell', shellVersion));
        }
        continue;
      }
      for (const other of remotes) {
        if (other === remote) continue;
        const theirs = other.shared.find((entry) => entry.name === need.name);
        if (theirs && !meets(theirs.version, need.requiredVersion)) {
          problems.push(`${refusal(remote.app, need, other.app, theirs.version)} when it is opened first`);
        }
      }
    }
  }
  return problems;
}
