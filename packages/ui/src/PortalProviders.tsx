import { getAntdLocale, i18n, I18nextProvider, isRtl, useLanguage } from '@portal/i18n';
import { store as portalStore } from '@portal/session';
import { App as AntdApp, ConfigProvider } from 'antd';
// antd's static styles: the theme's zeroRuntime (./theme) makes none at run time. Production builds link it as a css
// file loaded with this module's chunk (@portal/mf-config styleSheets).
import 'antd/dist/antd.css';
import type { ComponentProps, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ErrorBoundary } from './ErrorBoundary';
import { portalTheme } from './theme';

export interface PortalProvidersProps {
  children?: ReactNode;
  /** Only for tests and stories: the one application store is used otherwise. */
  store?: ComponentProps<typeof Provider>['store'];
}

/** antd follows the interface language: its locale, and right-to-left for Arabic. */
function AntdProvider({ children }: { children?: ReactNode }) {
  const lng = useLanguage();
  return (
    <ConfigProvider theme={portalTheme} direction={isRtl(lng) ? 'rtl' : 'ltr'} locale={getAntdLocale(lng)}>
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}

/**
 * What every React root of the portal needs (the shell's and each remote's: single-spa gives each its
 * own root): the one redux store, i18n, the themed antd ConfigProvider and an error boundary.
 */
export function PortalProviders({ children, store = portalStore }: PortalProvidersProps) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <AntdProvider>
          <ErrorBoundary>{children}</ErrorBoundary>
        </AntdProvider>
      </I18nextProvider>
    </Provider>
  );
}
