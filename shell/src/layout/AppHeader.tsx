import { ReadOutlined } from '@ant-design/icons';
import { Grid, Layout, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { selectSession, useDeploySettings } from '@portal/session';
import { deployedBrand } from '../deploySettings/brand';
import { useCurrentSection } from '../menu/useCurrentSection';
import { AvatarMenu } from './AvatarMenu';
import { LanguageSwitcher } from './LanguageSwitcher';
import { LibraryDropdown } from './LibraryDropdown';

const headerStyle = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 16,
  paddingInline: 16,
  background: '#fff',
  borderBottom: '1px solid #f0f0f0',
} as const;
/**
 * The header's two groups stay on one line on a small screen: the logo and library group gives way (the library's
 * name shortened with an ellipsis), the language and user group keeps its size (the user's name has its own limit).
 */
const GROUP_STYLE = { display: 'flex', alignItems: 'center', gap: 16, minWidth: 0 } as const;
const SHRINKING_GROUP = { ...GROUP_STYLE, flex: '0 1 auto' } as const;
const FIXED_GROUP = { ...GROUP_STYLE, flex: 'none' } as const;
const LOGO_STYLE = { height: 32, display: 'block', flex: 'none' } as const;
/** A phone-wide screen shows the logo's leading mark only (the wordmark's bars; a deployed logo's start). */
const LOGO_MARK_STYLE = { ...LOGO_STYLE, width: 28, objectFit: 'cover', objectPosition: 'left center' } as const;

/** Logo per brand flavour, library dropdown (items sections only), News link, language and avatar menu. */
export function AppHeader() {
  const { t } = useTranslation('shell');
  const { userFlavor } = useSelector(selectSession);
  const brand = deployedBrand(userFlavor, useDeploySettings());
  const { isItems } = useCurrentSection();
  const narrow = Grid.useBreakpoint().sm === false;
  // The browser tab reads the brand the user sees (the deployed product name for the {product} flavour).
  useEffect(() => {
    document.title = brand.name;
  }, [brand.name]);

  return (
    <Layout.Header style={headerStyle}>
      <div style={SHRINKING_GROUP}>
        <img src={brand.logo} alt={brand.name} style={narrow ? LOGO_MARK_STYLE : LOGO_STYLE} />
        {isItems && <LibraryDropdown />}
      </div>
      <div style={FIXED_GROUP}>
        {brand.newsUrl && (
          <Typography.Link href={brand.newsUrl} target="_blank" rel="noopener noreferrer">
            <ReadOutlined /> {t('header.news')}
          </Typography.Link>
        )}
        <LanguageSwitcher />
        <AvatarMenu nameHidden={narrow} />
      </div>
    </Layout.Header>
  );
}
