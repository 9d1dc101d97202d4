import { ShopOutlined } from '@ant-design/icons';
import { useTranslation } from '@portal/i18n';
import { StatusResult } from '../StatusResult';
import { selectStores, selectStoresLoading } from '@portal/session';
import { Button } from 'antd';
import { useSelector } from 'react-redux';
import { GettingStarted } from './GettingStarted';

export interface NoLibrarySelectedProps {
  onSelectLibrary: () => void;
}

/**
 * Shown instead of library-scoped content when the selected library is not among the user's libraries. With no
 * library at all there is nothing to select: the first steps (or whom to ask) instead.
 */
export function NoLibrarySelected({ onSelectLibrary }: NoLibrarySelectedProps) {
  const { t } = useTranslation('common');
  const stores = useSelector(selectStores);
  const loading = useSelector(selectStoresLoading);
  if (stores.length === 0 && !loading) return <GettingStarted />;
  return (
    <StatusResult
      icon={<ShopOutlined />}
      title={t('noLibrarySelected')}
      subTitle={t('guards.noLibrarySelectedHint')}
      extra={
        <Button type="primary" onClick={onSelectLibrary}>
          {t('selectLibrary')}
        </Button>
      }
    />
  );
}
