import { Layout, Menu } from 'antd';
import { useState } from 'react';
import { SIDEBAR_WIDTH } from '@portal/ui';
import { useMenu } from '../menu/useMenu';

/** The collapsible 240 px sidebar with the permitted menu groups. */
export function Sidebar() {
  const [collapsed, setCollapsed] = useState(false);
  const { items, selectedKeys, openKeys, onOpenChange, onClick } = useMenu();
  return (
    <Layout.Sider width={SIDEBAR_WIDTH} collapsible collapsed={collapsed} onCollapse={setCollapsed} theme="light"
      style={{ borderInlineEnd: '1px solid #f0f0f0' }}>
      <Menu
        mode="inline"
        items={items}
        selectedKeys={selectedKeys}
        {...(collapsed ? {} : { openKeys, onOpenChange })}
        onClick={onClick}
        style={{ borderInlineEnd: 0 }}
      />
    </Layout.Sider>
  );
}
