import { i18n, setLanguage } from '@portal/i18n';
import { forgetSharedRegistry, loadRegistry, REGISTRY_URL, sharedRegistry } from './registry';

const remote = {
  name: 'mf_selfcheck',
  app: 'mf-selfcheck',
  namespace: 'selfcheck',
  version: '0.1.0',
  manifestUrl: '/remotes/mf-selfcheck/mf-manifest.json',
  expose: './lifecycles',
  routes: [{ path: '/imagesets', permission: 'imagesets', titleKey: 'selfcheck:titles.imagesets' }],
  menu: [{ key: 'imagesets', group: 'selfchecks', path: '/imagesets', labelKey: 'selfcheck:menu.imagesets', permission: 'imagesets', order: 10 }],
  translations: { 'en-GB': { menu: { imagesets: 'Image Sets' } }, es: { menu: { imagesets: 'Conjuntos de imágenes' } } },
};

/** A fetch answering once with this status and JSON body (jsdom has no Response). */
function answer(status: number, body: unknown): jest.MockedFunction<typeof fetch> {
  const response = { ok: status >= 200 && status < 300, status, json: async () => body } as Response;
  return jest.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response) as jest.MockedFunction<typeof fetch>;
}

describe('loading the registry', () => {
  it('asks for a fresh copy and registers the menu texts before any remote loads', async () => {
    const fetchImpl = answer(200, { remotes: [remote] });
    const remotes = await loadRegistry(fetchImpl);
    expect(remotes.map((r) => r.name)).toEqual(['mf_selfcheck']);
    expect(fetchImpl).toHaveBeenCalledWith(REGISTRY_URL, expect.objectContaining({ cache: 'no-cache' }));
    await setLanguage('en-GB');
    expect(i18n.t('selfcheck:menu.imagesets')).toBe('Image Sets');
    await setLanguage('fr'); // not in this registry: the Spanish fallback
    expect(i18n.t('selfcheck:menu.imagesets')).toBe('Conjuntos de imágenes');
  });

  it('leaves out an invalid entry and keeps the others', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const remotes = await loadRegistry(
      answer(200, {
        remotes: [
          { ...remote, name: 'not valid' },
          { ...remote, name: 'mf_other', app: 'mf-other', routes: [{ ...remote.routes[0], path: '/other' }], menu: [] },
        ],
      }),
    );
    expect(remotes.map((r) => r.name)).toEqual(['mf_other']);
  });

  it('fails when the registry cannot be fetched', async () => {
    await expect(loadRegistry(answer(503, 'down'))).rejects.toThrow('/registry.json answered 503');
  });
});

describe('the registry shared by the landing prefetch and the remotes’ start', () => {
  beforeEach(() => forgetSharedRegistry());

  it('is asked for once per page', async () => {
    const fetchImpl = answer(200, { remotes: [remote] });
    const [first, second] = await Promise.all([sharedRegistry(fetchImpl), sharedRegistry(fetchImpl)]);
    expect(await sharedRegistry(fetchImpl)).toBe(first);
    expect(second).toBe(first);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('a failed read is asked for again by the next caller (Retry)', async () => {
    await expect(sharedRegistry(answer(503, 'down'))).rejects.toThrow('answered 503');
    const again = answer(200, { remotes: [remote] });
    await expect(sharedRegistry(again)).resolves.toHaveLength(1);
    expect(again).toHaveBeenCalledTimes(1);
  });
});
