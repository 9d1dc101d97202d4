import { Layout } from 'antd';
import { Outlet } from 'react-router-dom';
import { PORTAL_CONTENT_ID } from '@portal/ui';
import { AppHeader } from './AppHeader';
import { ChangeLibraryHost } from './changeLibrary/ChangeLibraryHost';
import { Sidebar } from './Sidebar';
import { RemoteLoadingOverlay } from './RemoteLoadingOverlay';
import { StoresLoadingOverlay } from './StoresLoadingOverlay';
import { useRemoteVisible } from './useRemoteVisible';
import './ShellLayout.css';

/** The logged-in frame: sidebar, header and a content area holding shell pages and the remote mount point. */
export function ShellLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Sidebar />
      <Layout>
        <AppHeader />
        <Layout.Content className="portal-content-area">
          <Outlet />
          <RemoteContent />
          <StoresLoadingOverlay />
          <RemoteLoadingOverlay />
        </Layout.Content>
      </Layout>
      <ChangeLibraryHost />
    </Layout>
  );
}

/** Where remotes mount (shell/src/remotes): kept in the DOM while signed in, hidden when not in use. */
function RemoteContent() {
  const visible = useRemoteVisible();
  return <div id={PORTAL_CONTENT_ID} hidden={!visible} data-testid={PORTAL_CONTENT_ID} />;
}
