/**
 * LibreOffice (`soffice`) for tests that open the portal's files as a spreadsheet user would. CI installs it
 * (scripts/system-deps.sh), so there a missing soffice fails the test; elsewhere the test is skipped.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const installed = (() => {
  try {
    execFileSync('soffice', ['--version'], { stdio: 'ignore', timeout: 120_000 });
    return true;
  } catch {
    return false;
  }
})();
const onCi = /^(1|true)$/i.test(process.env.CI ?? '');

/** `it` when LibreOffice is installed or on CI (where its absence fails the test), else `it.skip`. */
export const itWithLibreOffice = (name: string, test: () => Promise<void> | void, timeout?: number): void =>
  (installed || onCi ? it : it.skip)(
    name,
    async () => {
      if (!installed) throw new Error('soffice (LibreOffice) is missing: scripts/system-deps.sh installs libreoffice-calc-nogui');
      await test();
    },
    timeout,
  );

/**
 * Converts files with LibreOffice into outDir (`convertTo` as soffice takes it, e.g. `xlsx` or
 * `csv:Text - txt - csv (StarCalc):44,34,76`); `infilter` says how to read them (e.g. a csv's separator).
 */
export function convertWithLibreOffice(files: readonly string[], outDir: string, convertTo: string, infilter?: string): void {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lo-profile-'));
  try {
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${profile}`,
        '--headless',
        ...(infilter ? [`--infilter=${infilter}`] : []),
        '--convert-to',
        convertTo,
        '--outdir',
        outDir,
        ...files,
      ],
      { stdio: 'ignore', timeout: 170_000 },
    );
  } finally {
    fs.rmSync(profile, { recursive: true, force: true });
  }
}
