import type { MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import { selectPermissionHolder } from '@portal/session';
import { buildSidebar } from './buildMenu';
import { GROUP_ICONS } from './groups';
import { MenuIcon } from './icons';
import { useMenuEntries } from './MenuEntriesContext';
import { longestMatch } from './paths';
import { useEntryLabel } from './useEntryLabel';

export interface SidebarMenu {
  items: NonNullable<MenuProps['items']>;
  selectedKeys: string[];
  openKeys: string[];
  onOpenChange: (keys: string[]) => void;
  onClick: MenuProps['onClick'];
}

/** The sidebar's antd menu model: permitted registry entries grouped per spec, with the current entry selected. */
export function useMenu(): SidebarMenu {
  const { t } = useTranslation('shell');
  const label = useEntryLabel();
  const { menuEntries } = useMenuEntries();
  const user = useSelector(selectPermissionHolder);
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const sections = useMemo(() => buildSidebar(menuEntries, user), [menuEntries, user]);
  const current = useMemo(
    () =>
      longestMatch(
        pathname,
        sections.flatMap((section) => section.entries),
      ),
    [pathname, sections],
  );

  // Groups open by the user stay open; navigating into a group opens it too, in the same render (opened after
  // the first paint, the group would unfold under the user's eyes and push the groups below it down).
  const currentGroupKey = current ? `group:${current.group}` : undefined;
  const [openKeys, setOpenKeys] = useState<string[]>(currentGroupKey ? [currentGroupKey] : []);
  const [openedFor, setOpenedFor] = useState(currentGroupKey);
  if (currentGroupKey !== openedFor) {
    setOpenedFor(currentGroupKey);
    if (currentGroupKey && !openKeys.includes(currentGroupKey)) setOpenKeys([...openKeys, currentGroupKey]);
  }

  return useMemo(() => {
    return {
      items: sections.map((section) => ({
        key: `group:${section.group}`,
        label: t(`menu.groups.${section.group}`),
        icon: <MenuIcon name={GROUP_ICONS[section.group]} />,
        children: section.entries.map((entry) => ({ key: entry.path, label: label(entry), icon: <MenuIcon name={entry.icon} /> })),
      })),
      selectedKeys: current ? [current.path] : [],
      openKeys,
      onOpenChange: setOpenKeys,
      onClick: ({ key }) => navigate(key),
    };
  }, [sections, current, openKeys, t, label, navigate]);
}
