import { Button, Space, theme, Typography } from 'antd';
import { createContext, createElement, lazy, Suspense, useCallback, useContext, useId, useState, type ComponentType, type KeyboardEvent } from 'react';
import { useTranslation } from '@portal/i18n';

const Retry = createContext<() => void>(() => undefined);

/**
 * A component whose code is fetched when it first renders (React.lazy). When the fetch fails (the network is lost,
 * a release is gone), `NotFetched` renders in its place with the same props and `retry`, which fetches again:
 * React keeps a lazy component's result, so a retry makes a new one.
 */
export function lazyRetrying<P extends object>(load: () => Promise<ComponentType<P>>, NotFetched: ComponentType<P & { retry: () => void }>): ComponentType<P> {
  function Failed(props: P) {
    return createElement(NotFetched, { ...props, retry: useContext(Retry) });
  }
  const fetch = () =>
    lazy<ComponentType<P>>(() =>
      load().then(
        (Component) => ({ default: Component }),
        () => ({ default: Failed }),
      ),
    );
  let Fetched = fetch();
  return function FetchedLater(props: P) {
    const [, setAttempt] = useState(0);
    const retry = useCallback(() => {
      Fetched = fetch();
      setAttempt((attempt) => attempt + 1);
    }, []);
    return <Retry.Provider value={retry}>{createElement(Fetched, props)}</Retry.Provider>;
  };
}

/**
 * A dialog whose code is fetched when it is first opened: `lazyDialog(() => import('./ExportModal'), 'ExportModal',
 * (props) => props.onClose())`. A page renders it closed from the start; it renders nothing (and fetches nothing)
 * until first opened, then stays mounted, so it keeps its state and closes with its motion. While its code arrives
 * nothing else is hidden (a boundary of its own). When the fetch fails, a notice stands where the dialog would open,
 * with Retry and Close (`close`: what the dialog's own Close calls). A dialog without an `open` prop is open while it
 * is rendered.
 */
export function lazyDialog<M extends Record<K, ComponentType<never>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  close: (props: PropsOf<M[K]>) => void,
): M[K] {
  type P = PropsOf<M[K]> & { open?: boolean };
  const Dialog = lazyRetrying<P>(
    () => load().then((module) => module[name] as unknown as ComponentType<P>),
    ({ retry, ...props }) => (props.open === false ? null : <DialogNotFetched onRetry={retry} onClose={() => close(props as unknown as P)} />),
  );
  function FetchedWhenOpened(props: P) {
    const [opened, setOpened] = useState(props.open !== false);
    if (props.open !== false && !opened) setOpened(true);
    if (!opened) return null;
    return <Suspense fallback={null}>{createElement(Dialog, props)}</Suspense>;
  }
  return FetchedWhenOpened as unknown as M[K];
}

type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/**
 * The notice of a dialog whose code could not be fetched. It uses only what every first view has of antd (no
 * Modal: its code may be what failed), takes the focus like a dialog (Retry), closes with Escape and gives the focus
 * back to where it was when closed.
 */
export function DialogNotFetched({ onRetry, onClose }: { onRetry: () => void; onClose: () => void }) {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  const titleId = useId();
  const [focusedBefore] = useState(() => document.activeElement);
  const close = () => {
    onClose();
    if (focusedBefore instanceof HTMLElement && focusedBefore.isConnected) focusedBefore.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };
  return (
    <div
      role="alertdialog"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      style={{
        position: 'fixed',
        top: 100,
        insetInline: 0,
        margin: '0 auto',
        width: 'max-content',
        maxWidth: 'calc(100vw - 32px)',
        zIndex: token.zIndexPopupBase + 10,
        padding: token.paddingLG,
        background: token.colorBgElevated,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadow,
      }}
    >
      <Typography.Title id={titleId} level={5} style={{ marginTop: 0 }}>
        {t('dialogError.title')}
      </Typography.Title>
      <Typography.Paragraph>{t('dialogError.description')}</Typography.Paragraph>
      <Space wrap style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button onClick={close}>{t('close')}</Button>
        <Button type="primary" autoFocus onClick={onRetry}>
          {t('retry')}
        </Button>
      </Space>
    </div>
  );
}
