import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from '@portal/i18n';

/** Spec §9: the loading overlay appears after 300 ms (quick loads never flash it). */
export const LOADING_OVERLAY_DELAY_MS = 300;

export interface LoadingOverlayProps {
  loading: boolean;
  delay?: number;
}

/** Covers its positioned parent while loading, once loading has lasted `delay` ms. */
export function LoadingOverlay({ loading, delay = LOADING_OVERLAY_DELAY_MS }: LoadingOverlayProps) {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!loading) {
      setVisible(false);
      return undefined;
    }
    const timer = setTimeout(() => setVisible(true), delay);
    return () => clearTimeout(timer);
  }, [loading, delay]);

  if (!visible) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      style={{
        position: 'absolute',
        inset: 0,
        zIndex: 1000,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'rgba(255, 255, 255, 0.6)',
      }}
    >
      <Spin size="large" description={t('loading')}>
        {/* Wide enough for the label on one line in every language. */}
        <div style={{ width: 200, height: 80 }} />
      </Spin>
    </div>
  );
}
