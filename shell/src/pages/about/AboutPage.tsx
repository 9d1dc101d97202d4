import { Card, Descriptions, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeploySettings } from '@portal/session';
import { useVersion } from './useVersion';

/** /about: server version, support contact and copyright. */
export function AboutPage() {
  const { t } = useTranslation('shell');
  const version = useVersion();
  const { supportEmail } = useDeploySettings();
  return (
    <Card title={t('about.title')} style={{ maxWidth: 640 }}>
      <Descriptions
        column={1}
        items={[
          { key: 'version', label: t('about.version'), children: version ?? <Spin size="small" /> },
          // The support address is a deploy-time setting (PORTAL_SUPPORT_EMAIL): no Contact line until one is set.
          ...(supportEmail
            ? [{ key: 'contact', label: t('about.contact'), children: <Typography.Link href={`mailto:${supportEmail}`}>{supportEmail}</Typography.Link> }]
            : []),
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        {t('about.copyright', { year: new Date().getFullYear() })}
      </Typography.Paragraph>
    </Card>
  );
}
