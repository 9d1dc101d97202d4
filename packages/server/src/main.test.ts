/**
 * The real start script: without PORTAL_DEMO an empty database gets no demo data (no admin/admin), start-up
 * is refused until ADMIN_PASSWORD is set; TRUST_PROXY that would trust every hop is refused.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './config';

function start(env: Record<string, string>): { status: number | null; output: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-main-'));
  try {
    const { DATABASE_URL: _db, PORTAL_DEMO: _demo, ADMIN_PASSWORD: _pw, TRUST_PROXY: _tp, ...rest } = process.env;
    const res = spawnSync(path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), [path.join(__dirname, 'main.ts')], {
      env: { ...rest, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { status: res.status, output: `${res.stdout}${res.stderr}` };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('main.ts start-up', () => {
  it('makes demo data opt-in: an empty database without PORTAL_DEMO asks for ADMIN_PASSWORD', () => {
    const res = start({});
    expect(res.status).toBe(1);
    expect(res.output).toMatch(/set ADMIN_PASSWORD/);
  }, 60_000);

  it('refuses a demo ADMIN_PASSWORD and a TRUST_PROXY that trusts every hop', () => {
    expect(start({ ADMIN_PASSWORD: 'supervisor' }).output).toMatch(/ADMIN_PASSWORD is refused/);
    expect(start({ TRUST_PROXY: 'true', PORTAL_DEMO: '1' }).output).toMatch(/TRUST_PROXY must be/);
  }, 60_000);
});
