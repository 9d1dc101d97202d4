/** GET /portal-config.json: deploy-time settings from the environment, public, defaults when unset or unusable. */
import { DEFAULT_DEPLOY_SETTINGS, readDeploySettings } from '@portal/contract';
import { createTestApp, type TestApp } from '../testing/testApp';

const KEYS = ['PORTAL_PRODUCT_NAME', 'PORTAL_SUPPORT_EMAIL', 'PORTAL_NEWS_URL'] as const;
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
afterAll(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

describe('readDeploySettings', () => {
  it('takes the environment values and falls back to the defaults for missing or unusable ones', () => {
    expect(readDeploySettings({})).toEqual(DEFAULT_DEPLOY_SETTINGS);
    expect(
      readDeploySettings({
        PORTAL_PRODUCT_NAME: ' Biblio Red ',
        PORTAL_SUPPORT_EMAIL: 'ayuda@biblio.es',
        PORTAL_NEWS_URL: 'https://biblio.es/noticias',
      }),
    ).toEqual({ productName: 'Biblio Red', supportEmail: 'ayuda@biblio.es', newsUrl: 'https://biblio.es/noticias' });
    expect(
      readDeploySettings({
        PORTAL_PRODUCT_NAME: '   ',
        PORTAL_SUPPORT_EMAIL: 'not an address',
        PORTAL_NEWS_URL: 'javascript:alert(1)',
      }),
    ).toEqual(DEFAULT_DEPLOY_SETTINGS);
    expect(readDeploySettings({ PORTAL_PRODUCT_NAME: 'x'.repeat(500) }).productName).toHaveLength(60);
  });
});

describe('GET /portal-config.json', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('answers the defaults without a token, never cached', async () => {
    for (const k of KEYS) delete process.env[k];
    t = await createTestApp();
    const res = await t.call('GET', '/portal-config.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual(DEFAULT_DEPLOY_SETTINGS);
  });

  it('answers the values the server was started with; query strings change nothing', async () => {
    process.env.PORTAL_PRODUCT_NAME = 'Biblio Red';
    process.env.PORTAL_SUPPORT_EMAIL = 'ayuda@biblio.es';
    process.env.PORTAL_NEWS_URL = 'https://biblio.es/noticias';
    t = await createTestApp();
    const expected = { productName: 'Biblio Red', supportEmail: 'ayuda@biblio.es', newsUrl: 'https://biblio.es/noticias' };
    expect((await t.call('GET', '/portal-config.json', { user: 'manager' })).json()).toEqual(expected);
    const hostile = await t.call('GET', `/portal-config.json?productName=${encodeURIComponent('<script>')}&x=${'a'.repeat(5000)}`);
    expect(hostile.statusCode).toBe(200);
    expect(hostile.json()).toEqual(expected);
    expect((await t.call('POST', '/portal-config.json', { body: expected })).statusCode).toBe(404);
  });
});
