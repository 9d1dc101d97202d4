import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '@portal/i18n';
import { renderShell } from './testing/renderShell';

jest.setTimeout(20_000);

beforeAll(async () => {
  await setLanguage('en-GB');
});
beforeEach(() => localStorage.clear());

it('collapses and expands the sidebar from a named button that says whether the menu is expanded', async () => {
  const user = userEvent.setup({ delay: null });
  await renderShell({ user: 'admin', path: '/dashboard' });
  const collapse = await screen.findByLabelText('Collapse the menu');
  expect(collapse).toHaveAttribute('aria-expanded', 'true');
  collapse.focus();
  await user.keyboard('{Enter}');
  const expand = await screen.findByLabelText('Expand the menu');
  expect(expand).toHaveAttribute('aria-expanded', 'false');
  expect(document.querySelector('.ant-layout-sider')).toHaveClass('ant-layout-sider-collapsed');
});
