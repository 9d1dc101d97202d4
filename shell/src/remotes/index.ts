/**
 * The seam between the shell and its remotes (Module Federation + single-spa).
 *
 * - The shell's bootstrap calls `startRemotes()` once. It loads /registry.json, registers every remote's
 *   mf-manifest.json with the Module Federation runtime, and registers one single-spa application per
 *   remote the signed-in user may see (only its permitted routes activate it), following the session:
 *   login, logout and a different user re-plan the applications.
 * - The layout renders `<div id="portal-content" />` (PORTAL_CONTENT_ID) in its content area and keeps it
 *   in the DOM while signed in (hide it, never unmount it on navigation): each remote mounts into its own
 *   child element there, and a remote that fails shows its error with Retry there too.
 * - `useRemoteApps()` gives the layout the registry's menu entries and routes (`ready` is false until the
 *   registry is loaded; `retry` is set while it cannot be loaded). The bootstrap passes them to <App />.
 */
export { startRemotes } from './start';
export { useRemoteApps, type RemoteApps } from './state';
export { PORTAL_CONTENT_ID } from './containers';
