/**
 * The frame of every public display: full screen, a title, the content once data has arrived, a clear
 * message for an invalid link, and the discreet "not updated since HH:mm" mark while polls fail. Plain
 * markup (no antd): the public entry loads as little as possible and runs for weeks.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isStale, type PollState } from '../polling/usePolling';
import { clockTime } from './clockTime';

interface Props<T> {
  title: string;
  poll: PollState<T>;
  /** Shown instead of the content when the server says the link is not valid. */
  invalidText: string;
  children: (data: T) => ReactNode;
  /** The texts in a display language of the page's own (default: the interface language). */
  t?: (key: string, values?: Record<string, string>) => string;
}

export function PublicFrame<T>({ title, poll, invalidText, children, t: displayT }: Props<T>) {
  const { t: interfaceT } = useTranslation('public');
  const t = displayT ?? interfaceT;
  const stale = isStale(poll);
  return (
    <main
      className="portal-public-page"
      style={{
        minHeight: '100vh',
        boxSizing: 'border-box',
        padding: 24,
        fontFamily: 'system-ui, sans-serif',
        background: '#fff',
        color: '#1f1f1f',
        position: 'relative',
      }}
    >
      <h1 style={{ margin: '0 0 16px', fontSize: 28 }}>{title}</h1>
      {poll.invalid && (
        <p role="alert" style={{ fontSize: 22, color: '#a8071a' }}>
          {invalidText}
        </p>
      )}
      {!poll.invalid && poll.data === null && <p style={{ color: '#595959' }}>{t('display.connecting')}</p>}
      {!poll.invalid && poll.data !== null && children(poll.data)}
      {stale && poll.updatedAt !== null && !poll.invalid && (
        <p
          role="status"
          className="portal-public-stale"
          style={{ position: 'absolute', insetInlineEnd: 16, bottom: 8, margin: 0, fontSize: 13, color: '#595959' }}
        >
          {t('display.stale', { time: clockTime(poll.updatedAt) })}
        </p>
      )}
    </main>
  );
}
