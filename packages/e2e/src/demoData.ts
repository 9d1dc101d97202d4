import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from './server';

/**
 * The demo data the end-to-end server starts on, generated ahead: `npm test` (scripts/test.sh) prepares it while
 * the build runs, so the end-to-end phase no longer waits for the demo generation. The variable names the folder.
 */
export const DEMO_DATA_TEMPLATE_VARIABLE = 'PORTAL_E2E_DATA_TEMPLATE';

/** Starts the real server once on an empty `dataDir` (it migrates and fills it with demo data) and stops it. */
export async function prepareDemoData(dataDir: string): Promise<void> {
  const server = await startServer({ dataDir, requireBuild: false });
  await server.stop({ keepData: true });
}

/** A fresh copy of the prepared demo data (each run changes its data), or undefined when none was prepared. */
export function copyPreparedDemoData(template = process.env[DEMO_DATA_TEMPLATE_VARIABLE]): string | undefined {
  if (!template || !existsSync(template)) return undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

// `tsx packages/e2e/src/demoData.ts <folder>`: prepares the demo data in <folder>.
if (require.main === module) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: tsx packages/e2e/src/demoData.ts <folder>');
    process.exit(2);
  }
  prepareDemoData(path.resolve(dir)).then(
    () => console.log(`demo data prepared in ${dir}`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
