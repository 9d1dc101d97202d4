import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, Menu, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '@portal/ui';
import { useMenu } from '../menu/useMenu';

/** Below antd's `md` breakpoint (a phone) the sidebar starts collapsed to its icons, leaving the page the width. */
const NARROW = '(max-width: 767.98px)';

type Motion = NonNullable<MenuProps['motion']>;
const folded = () => ({ height: 0, opacity: 0 });
const heightDone: Motion['onEnterEnd'] = (_, event) => event.deadline === true || (event as TransitionEvent).propertyName === 'height';

/**
 * antd's slide of an inline group, without its appear motion: the current page's group is open from the first paint
 * instead of unfolding under the user's eyes and pushing the groups below it down. Opening and closing a group
 * still slide.
 */
const INLINE_MOTION: Motion = {
  motionName: 'ant-motion-collapse',
  motionAppear: false,
  onEnterStart: folded,
  onEnterActive: (node) => ({ height: node.scrollHeight, opacity: 1 }),
  onEnterEnd: heightDone,
  onLeaveStart: (node) => ({ height: node.offsetHeight }),
  onLeaveActive: folded,
  onLeaveEnd: heightDone,
  motionDeadline: 500,
};

/**
 * The collapsible 240 px sidebar with the permitted menu groups. Its collapse control is a real, named button
 * (antd's own trigger is an unnamed div out of the tab order).
 */
export function Sidebar() {
  const { t } = useTranslation('shell');
  const [collapsed, setCollapsed] = useState(() => window.matchMedia(NARROW).matches);
  const { items, selectedKeys, openKeys, onOpenChange, onClick } = useMenu();
  return (
    <Layout.Sider
      width={SIDEBAR_WIDTH}
      collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
      collapsible
      collapsed={collapsed}
      breakpoint="md"
      onBreakpoint={setCollapsed}
      trigger={null}
      theme="light"
      // Stays in view while the page scrolls: the menu scrolls within it and the collapse button stays at the
      // window's bottom, not at the page's, where content arriving would push it down.
      style={{ borderInlineEnd: '1px solid #f0f0f0', position: 'sticky', top: 0, height: '100vh' }}
    >
      <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <Menu
          mode="inline"
          items={items}
          selectedKeys={selectedKeys}
          {...(collapsed ? {} : { openKeys, onOpenChange, motion: INLINE_MOTION })}
          onClick={onClick}
          style={{ borderInlineEnd: 0, flex: 1, overflowY: 'auto' }}
        />
        <Button
          type="text"
          block
          aria-label={collapsed ? t('sidebar.expand') : t('sidebar.collapse')}
          aria-expanded={!collapsed}
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={() => setCollapsed((value) => !value)}
          style={{ height: 48, borderRadius: 0, borderTop: '1px solid #f0f0f0' }}
        />
      </div>
    </Layout.Sider>
  );
}
