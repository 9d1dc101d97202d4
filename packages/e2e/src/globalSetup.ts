import { ensureChromium } from './browser';
import { copyPreparedDemoData } from './demoData';
import { startServer, type RunningServer } from './server';

declare global {
  var portalE2eServer: RunningServer | undefined;
}

/** One server for the whole run (tests use fresh browser profiles, so sessions never leak between them). */
export default async function globalSetup(): Promise<void> {
  ensureChromium();
  if (process.env.PORTAL_E2E_URL) return; // an already running portal, e.g. while developing tests
  // A copy of the demo data scripts/test.sh prepared during the build, when there is one; generated otherwise.
  const server = await startServer({ dataDir: copyPreparedDemoData() });
  globalThis.portalE2eServer = server;
  process.env.PORTAL_E2E_URL = server.url;
}
