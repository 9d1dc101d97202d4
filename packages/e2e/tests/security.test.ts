/**
 * Security against the real server and build: a session signed in through the browser is
 * revoked by Logout (the old token answers 401 at once); non-canonical request targets never reach a
 * protected route without a token; API answers are never cached; dotfiles of the build are not served.
 */
import http from 'node:http';
import { login, logoutViaMenu, portalUrl, useBrowser, waitForContentTitle } from '../src';

const browser = useBrowser();

/** One request with the target exactly as given (fetch would normalise it). */
function raw(
  method: string,
  target: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const base = new URL(portalUrl('/'));
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: base.hostname, port: base.port, method, path: target, headers: { connection: 'close', 'content-length': '0', ...headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('security of the running portal', () => {
  it('Logout revokes the session token; bypass targets, caching and dotfiles are closed', async () => {
    const { page } = browser;
    await login(page, 'admin');
    await waitForContentTitle(page, 'Dashboard');
    const token = await page.evaluate(() => (JSON.parse(window.localStorage.getItem('portal.session') ?? '{}') as { token?: string }).token ?? '');
    expect(token).toBeTruthy();

    const before = await raw('GET', '/api/misc/version', { 'x-access-token': token });
    expect(before.status).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');

    const host = new URL(portalUrl('/')).host;
    for (const [method, target] of [
      ['POST', '/%61pi/users/exists'],
      ['POST', '/%2561pi/stores'],
      ['POST', `http://${host}/api/users/exists`],
      ['GET', '/api/./users'],
      ['GET', '//api/users'],
      ['GET', '/API/users'],
      ['GET', '/api/users/'],
    ]) {
      const res = await raw(method, target);
      expect([target, [401, 404].includes(res.status) || (res.status === 200 && res.body.includes('<html'))]).toEqual([target, true]);
      expect(res.body).not.toContain('"exists"');
    }

    // The shell tells the server best effort while it ends the local session: wait for that call's answer.
    const loggedOut = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/logout', { timeout: 60_000 });
    await logoutViaMenu(page);
    expect((await loggedOut).status()).toBeLessThan(300);
    const after = await raw('GET', '/api/misc/version', { 'x-access-token': token });
    expect([after.status, JSON.parse(after.body).code]).toEqual([401, 'TOKEN_INVALID']);

    for (const target of ['/.env', '/remotes/mf-dashboard/.gitignore', '/remotes/mf-dashboard/%2egit/config']) {
      const res = await raw('GET', target);
      expect([target, res.status === 404 || res.body.includes('<html')]).toEqual([target, true]);
    }
  });
});
