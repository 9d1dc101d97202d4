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

/** Over the page on a phone: above its content and the header, below antd's popups and dialogs (1000 and up). */
const OVER_PAGE = 900;

/**
 * The collapsible 240 px sidebar with the permitted menu groups. Its collapse control is a real, named button
 * (antd's own trigger is an unnamed div out of the tab order). On a phone the expanded sidebar lies over the page
 * (which keeps the icons' width) instead of squeezing it, with a backdrop; choosing an entry, tapping the backdrop
 * or pressing Escape folds it back.
 */
export function Sidebar() {
  const { t } = useTranslation('shell');
  const [narrow, setNarrow] = useState(() => window.matchMedia(NARROW).matches);
  const [collapsed, setCollapsed] = useState(narrow);
  const { items, selectedKeys, openKeys, onOpenChange, onClick } = useMenu();
  const over = narrow && !collapsed;
  const fold = () => setCollapsed(true);
  return (
    <>
      {over ? (
        <>
          <div style={{ flex: `0 0 ${SIDEBAR_COLLAPSED_WIDTH}px` }} />
          <div data-testid="sidebar-backdrop" onClick={fold} style={{ position: 'fixed', inset: 0, zIndex: OVER_PAGE, background: 'rgba(0, 0, 0, 0.45)' }} />
        </>
      ) : null}
      <Layout.Sider
        width={SIDEBAR_WIDTH}
        collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
        collapsible
        collapsed={collapsed}
        breakpoint="md"
        onBreakpoint={(broken) => {
          setNarrow(broken);
          setCollapsed(broken);
        }}
        trigger={null}
        theme="light"
        onKeyDown={over ? (event) => event.key === 'Escape' && fold() : undefined}
        // Stays in view while the page scrolls: the menu scrolls within it and the collapse button stays at the
        // window's bottom, not at the page's, where content arriving would push it down.
        style={{
          borderInlineEnd: '1px solid #f0f0f0',
          position: over ? 'fixed' : 'sticky',
          top: 0,
          height: '100vh',
          ...(over ? { insetInlineStart: 0, zIndex: OVER_PAGE + 1 } : {}),
        }}
      >
        <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
          <Menu
            mode="inline"
            items={items}
            selectedKeys={selectedKeys}
            {...(collapsed ? {} : { openKeys, onOpenChange, motion: INLINE_MOTION })}
            onClick={(info) => {
              onClick?.(info);
              if (narrow) fold();
            }}
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
    </>
  );
}
