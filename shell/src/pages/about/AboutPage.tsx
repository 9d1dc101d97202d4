import { Card, Descriptions, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL } from './support';
import { useVersion } from './useVersion';

/** /about: server version, support contact and copyright. */
export function AboutPage() {
  const { t } = useTranslation('shell');
  const version = useVersion();
  return (
    <Card title={t('about.title')} style={{ maxWidth: 640 }}>
      <Descriptions column={1} items={[
        { key: 'version', label: t('about.version'), children: version ?? <Spin size="small" /> },
        { key: 'contact', label: t('about.contact'),
          children: <Typography.Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Typography.Link> },
      ]} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        {t('about.copyright', { year: new Date().getFullYear() })}
      </Typography.Paragraph>
    </Card>
  );
}
