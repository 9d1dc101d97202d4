import { DashboardOutlined, HomeOutlined } from '@ant-design/icons';
import { PortalProviders } from '@portal/ui';
import {
  Avatar, Button, Card, Col, Empty, Flex, Layout, Menu, Row, Space, Spin, Statistic, Tooltip, TreeSelect, Typography,
} from 'antd';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';

/** The id of the hidden element the warm-up renders into (tests). */
export const STYLE_WARM_UP_ID = 'portal-style-warm-up';

const MENU_ITEMS = [{ key: 'home', icon: <HomeOutlined />, label: '-', children: [{ key: 'dashboard', icon: <DashboardOutlined />, label: '-' }] }];

/**
 * The antd components the signed-in shell (layout, sidebar menu, header) and the landing dashboard (cards,
 * statistics, the Libraries tree select, spinners) first render, with nothing in them: rendered only for antd to
 * make their styles.
 */
export function StyleWarmUp() {
  return (
    <Layout>
      <Layout.Sider theme="light" collapsible trigger={null}>
        <Menu mode="inline" items={MENU_ITEMS} selectedKeys={['dashboard']} openKeys={['home']} />
        <Button type="text" block icon={<HomeOutlined />} />
      </Layout.Sider>
      <Layout>
        <Layout.Header>
          <Space><Avatar size="small">-</Avatar><Button type="text">-</Button></Space>
        </Layout.Header>
        <Layout.Content>
          <Flex gap={8} align="center" wrap>
            <Typography.Title level={4}>-</Typography.Title>
            <Tooltip title="-"><Button type="text" size="small" icon={<HomeOutlined />} /></Tooltip>
            <TreeSelect treeCheckable showSearch maxTagCount={3} treeData={[]} value={[]} allowClear />
            <Button type="primary" icon={<HomeOutlined />}>-</Button>
          </Flex>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <Card size="small" title="-" extra={<Typography.Text>-</Typography.Text>}>
                <Statistic title="-" value={1} />
                <Spin size="small" />
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
              </Card>
            </Col>
          </Row>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

let warmed = false;

/**
 * Issue 19: antd makes a component's styles when it first renders (its CSS-in-JS turns the theme's tokens into CSS,
 * hashes and inserts it), a good part of the renderer's work between Login and the complete dashboard. While the
 * login page shows, once the signed-in chunk is in (the user started typing), this renders those components
 * hidden, in a root of their own with the portal's providers (theme, direction), so their styles are made before
 * Login is pressed. It stays mounted: antd forgets a style when its last user unmounts. Once per page. The
 * components live in a closed shadow root of a hidden element: no document query, test locator or accessibility
 * check sees them (antd still puts the styles in the document's head).
 */
export function warmSignedInStyles(): void {
  if (warmed) return;
  warmed = true;
  const element = document.createElement('div');
  element.id = STYLE_WARM_UP_ID;
  element.hidden = true;
  element.setAttribute('aria-hidden', 'true');
  const inside = document.createElement('div');
  element.attachShadow({ mode: 'closed' }).append(inside);
  document.body.append(element);
  // A transition: rendered in slices, so typing on the login page stays responsive.
  startTransition(() => createRoot(inside).render(<PortalProviders><StyleWarmUp /></PortalProviders>));
}
