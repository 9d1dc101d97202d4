export { openBrowser, ensureChromium, CHROMIUM, type PortalBrowser } from './browser';
export { startServer, freePort, REPO_ROOT, type RunningServer } from './server';
export {
  portalUrl,
  login,
  submitLogin,
  logoutViaMenu,
  sidebarPaths,
  navigateInApp,
  contentTitle,
  waitForContentTitle,
  DEMO_USERS,
  type DemoUser,
} from './portal';
export { useBrowser, useWorkDir, type TestBrowserOptions } from './testBrowser';
export { pickMenuEntry } from './menu';
export { dialogSettled } from './dialog';
export { downloadOf } from './download';
