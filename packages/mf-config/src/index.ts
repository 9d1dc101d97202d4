export { createWebpackConfig, type AppOptions, type PageOptions } from './createWebpackConfig';
export { SHARED_LIBRARIES, SHARED_WORKSPACE_PACKAGES, SHARED_PREFIXES, buildShared, type SharedConfig } from './shared';
export { findBundledTwice, SharedDuplicateCheckPlugin } from './sharedDuplicateCheck';
export { buildRegistryPart, RegistryPartPlugin, REGISTRY_PART_FILE, remoteBasePath } from './registryPart';
export { assembleRegistry } from './assemble';
export { LOCALES, pickTranslations, translationProblems } from './translations';
export { findWorkspaceRoot, parseCatalog, readCatalog } from './catalog';
