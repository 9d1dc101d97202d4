import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RegistryRemote } from '@portal/contract';
import { createPortalStore } from '@portal/session';
import { landingRemote, prefetchLanding, prefetchPage } from './landing';
import { forgetSharedRegistry } from './registry';

// The Module Federation runtime is replaced: each test decides what loading the remote's ./prefetch gives.
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), init: jest.fn() }));

const remote = (name: string, path: string): RegistryRemote => ({
  name,
  app: name.replace('_', '-'),
  namespace: name,
  version: '0.1.0',
  manifestUrl: `/remotes/${name}/mf-manifest.json`,
  expose: './lifecycles',
  routes: [{ path, permission: 'manager', titleKey: `${name}:title` }],
  menu: [],
  translations: {},
});
const REMOTES = [remote('mf_items', '/catalogues'), remote('mf_dashboard', '/dashboard')];

let registryReads = 0;
beforeEach(() => {
  forgetSharedRegistry();
  registryReads = 0;
  global.fetch = jest.fn(async () => {
    registryReads += 1;
    return { ok: true, status: 200, json: async () => ({ remotes: REMOTES }) } as Response;
  }) as typeof fetch;
  jest.mocked(loadRemote).mockReset();
  jest.mocked(registerRemotes).mockReset();
  jest.mocked(init).mockReset();
});

describe('the landing page prefetch', () => {
  it('finds the remote serving /dashboard, loads its ./prefetch and hands it the store', async () => {
    const prefetch = jest.fn();
    jest.mocked(loadRemote).mockResolvedValue({ prefetch });
    const { store } = createPortalStore();
    await prefetchLanding(store);
    expect(landingRemote(REMOTES)?.name).toBe('mf_dashboard');
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'mf_dashboard', entry: '/remotes/mf_dashboard/mf-manifest.json' }]);
    expect(loadRemote).toHaveBeenCalledWith('mf_dashboard/prefetch');
    expect(prefetch).toHaveBeenCalledWith(store);
    expect(registryReads).toBe(1);
  });

  it('costs only the head start when anything fails: no throw, a warning, nothing started', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.mocked(loadRemote).mockRejectedValue(new Error('remoteEntry.js answered 404'));
    await expect(prefetchLanding(createPortalStore().store)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
    jest.mocked(loadRemote).mockResolvedValue({}); // a remote without a prefetch
    await expect(prefetchLanding(createPortalStore().store)).resolves.toBeUndefined();
    warn.mockRestore();
  });

  it('asks nothing of the runtime when no remote serves the landing page', async () => {
    global.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ remotes: [REMOTES[0]] }) }) as Response) as typeof fetch;
    await prefetchLanding(createPortalStore().store);
    expect(loadRemote).not.toHaveBeenCalled();
  });
});

describe("a restored session's page", () => {
  it('reads the registry at once for any page; the landing page also loads its ./prefetch', async () => {
    const { store } = createPortalStore();
    await prefetchPage(store, '/catalogues');
    expect(registryReads).toBe(1);
    expect(loadRemote).not.toHaveBeenCalled();

    forgetSharedRegistry();
    const prefetch = jest.fn();
    jest.mocked(loadRemote).mockResolvedValue({ prefetch });
    await prefetchPage(store, '/dashboard');
    expect(loadRemote).toHaveBeenCalledWith('mf_dashboard/prefetch');
    expect(prefetch).toHaveBeenCalledWith(store);
  });

  it('leaves a failed registry read to the remotes’ start, which reports it', async () => {
    global.fetch = jest.fn(async () => ({ ok: false, status: 503 }) as Response) as typeof fetch;
    await expect(prefetchPage(createPortalStore().store, '/catalogues')).resolves.toBeUndefined();
  });
});
