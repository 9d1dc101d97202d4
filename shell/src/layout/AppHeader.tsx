import { ReadOutlined } from '@ant-design/icons';
import { Layout, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { selectSession } from '@portal/session';
import { deployedBrand } from '../deploySettings/brand';
import { useDeploySettings } from '../deploySettings/useDeploySettings';
import { useCurrentSection } from '../menu/useCurrentSection';
import { AvatarMenu } from './AvatarMenu';
import { LanguageSwitcher } from './LanguageSwitcher';
import { LibraryDropdown } from './LibraryDropdown';

const headerStyle = {
  display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 16,
  paddingInline: 16, background: '#fff', borderBottom: '1px solid #f0f0f0',
} as const;

/** Logo per brand flavour, library dropdown (items sections only), News link, language and avatar menu. */
export function AppHeader() {
  const { t } = useTranslation('shell');
  const { userFlavor } = useSelector(selectSession);
  const brand = deployedBrand(userFlavor, useDeploySettings());
  const { isItems } = useCurrentSection();

  return (
    <Layout.Header style={headerStyle}>
      <Space size="middle">
        <img src={brand.logo} alt={brand.name} style={{ height: 32, display: 'block' }} />
        {isItems && <LibraryDropdown />}
      </Space>
      <Space size="middle">
        {brand.newsUrl && (
          <Typography.Link href={brand.newsUrl} target="_blank" rel="noopener noreferrer">
            <ReadOutlined /> {t('header.news')}
          </Typography.Link>
        )}
        <LanguageSwitcher />
        <AvatarMenu />
      </Space>
    </Layout.Header>
  );
}
