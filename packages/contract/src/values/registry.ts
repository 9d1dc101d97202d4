/**
 * The registry as the browser reads it, without typebox: the shell checks `/registry.json` with these plain checks
 * (the same patterns as the schemas of ../registry.ts, which the build and the server check with; a test keeps the
 * two in agreement), so no page loads a schema validator.
 */
import type { RegistryRemote, RemoteManifest } from '../registry';
import { PERMISSIONS } from '../permissions';

export const MENU_GROUPS = ['home', 'items', 'statistics', 'selfchecks', 'settings', 'profile'] as const;
export type MenuGroupName = (typeof MENU_GROUPS)[number];

/** A role requirement ('admin', 'supervisor') or a permission name (spec §6). */
export const REQUIREMENTS = ['admin', 'supervisor', ...PERMISSIONS] as const;

/** The patterns of the registry's texts. */
export const REGISTRY_PATTERNS = {
  /** Module Federation name: the folder name with `_` (mf-dashboard → mf_dashboard). */
  name: '^mf_[a-z]+$',
  /** i18next namespace of the remote's texts. */
  namespace: '^[a-z][A-Za-z0-9_-]*$',
  /** A route path in react-router syntax: `/inventories/:inventoryGroupId/sections`, `:language?` optional. */
  path: '^/[A-Za-z0-9/:?_-]*$',
  /** `namespace:key.path`, resolved with the remote's own translations. */
  translationKey: '^[a-z][A-Za-z0-9_-]*:[A-Za-z0-9_.-]+$',
  menuKey: '^[A-Za-z][A-Za-z0-9]*$',
  /** An @ant-design/icons export name, e.g. DashboardOutlined. */
  icon: '^[A-Z][A-Za-z]*$',
  /** Folder name, served under /remotes/<app>/. */
  app: '^mf-[a-z]+$',
  version: '^[0-9]+\\.[0-9]+\\.[0-9]+',
} as const;

type Check = (value: unknown, where: string) => string[];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const text =
  (pattern?: string, minLength = 0): Check =>
  (value, where) =>
    typeof value !== 'string'
      ? [`${where}: must be a string`]
      : value.length < minLength
        ? [`${where}: must not be empty`]
        : pattern && !new RegExp(pattern).test(value)
          ? [`${where}: must match ${pattern}`]
          : [];

const oneOf =
  (values: readonly string[]): Check =>
  (value, where) =>
    typeof value === 'string' && values.includes(value) ? [] : [`${where}: must be one of ${values.join(', ')}`];

const whole: Check = (value, where) => (Number.isInteger(value) && (value as number) >= 0 ? [] : [`${where}: must be a whole number`]);

const list =
  (item: Check, minItems = 0): Check =>
  (value, where) =>
    !Array.isArray(value)
      ? [`${where}: must be an array`]
      : value.length < minItems
        ? [`${where}: must hold at least ${minItems}`]
        : value.flatMap((entry, index) => item(entry, `${where}/${index}`));

/** An object with these properties (`optional` ones may be absent) and no others. */
const object =
  (properties: Record<string, Check>, optional: readonly string[] = []): Check =>
  (value, where) => {
    if (!isObject(value)) return [`${where}: must be an object`];
    const problems = Object.keys(value)
      .filter((key) => !(key in properties))
      .map((key) => `${where}/${key}: is not allowed`);
    for (const [key, check] of Object.entries(properties)) {
      if (value[key] === undefined) {
        if (!optional.includes(key)) problems.push(`${where}/${key}: is required`);
      } else problems.push(...check(value[key], `${where}/${key}`));
    }
    return problems;
  };

const translationKey = text(REGISTRY_PATTERNS.translationKey);

const route = object({ path: text(REGISTRY_PATTERNS.path), permission: oneOf(REQUIREMENTS), titleKey: translationKey, group: oneOf(MENU_GROUPS) }, [
  'permission',
  'group',
]);

const menuEntry = object(
  {
    key: text(REGISTRY_PATTERNS.menuKey),
    group: oneOf(MENU_GROUPS),
    path: text(REGISTRY_PATTERNS.path),
    labelKey: translationKey,
    icon: text(REGISTRY_PATTERNS.icon),
    permission: oneOf(REQUIREMENTS),
    order: whole,
  },
  ['icon'],
);

const translations: Check = (value, where) =>
  !isObject(value)
    ? [`${where}: must be an object`]
    : Object.entries(value).flatMap(([lng, texts]) => (isObject(texts) ? [] : [`${where}/${lng}: must be an object`]));

const registryRemote = object({
  name: text(REGISTRY_PATTERNS.name),
  namespace: text(REGISTRY_PATTERNS.namespace),
  routes: list(route, 1),
  menu: list(menuEntry),
  app: text(REGISTRY_PATTERNS.app),
  version: text(REGISTRY_PATTERNS.version),
  manifestUrl: text(undefined, 1),
  expose: oneOf(['./lifecycles']),
  translations,
});

/** Rules a schema cannot express: names, namespaces and paths that must agree within one remote. */
export function remoteRuleProblems(remote: RemoteManifest & { app?: string }, where: string): string[] {
  const problems: string[] = [];
  if (remote.app && remote.app.replace('-', '_') !== remote.name) {
    problems.push(`${where}: name ${remote.name} does not match app ${remote.app}`);
  }
  const prefix = `${remote.namespace}:`;
  for (const route of remote.routes) {
    if (!route.titleKey.startsWith(prefix)) problems.push(`${where}: route ${route.path} titleKey is outside namespace ${remote.namespace}`);
  }
  const paths = new Set(remote.routes.map((route) => route.path));
  for (const entry of remote.menu) {
    if (!entry.labelKey.startsWith(prefix)) problems.push(`${where}: menu ${entry.key} labelKey is outside namespace ${remote.namespace}`);
    if (!paths.has(entry.path)) problems.push(`${where}: menu ${entry.key} points to ${entry.path}, which is not one of its routes`);
  }
  return problems;
}

/** Problems of one registry remote, checked without typebox; empty when valid. */
export function registryRemoteShapeProblems(remote: unknown, where = 'remote'): string[] {
  const problems = registryRemote(remote, where);
  return problems.length ? problems : remoteRuleProblems(remote as RegistryRemote, where);
}

/**
 * Keeps the remotes that are valid on their own, so one broken entry never takes the others down;
 * `problems` says what was left out and why.
 */
export function parseRegistry(registry: unknown): { remotes: RegistryRemote[]; problems: string[] } {
  if (!isObject(registry) || !Array.isArray(registry.remotes)) return { remotes: [], problems: ['registry: must be an object with a remotes array'] };
  const remotes: RegistryRemote[] = [];
  const problems: string[] = [];
  const claimed = new Set<string>();
  registry.remotes.forEach((remote: unknown, index) => {
    const own = registryRemoteShapeProblems(remote, `remotes[${index}]`);
    if (own.length) {
      problems.push(...own);
      return;
    }
    const valid = remote as RegistryRemote;
    const clash = [valid.name, ...valid.routes.map((route) => route.path)].find((claim) => claimed.has(claim));
    if (clash) {
      problems.push(`remotes[${index}]: ${clash} is already declared by an earlier remote`);
      return;
    }
    [valid.name, ...valid.routes.map((route) => route.path)].forEach((claim) => claimed.add(claim));
    remotes.push(valid);
  });
  return { remotes, problems };
}
