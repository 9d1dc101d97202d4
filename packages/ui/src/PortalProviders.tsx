import { getAntdLocale, i18n, I18nextProvider, isRtl, useLanguage } from '@portal/i18n';
import { store as portalStore } from '@portal/session';
import { ConfigProvider, theme } from 'antd';
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

/**
 * The text style antd's App gave the whole root (its `ant-app` element): the theme's colour, font and line height,
 * which content outside antd's components inherits. antd's App itself is not used: it renders the holders of
 * message, notification and Modal (rc-notification, rc-dialog) in every root, on every first view; a component
 * that shows a message or a dialog renders its own holder (`message.useMessage()`, `Modal.useModal()`).
 */
function RootText({ children, direction }: { children?: ReactNode; direction: 'rtl' | 'ltr' }) {
  const { token } = theme.useToken();
  const style = {
    color: token.colorText,
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
    fontFamily: token.fontFamily,
    boxSizing: 'border-box',
    direction: direction === 'rtl' ? 'rtl' : undefined,
  } as const;
  return <div style={style}>{children}</div>;
}

/** antd follows the interface language: its locale, and right-to-left for Arabic. */
function AntdProvider({ children }: { children?: ReactNode }) {
  const lng = useLanguage();
  const direction = isRtl(lng) ? 'rtl' : 'ltr';
  return (
    <ConfigProvider theme={portalTheme} direction={direction} locale={getAntdLocale(lng)}>
      <RootText direction={direction}>{children}</RootText>
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
