import { screen, within } from '@testing-library/react';
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

it('starts collapsed to its icons on a phone-wide screen; expanded, it lies over the page until folded back', async () => {
  const wide = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...wide(query), matches: query.includes('max-width: 767.98px') });
  try {
    const user = userEvent.setup({ delay: null });
    await renderShell({ user: 'admin', path: '/dashboard' });
    const sider = document.querySelector('.ant-layout-sider') as HTMLElement;
    expect(sider).toHaveClass('ant-layout-sider-collapsed');
    expect(sider.style.position).toBe('sticky');

    await user.click(await screen.findByLabelText('Expand the menu'));
    expect(await screen.findByLabelText('Collapse the menu')).toHaveAttribute('aria-expanded', 'true');
    expect(sider.style.position).toBe('fixed'); // over the page, which keeps the icons' width
    await user.click(screen.getByTestId('sidebar-backdrop'));
    expect(sider).toHaveClass('ant-layout-sider-collapsed');
    expect(screen.queryByTestId('sidebar-backdrop')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Expand the menu'));
    await user.keyboard('{Escape}');
    expect(sider).toHaveClass('ant-layout-sider-collapsed');

    await user.click(screen.getByLabelText('Expand the menu'));
    await user.click(within(sider).getByText('Items')); // opening a group keeps it expanded
    expect(sider).not.toHaveClass('ant-layout-sider-collapsed');
    await user.click(await within(sider).findByText('Catalogues'));
    expect(sider).toHaveClass('ant-layout-sider-collapsed'); // the chosen page in view
    expect(screen.getByTestId('location')).toHaveTextContent('/catalogues');
  } finally {
    window.matchMedia = wide;
  }
});

it("shows the current page's group open from its first render, never unfolding it afterwards", async () => {
  // A group opened after the first paint unfolds under the user's eyes and pushes the groups below it down.
  const unfolded: string[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const element = record.target as Element;
      const opened = element.classList.contains('ant-menu-submenu-open') && !(record.oldValue ?? '').includes('ant-menu-submenu-open');
      if (opened) unfolded.push(element.textContent ?? '');
    }
  });
  observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'], attributeOldValue: true });
  try {
    await renderShell({ user: 'admin', path: '/dashboard' });
    const sidebar = document.querySelector('.ant-layout-sider') as HTMLElement;
    const dashboard = await within(sidebar).findByText('Dashboard');
    expect(dashboard.closest('.ant-menu-submenu')).toHaveClass('ant-menu-submenu-open');
  } finally {
    observer.disconnect();
  }
  expect(unfolded).toEqual([]);
});
