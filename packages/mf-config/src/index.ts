export { createWebpackConfig, type AppOptions, type PageOptions } from './createWebpackConfig';
export { SHARED_LIBRARIES, SHARED_WORKSPACE_PACKAGES, SHARED_PREFIXES, buildShared, type SharedConfig } from './shared';
export { findBundledTwice, SharedDuplicateCheckPlugin } from './sharedDuplicateCheck';
export { appVersion, buildRegistryPart, RegistryPartPlugin, REGISTRY_PART_FILE, RELEASE_VERSION, remoteBasePath, remoteDistDir } from './registryPart';
export { assembleRegistry, parsePins, type AssembleOptions } from './assemble';
export { compatibilityProblems, readBuildShared, type BuildShared, type SharedBuilt } from './compatibility';
export { LOCALES, pickTranslations, translationProblems } from './translations';
export { findWorkspaceRoot, parseCatalog, readCatalog } from './catalog';
