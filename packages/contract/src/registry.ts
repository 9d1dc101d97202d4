/**
 * The deploy-time remote registry (`/registry.json`): which Module Federation remotes exist, where their
 * mf-manifest.json lives, and the routes and menu entries each provides with the permission they need
 * (access-shell-dashboard §2 and §6, data-areas §6). Each remote declares a `RemoteManifest` in its
 * `src/manifest.ts`; its build adds version, manifestUrl and the menu/title translations and writes
 * `dist/registry-part.json`; `pnpm assemble` merges the parts into `shell/dist/registry.json`.
 */
import { Type, type Static, type TSchema } from 'typebox';
import Value from 'typebox/value';
import { MENU_GROUPS, REGISTRY_PATTERNS, REQUIREMENTS, remoteRuleProblems } from './values/registry';
export * from './values/registry';

export const MenuGroupSchema = Type.Enum(MENU_GROUPS);
/** A role requirement ('admin', 'supervisor') or a permission name (spec §6). */
export const RequirementSchema = Type.Enum(REQUIREMENTS);
/** A route path in react-router syntax: `/inventories/:inventoryGroupId/sections`, `:language?` optional. */
export const RoutePathSchema = Type.String({ pattern: REGISTRY_PATTERNS.path });
/** `namespace:key.path`, resolved with the remote's own translations. */
export const TranslationKeySchema = Type.String({ pattern: REGISTRY_PATTERNS.translationKey });

export const RegistryRouteSchema = Type.Object(
  {
    path: RoutePathSchema,
    /** Absent only on public routes (no login): those are served by the remote's public entry, never by the shell. */
    permission: Type.Optional(RequirementSchema),
    titleKey: TranslationKeySchema,
    /** Menu group the route belongs to, e.g. 'items' for every Items sub-route (the header's library dropdown). */
    group: Type.Optional(MenuGroupSchema),
  },
  { additionalProperties: false },
);

export const RegistryMenuEntrySchema = Type.Object(
  {
    key: Type.String({ pattern: REGISTRY_PATTERNS.menuKey }),
    group: MenuGroupSchema,
    path: RoutePathSchema,
    labelKey: TranslationKeySchema,
    /** An @ant-design/icons export name, e.g. DashboardOutlined. */
    icon: Type.Optional(Type.String({ pattern: REGISTRY_PATTERNS.icon })),
    permission: RequirementSchema,
    order: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);

/** What a remote declares about itself in `src/manifest.ts`. */
export const RemoteManifestSchema = Type.Object(
  {
    /** Module Federation name: the folder name with `_` (mf-dashboard → mf_dashboard). */
    name: Type.String({ pattern: REGISTRY_PATTERNS.name }),
    /** i18next namespace of the remote's texts; every labelKey and titleKey uses it. */
    namespace: Type.String({ pattern: REGISTRY_PATTERNS.namespace }),
    routes: Type.Array(RegistryRouteSchema, { minItems: 1 }),
    menu: Type.Array(RegistryMenuEntrySchema),
  },
  { additionalProperties: false },
);

/** Texts the shell needs before the remote's code is loaded (menu labels, route titles), per locale. */
export const RegistryTranslationsSchema = Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown()));

export const RegistryRemoteSchema = Type.Object(
  {
    ...RemoteManifestSchema.properties,
    /** Folder name, served under /remotes/<app>/. */
    app: Type.String({ pattern: REGISTRY_PATTERNS.app }),
    /** The remote's package.json version: each remote is released on its own. */
    version: Type.String({ pattern: REGISTRY_PATTERNS.version }),
    manifestUrl: Type.String({ minLength: 1 }),
    /** The one exposed module: single-spa lifecycles. */
    expose: Type.Literal('./lifecycles'),
    translations: RegistryTranslationsSchema,
  },
  { additionalProperties: false },
);

export const RegistrySchema = Type.Object(
  {
    remotes: Type.Array(RegistryRemoteSchema),
  },
  { additionalProperties: false },
);

export type MenuGroup = Static<typeof MenuGroupSchema>;
export type RegistryRoute = Static<typeof RegistryRouteSchema>;
export type RegistryMenuEntry = Static<typeof RegistryMenuEntrySchema>;
export type RemoteManifest = Static<typeof RemoteManifestSchema>;
export type RegistryRemote = Static<typeof RegistryRemoteSchema>;
export type Registry = Static<typeof RegistrySchema>;

function schemaProblems(schema: TSchema, value: unknown, where: string): string[] {
  return Value.Errors(schema, value).map((error) => `${where}${error.instancePath || '/'}: ${error.message}`);
}

/** Problems of one remote's own declaration (src/manifest.ts); empty when valid. */
export function remoteManifestProblems(manifest: unknown, where = 'manifest'): string[] {
  const problems = schemaProblems(RemoteManifestSchema, manifest, where);
  return problems.length ? problems : remoteRuleProblems(manifest as RemoteManifest, where);
}

/** Problems of one registry remote; empty when valid. */
export function registryRemoteProblems(remote: unknown, where = 'remote'): string[] {
  const problems = schemaProblems(RegistryRemoteSchema, remote, where);
  return problems.length ? problems : remoteRuleProblems(remote as RegistryRemote, where);
}

/** Problems of the whole registry, including names, routes and menu keys claimed by two remotes. */
export function registryProblems(registry: unknown): string[] {
  const problems = schemaProblems(Type.Object({ remotes: Type.Array(Type.Unknown()) }), registry, 'registry');
  if (problems.length) return problems;
  const remotes = (registry as { remotes: unknown[] }).remotes;
  remotes.forEach((remote, index) => problems.push(...registryRemoteProblems(remote, `remotes[${index}]`)));
  if (problems.length) return problems;
  const owners = new Map<string, string>();
  for (const remote of remotes as RegistryRemote[]) {
    const claims = [`name ${remote.name}`, ...remote.routes.map((r) => `route ${r.path}`), ...remote.menu.map((m) => `menu ${m.key}`)];
    for (const claim of claims) {
      const owner = owners.get(claim);
      if (owner) problems.push(`${claim} is declared by both ${owner} and ${remote.name}`);
      else owners.set(claim, remote.name);
    }
  }
  return problems;
}
