import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import moment from 'moment';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_NS } from '../i18n';

export interface WeekPagerProps {
  /** The shown week's seven days, YYYY-MM-DD. */
  days: string[];
  onPrevious: () => void;
  onNext: () => void;
  canGoNext: boolean;
}

/** Previous/next week buttons around the shown week's range. */
export function WeekPager({ days, onPrevious, onNext, canGoNext }: WeekPagerProps) {
  const { t } = useTranslation(DASHBOARD_NS);
  const start = moment(days[0]).format('D MMM');
  const end = moment(days[days.length - 1]).format('D MMM YYYY');
  return (
    <Space size={2}>
      <Button size="small" type="text" icon={<LeftOutlined />} aria-label={t('previousWeek')} title={t('previousWeek')} onClick={onPrevious} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('weekRange', { start, end })}
      </Typography.Text>
      <Button size="small" type="text" icon={<RightOutlined />} aria-label={t('nextWeek')} title={t('nextWeek')} onClick={onNext} disabled={!canGoNext} />
    </Space>
  );
}
