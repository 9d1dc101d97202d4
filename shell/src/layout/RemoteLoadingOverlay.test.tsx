import { act, render, screen, waitFor } from '@testing-library/react';
import { registerApplication, start, type LifeCycles } from 'single-spa';
import { PortalProviders } from '@portal/ui';
import { setLanguage } from '@portal/i18n';
import { RemoteLoadingOverlay } from './RemoteLoadingOverlay';

jest.setTimeout(20_000);

beforeAll(async () => {
  await setLanguage('en-GB');
  start({ urlRerouteOnly: true });
});

it("covers the content while a remote's code arrives, after 300 ms, until it is mounted", async () => {
  let arrive: (lifecycles: LifeCycles) => void = () => undefined;
  const mounted = jest.fn(async () => undefined);
  registerApplication({
    name: 'slow-remote',
    app: () => new Promise<LifeCycles>((resolve) => (arrive = resolve)),
    activeWhen: '/slow',
  });
  render(
    <PortalProviders>
      <RemoteLoadingOverlay />
    </PortalProviders>,
  );

  const started = Date.now();
  act(() => window.history.pushState(null, '', '/slow'));
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expect(await screen.findByRole('status')).toHaveTextContent('Loading');
  expect(Date.now() - started).toBeGreaterThanOrEqual(250);

  await act(async () => arrive({ bootstrap: async () => undefined, mount: mounted, unmount: async () => undefined }));
  await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  expect(mounted).toHaveBeenCalled();
});
