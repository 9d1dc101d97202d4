import { formatNumber } from '@portal/ui';
import { Card, Spin, Statistic } from 'antd';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_NS } from '../i18n';

export interface ValueWidgetProps {
  title: string;
  icon?: ReactNode;
  prefix?: ReactNode;
  /** Multiplier applied before formatting (default 1). */
  scale?: number;
  /** null while loading: the widget shows a spinner. */
  value: number | null;
  /** The call failed: no spinner, a neutral "not available" mark instead. */
  failed?: boolean;
}

/** Widget type 'value' (§2): one number, shortened with K/M (§9). Memoised: it redraws only when its props change. */
export const ValueWidget = memo(function ValueWidget({ title, icon, prefix, scale = 1, value, failed }: ValueWidgetProps) {
  const { t } = useTranslation(DASHBOARD_NS);
  const heading = (
    <span>
      {icon} {title}
    </span>
  );
  let body: ReactNode;
  if (failed) body = <Statistic title={heading} value="–" aria-label={t('unavailable')} />;
  else if (value === null)
    body = (
      <>
        <div className="dashboard-widget-title">{heading}</div>
        <Spin size="small" />
      </>
    );
  else body = <Statistic title={heading} prefix={prefix} value={formatNumber(value * scale)} />;
  return (
    <Card size="small" role="group" aria-label={title} aria-busy={value === null && !failed}>
      {body}
    </Card>
  );
});
