/**
 * Release drill (README "Releasing one remote"): one remote (mf-settings) is released alone in a copy of the
 * built portal, rolled back by the registry, and a release built against an incompatible react, or using an antd
 * export the shell's antd lacks, is refused.
 * The copy: the shell's dist copied (assemble writes its registry.json), every other remote linked read-only,
 * mf-settings' sources copied with a visible text change and the next patch version, its current release
 * linked as the old one. Only that one remote is built; one server serves the copy all along (PORTAL_ROOT).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openBrowser, REPO_ROOT, startServer, submitLogin, waitForContentTitle, type PortalBrowser, type RunningServer } from '../src';
import { copyPreparedDemoData } from '../src/demoData';

const APP = 'mf-settings';
const MF_CONFIG_BIN = path.join(REPO_ROOT, 'packages', 'mf-config', 'bin');

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
const oldVersion: string = readJson(path.join(REPO_ROOT, APP, 'package.json')).version;
const newVersion = oldVersion.replace(/\d+$/, (patch) => String(Number(patch) + 1));
const changedText = `Full name (release ${newVersion})`;

/** Runs one of @portal/mf-config's commands in the copy, as a team would from its checkout. */
function run(bin: string, args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [path.join(MF_CONFIG_BIN, bin), ...args], { cwd, encoding: 'utf8', timeout: 600_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** sha256 of every file under dir except registry.json. */
function shellFiles(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name !== 'registry.json')
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return [path.relative(dir, file), createHash('sha256').update(readFileSync(file)).digest('hex')];
      }),
  );
}

function prepareCopy(root: string): void {
  cpSync(path.join(REPO_ROOT, 'pnpm-workspace.yaml'), path.join(root, 'pnpm-workspace.yaml'));
  cpSync(path.join(REPO_ROOT, 'shell', 'dist'), path.join(root, 'shell', 'dist'), { recursive: true });
  for (const entry of readdirSync(REPO_ROOT)) {
    if (/^mf-[a-z]+$/.test(entry) && entry !== APP) symlinkSync(path.join(REPO_ROOT, entry), path.join(root, entry));
  }
  const app = path.join(root, APP);
  mkdirSync(path.join(app, 'dist'), { recursive: true });
  symlinkSync(path.join(REPO_ROOT, APP, 'dist', oldVersion), path.join(app, 'dist', oldVersion));
  symlinkSync(path.join(REPO_ROOT, APP, 'node_modules'), path.join(app, 'node_modules'));
  cpSync(path.join(REPO_ROOT, APP, 'src'), path.join(app, 'src'), { recursive: true });
  cpSync(path.join(REPO_ROOT, APP, 'webpack.config.js'), path.join(app, 'webpack.config.js'));
  const pkg = readJson(path.join(REPO_ROOT, APP, 'package.json'));
  writeFileSync(path.join(app, 'package.json'), JSON.stringify({ ...pkg, version: newVersion }, null, 2));
  const locale = path.join(app, 'src', 'locales', 'en-GB.json');
  const texts = readJson(locale);
  texts.users.fullName = changedText;
  writeFileSync(locale, JSON.stringify(texts, null, 2));
}

