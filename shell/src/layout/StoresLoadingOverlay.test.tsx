import { act, screen } from '@testing-library/react';
import { api } from '@portal/api';
import { setLanguage } from '@portal/i18n';
import { fetchStores } from '@portal/session';
import { renderShell } from './testing/renderShell';

jest.setTimeout(20_000);

beforeAll(async () => {
  await setLanguage('en-GB');
});

it('covers the content while the stores load, appearing only after 300 ms', async () => {
  const { store } = await renderShell({ user: 'librarian', path: '/inventories' });
  api.defaults.adapter = () => new Promise(() => undefined); // the stores never arrive
  act(() => {
    store.dispatch(fetchStores());
  });

  expect(screen.queryByRole('status', { hidden: true })).not.toBeInTheDocument();
  // While loading the Items guard waits instead of claiming that no library is selected.
  expect(screen.queryByText('No Library Selected', { selector: '.ant-result-title' })).not.toBeInTheDocument();
  const started = Date.now();
  expect(await screen.findByRole('status', { hidden: true })).toHaveTextContent('Loading');
  expect(Date.now() - started).toBeGreaterThanOrEqual(250);
});
