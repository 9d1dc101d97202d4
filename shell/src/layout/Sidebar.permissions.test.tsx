import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '@portal/i18n';
import { renderShell, type DemoUser } from './testing/renderShell';

const GROUPS = ['Home', 'Items', 'Statistics', 'SelfChecks', 'Settings'];

/** Opens every group of the sidebar and lists what it shows: [group, [entries]]. */
function sidebarContents(): [string, string[]][] {
  const sidebar = within(document.querySelector('.ant-layout-sider') as HTMLElement);
  const groups = sidebar.queryAllByRole('menuitem').filter((item) => GROUPS.includes(item.textContent ?? ''));
  const result: [string, string[]][] = [];
  for (const group of groups) {
    const name = group.textContent ?? '';
    const submenu = group.closest('li') as HTMLElement;
    if (!submenu.classList.contains('ant-menu-submenu-open')) fireEvent.click(group);
    const entries = within(submenu)
      .getAllByRole('menuitem')
      .filter((item) => item !== group)
      .map((item) => item.textContent ?? '');
    result.push([name, entries]);
  }
  return result;
}

// antd renders slowly in jsdom on a busy machine.
jest.setTimeout(20_000);

beforeAll(async () => {
  await setLanguage('en-GB');
});
beforeEach(() => localStorage.clear());

describe('sidebar per demo account: exactly the permitted entries', () => {
  const ALL: [string, string[]][] = [
    ['Home', ['Dashboard', 'Search']],
    ['Items', ['Inventories', 'Catalogues', 'Search Lists', 'ID Modifications']],
    ['Statistics', ['Counters', 'Alarms']],
    ['SelfChecks', ['Image Sets', 'SIP Operations']],
    ['Settings', ['Users', 'Libraries']],
  ];
  // Devices needs the devices permission, which the test supervisor lacks; an admin holds every permission.
  const ADMIN: [string, string[]][] = [...ALL.slice(0, -1), ['Settings', ['Users', 'Libraries', 'Devices']]];
  const cases: [DemoUser, [string, string[]][]][] = [
    ['admin', ADMIN],
    ['supervisor', ALL],
    [
      'manager',
      [
        ['Home', ['Dashboard']],
        ['Settings', ['Libraries']],
      ],
    ],
    [
      'librarian',
      [
        ['Home', ['Dashboard', 'Search']],
        ['Items', ['Inventories', 'Catalogues', 'Search Lists', 'ID Modifications']],
        ['Settings', ['Libraries']],
      ],
    ],
  ];

  it.each(cases)('%s', async (account, expected) => {
    await renderShell({ user: account, path: '/dashboard' });
    expect(sidebarContents()).toEqual(expected);
  });

  it('navigates to an entry and marks it selected', async () => {
    await renderShell({ user: 'admin', path: '/dashboard' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('menuitem', { name: /Statistics/ }));
    await user.click(await screen.findByRole('menuitem', { name: /Counters/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/counters');
    expect(screen.getByRole('menuitem', { name: /Counters/ }).closest('li')).toHaveClass('ant-menu-item-selected');
  });
});