describe('release drill: one remote released alone, rolled back, an incompatible one refused', () => {
  let root: string | undefined;
  let server: RunningServer | undefined;
  let browser: PortalBrowser | undefined;
  const cleanUp = async () => {
    await browser?.close();
    await server?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  };
  afterAll(cleanUp);

  it('shows the new release after assemble without a server restart, the old one after a rollback, and refuses an incompatible one', async () => {
    // A fresh copy on every attempt (a retry must not find the releases of the one before).
    await cleanUp();
    root = mkdtempSync(path.join(tmpdir(), 'portal-release-'));
    prepareCopy(root);
    const shellBefore = shellFiles(path.join(root, 'shell', 'dist'));
    const registryFile = path.join(root, 'shell', 'dist', 'registry.json');
    const settingsRelease = () => readJson(registryFile).remotes.find((remote: { app: string }) => remote.app === APP);
    expect(settingsRelease().version).toBe(oldVersion);

    const build = run('portal-webpack.js', ['build', '--mode', 'production'], path.join(root, APP));
    expect([build.status, build.output.slice(-2000)]).toEqual([0, expect.any(String)]);
    // The new release sits beside the old one; nothing is live until assemble.
    expect(readdirSync(path.join(root, APP, 'dist')).sort()).toEqual([oldVersion, newVersion].sort());

    server = await startServer({ dataDir: copyPreparedDemoData(), env: { PORTAL_ROOT: root, PORTAL_DEMO_PROFILE: 'small' } });
    browser = await openBrowser();
    const { page, requests } = browser;
    const usersPage = async (expected: string, absent: string) => {
      await page.goto(`${server?.url}/users`);
      await waitForContentTitle(page, 'Users');
      await page.getByRole('columnheader', { name: expected, exact: true }).waitFor();
      expect(await page.getByRole('columnheader', { name: absent, exact: true }).count()).toBe(0);
    };
    await page.goto(`${server.url}/auth/login`);
    await submitLogin(page, 'admin');
    await page.waitForURL(/\/dashboard$/);
    await usersPage('Full name', changedText);

    const release = run('portal-assemble-registry.js', [], root);
    expect([release.status, release.output]).toEqual([0, expect.stringContaining(`${APP}@${newVersion}`)]);
    await usersPage(changedText, 'Full name');
    expect(requests.some((url) => url.endsWith(`/remotes/${APP}/${newVersion}/mf-manifest.json`))).toBe(true);

    const rollback = run('portal-assemble-registry.js', [`${APP}@${oldVersion}`], root);
    expect([rollback.status, rollback.output]).toEqual([0, expect.stringContaining(`${APP}@${oldVersion}`)]);
    expect(settingsRelease().manifestUrl).toBe(`/remotes/${APP}/${oldVersion}/mf-manifest.json`);
    await usersPage('Full name', changedText);

    // A release built against react 20: its manifest requires a range the shell's react does not meet.
    const incompatible = `${newVersion}-react20`;
    const incompatibleDir = path.join(root, APP, 'dist', incompatible);
    cpSync(path.join(root, APP, 'dist', newVersion), incompatibleDir, { recursive: true });
    const manifestFile = path.join(incompatibleDir, 'mf-manifest.json');
    const manifest = readJson(manifestFile);
    const react = manifest.shared.find((entry: { name: string }) => entry.name === 'react');
    Object.assign(react, { version: '20.0.0', requiredVersion: '^20.0.0' });
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const shellReact = readJson(path.join(root, 'shell', 'dist', 'mf-manifest.json')).shared.find((entry: { name: string }) => entry.name === 'react').version;
    const registryBefore = readFileSync(registryFile, 'utf8');
    const refused = run('portal-assemble-registry.js', [`${APP}@${incompatible}`], root);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain(`${APP} requires react ^20.0.0 (built with 20.0.0), but the shell provides ${shellReact}`);
    expect(readFileSync(registryFile, 'utf8')).toBe(registryBefore);

    // A release using an antd export the shell's cut-down antd lacks (its build records what it uses): its own
    // antd would be a second copy on the page, so it waits for a shell built with it.
    const uncoveredRelease = `${newVersion}-slider`;
    const uncoveredDir = path.join(root, APP, 'dist', uncoveredRelease);
    cpSync(path.join(root, APP, 'dist', newVersion), uncoveredDir, { recursive: true });
    const usageFile = path.join(uncoveredDir, 'shared-exports.json');
    const usage = readJson(usageFile);
    // Its tables, forms and dialogs come from their own keys, the rest of what it uses from the shell's cut-down antd.
    expect(usage.used['antd/tables-forms']).toEqual(expect.arrayContaining(['Table', 'Modal']));
    expect(usage.used['antd/more']).toEqual(expect.arrayContaining(['Form']));
    expect(usage.used.antd).toEqual(expect.arrayContaining(['Button']));
    expect(usage.used.antd).not.toContain('Modal');
    usage.used.antd.push('Slider');
    writeFileSync(usageFile, JSON.stringify(usage));
    const uncovered = run('portal-assemble-registry.js', [`${APP}@${uncoveredRelease}`], root);
    expect(uncovered.status).toBe(1);
    expect(uncovered.output).toContain(`${APP} uses antd Slider, which the shell's copy lacks`);
    expect(readFileSync(registryFile, 'utf8')).toBe(registryBefore);

    expect(shellFiles(path.join(root, 'shell', 'dist'))).toEqual(shellBefore);
  }, 900_000);
});
