import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType, ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { setLanguage } from '@portal/i18n';
import { createPortalStore } from '@portal/session';
import { lazyPage, ManifestRoutes, type PageProps } from './ManifestRoutes';
import { PortalProviders } from './PortalProviders';

const manifest = {
  namespace: 'probe',
  routes: [
    { path: '/first', titleKey: 'First page' },
    { path: '/second', titleKey: 'Second page' },
  ],
} as const;

/** A page module whose arrival the test decides, and how often it was asked for. */
function deferredModule() {
  let arrive: (module: { ProbePage: (props: PageProps) => ReactElement }) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const promise = new Promise<{ ProbePage: (props: PageProps) => ReactElement }>((resolve, reject) => {
    arrive = resolve;
    fail = reject;
  });
  const load = jest.fn(() => promise);
  return { load, arrive, fail };
}

function ProbePage({ title }: PageProps) {
  return (
    <section>
      <h1>{title}</h1>
      <p>page content</p>
    </section>
  );
}

function renderAt(path: string, pages: Record<'/first' | '/second', ComponentType<PageProps>>) {
  const { store } = createPortalStore();
  render(
    <PortalProviders store={store}>
      <MemoryRouter initialEntries={[path]}>
        <ManifestRoutes manifest={manifest} pages={pages} />
      </MemoryRouter>
    </PortalProviders>,
  );
}

beforeAll(async () => {
  await act(() => setLanguage('en-GB'));
});

describe('ManifestRoutes with pages fetched on first show', () => {
  it('shows the route title and, after a while, the loading overlay while the page code arrives, then the page, and fetches only that page', async () => {
    const first = deferredModule();
    const second = deferredModule();
    renderAt('/first', { '/first': lazyPage(first.load, 'ProbePage'), '/second': lazyPage(second.load, 'ProbePage') });

    expect(screen.getByRole('heading', { level: 1, name: 'First page' })).toBeInTheDocument();
    expect(screen.queryByText('page content')).not.toBeInTheDocument();
    const frame = () => screen.getByRole('heading', { level: 1 }).closest('section');
    expect(frame()).toHaveAttribute('aria-busy', 'true');
    // The loading overlay once the wait lasts its delay, not before.
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading');

    await act(async () => first.arrive({ ProbePage }));
    expect(await screen.findByText('page content')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(document.querySelector('[aria-busy]')).toBeNull();
    expect(first.load).toHaveBeenCalledTimes(1);
    expect(second.load).not.toHaveBeenCalled();
  });

  it('says in the page frame when its code cannot be fetched, and Retry fetches it again', async () => {
    const modules = [deferredModule(), deferredModule()];
    const load: jest.Mock<ReturnType<(typeof modules)[0]['load']>, []> = jest.fn(() => modules[load.mock.calls.length - 1].load());
    renderAt('/first', { '/first': lazyPage(load, 'ProbePage'), '/second': lazyPage(deferredModule().load, 'ProbePage') });

    await act(async () => modules[0].fail(new Error('Loading chunk 42 failed')));
    const retry = await screen.findByRole('button', { name: /retry/i });
    expect(screen.getByRole('heading', { level: 1, name: 'First page' })).toBeInTheDocument();
    expect(screen.queryByText('page content')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);

    await userEvent.click(retry);
    await act(async () => modules[1].arrive({ ProbePage }));
    expect(await screen.findByText('page content')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
