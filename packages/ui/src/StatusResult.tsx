import { WarningFilled } from '@ant-design/icons';
import { Component, lazy, Suspense, type ReactNode } from 'react';

const Result = lazy(() => import(/* webpackChunkName: "result" */ './antdResult'));

export interface StatusResultProps {
  status?: 'warning';
  icon?: ReactNode;
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
}

/**
 * The same content without antd's Result, laid out like it, for when its chunk cannot be fetched (the network is
 * gone, often the very reason a part failed to load): the page still says what happened and keeps its buttons
 * (Retry).
 */
function PlainResult({ status, icon, title, subTitle, extra }: StatusResultProps) {
  const shownIcon = icon ?? (status === 'warning' ? <WarningFilled style={{ color: '#faad14' }} /> : null);
  return (
    <div style={{ padding: '48px 32px', textAlign: 'center' }}>
      {shownIcon && <div style={{ marginBottom: 24, fontSize: 72, lineHeight: 1 }}>{shownIcon}</div>}
      <div style={{ fontSize: 24, lineHeight: 1.33, marginBlock: 8 }}>{title}</div>
      {subTitle && <div style={{ color: 'rgba(0, 0, 0, 0.62)' }}>{subTitle}</div>}
      {extra && <div style={{ marginTop: 24 }}>{extra}</div>}
    </div>
  );
}

class ChunkFailure extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * antd's Result (a status page: an error, no library…), loaded when one is first shown: no first view renders
 * one. Until its chunk is there nothing is shown; when it cannot be fetched, the same content plainly.
 */
export function StatusResult(props: StatusResultProps) {
  return (
    <ChunkFailure fallback={<PlainResult {...props} />}>
      <Suspense fallback={null}>
        <Result {...props} />
      </Suspense>
    </ChunkFailure>
  );
}
