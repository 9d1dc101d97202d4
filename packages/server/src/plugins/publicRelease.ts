/**
 * Which release of mf-public answers the public entry (/capacities/*, /sipOperations/{storeCode}): the one
 * registry.json points at, so rolling the public displays back or forward is a registry edit like any remote;
 * without a registry (a public-only deployment) the highest release built under mf-public/dist/<version>/.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export const PUBLIC_APP = 'mf-public';
/** x.y.z with an optional pre-release: a safe path segment (no slashes, no dot segments). */
const RELEASE_VERSION = /^\d+\.\d+\.\d+(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$/;

async function registryVersion(root: string): Promise<string | null> {
  try {
    const registry = JSON.parse(await fs.readFile(path.join(root, 'shell', 'dist', 'registry.json'), 'utf8')) as {
      remotes?: { app?: unknown; version?: unknown }[];
    };
    const version = registry.remotes?.find((remote) => remote.app === PUBLIC_APP)?.version;
    return typeof version === 'string' && RELEASE_VERSION.test(version) ? version : null;
  } catch {
    return null;
  }
}

/** Numeric x.y.z order; a pre-release sorts before its release. */
function compareReleases(a: string, b: string): number {
  const parts = (v: string) => v.split('-')[0].split('.').map(Number);
  const [pa, pb] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i += 1) if (pa[i] !== pb[i]) return pa[i] - pb[i];
  return Number(!a.includes('-')) - Number(!b.includes('-')) || a.localeCompare(b);
}

async function newestBuilt(root: string): Promise<string | null> {
  try {
    const entries = await fs.readdir(path.join(root, PUBLIC_APP, 'dist'), { withFileTypes: true });
    const versions = entries.filter((entry) => entry.isDirectory() && RELEASE_VERSION.test(entry.name)).map((entry) => entry.name);
    return versions.sort(compareReleases).at(-1) ?? null;
  } catch {
    return null;
  }
}

/** The release folder's path under mf-public/dist, e.g. '0.1.1'; null when none is built. */
export async function publicRelease(root: string): Promise<string | null> {
  return (await registryVersion(root)) ?? (await newestBuilt(root));
}
