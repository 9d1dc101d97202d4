import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { getAppNames, start, type LifeCycles } from 'single-spa';
import type { RegistryRemote } from '@portal/contract';
import { LOCALES, registerTranslations, setLanguage } from '@portal/i18n';
import { PORTAL_CONTENT_ID } from '@portal/ui';
import { handleApplicationErrors, syncApplications, type RemoteCustomProps } from './applications';
import { errorLifecycles } from './errorView';
import type { ApplicationPlan } from './plan';

// The Module Federation runtime is replaced: each test decides what loading a remote gives.
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), init: jest.fn() }));
const mockLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;

const remote: RegistryRemote = {
  name: 'mf_statistics',
  app: 'mf-statistics',
  namespace: 'statistics',
  version: '0.1.0',
  manifestUrl: '/remotes/mf-statistics/mf-manifest.json',
  expose: './lifecycles',
  routes: [{ path: '/counters', permission: 'statistics', titleKey: 'statistics:titles.counters' }],
  menu: [],
  translations: {},
};
const plan: ApplicationPlan = { remote, paths: ['/counters'] };

/** Lifecycles of a remote that renders a paragraph, optionally failing to mount. */
function fakeRemote(text: string, failMount = false): LifeCycles<RemoteCustomProps> {
  let element: HTMLElement | undefined;
  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      if (failMount) throw new Error('mount failed');
      element = props.domElementGetter();
      element.innerHTML = `<p>${text}</p>`;
    },
    unmount: async () => {
      if (element) element.innerHTML = '';
    },
  };
}

async function goTo(path: string) {
  await act(async () => {
    window.history.pushState(null, '', path);
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

beforeAll(() => {
  registerTranslations('statistics', Object.fromEntries(LOCALES.map((lng) => [lng, { titles: { counters: 'Counters' } }])) as never);
  handleApplicationErrors();
  start({ urlRerouteOnly: true });
});

beforeEach(async () => {
  document.body.innerHTML = `<div id="${PORTAL_CONTENT_ID}"></div>`;
  await setLanguage('en-GB');
  await goTo('/');
  mockLoadRemote.mockReset();
});

afterEach(async () => {
  await act(() => syncApplications([]));
});

describe('remote applications', () => {
  it('mounts a permitted remote into its own element of #portal-content on its route only', async () => {
    mockLoadRemote.mockResolvedValue(fakeRemote('counters page'));
    await syncApplications([plan]);
    expect(getAppNames()).toEqual(['mf_statistics']);
    expect(mockLoadRemote).not.toHaveBeenCalled(); // nothing loads before its route is visited

    await goTo('/counters');
    await waitFor(() => expect(document.querySelector(`#${PORTAL_CONTENT_ID} [data-remote="mf_statistics"]`)).toHaveTextContent('counters page'));
    expect(mockLoadRemote).toHaveBeenCalledWith('mf_statistics/lifecycles');

    await goTo('/dashboard');
    await waitFor(() => expect(screen.queryByText('counters page')).toBeNull());
  });

  it('unregisters remotes the new plan leaves out (logout, another user)', async () => {
    await syncApplications([plan]);
    expect(getAppNames()).toEqual(['mf_statistics']);
    await syncApplications([]);
    expect(getAppNames()).toEqual([]);
  });

  it('shows a remote that failed to load as an error with Retry, and Retry loads it again from scratch', async () => {
    // What the errorLoadRemote plugin hands back when the manifest or remoteEntry cannot be fetched.
    mockLoadRemote.mockResolvedValueOnce(errorLifecycles('mf_statistics')).mockResolvedValueOnce(fakeRemote('counters again'));
    await syncApplications([plan]);
    await goTo('/counters');
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(document.querySelector('[data-remote-error="mf_statistics"]')).toHaveTextContent('Counters is not available right now');

    await act(async () => fireEvent.click(retry));
    await screen.findByText('counters again');
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'mf_statistics', entry: remote.manifestUrl }], { force: true });
    expect(document.querySelector('[data-remote-error]')).toBeNull();
  });

  it('shows a remote whose mount throws as an error with Retry in the content area only', async () => {
    mockLoadRemote.mockResolvedValueOnce(fakeRemote('never shown', true)).mockResolvedValueOnce(fakeRemote('mounted on retry'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await syncApplications([plan]);
    await goTo('/counters');
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(retry.closest(`#${PORTAL_CONTENT_ID}`)).not.toBeNull();

    await act(async () => fireEvent.click(retry));
    await screen.findByText('mounted on retry');
    expect(document.querySelector('[data-remote-error]')).toBeNull();
  });

  it('takes the error of a broken remote away when the user leaves its routes, and tries again on the next visit', async () => {
    mockLoadRemote.mockResolvedValueOnce(fakeRemote('never shown', true)).mockResolvedValueOnce(fakeRemote('second visit'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await syncApplications([plan]);
    await goTo('/counters');
    await screen.findByRole('button', { name: 'Retry' });

    await goTo('/dashboard');
    await waitFor(() => expect(document.querySelector('[data-remote-error]')).toBeNull());
    await goTo('/counters');
    await screen.findByText('second visit');
  });
});
