import { ShopOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown instead of a library-scoped page when the selected library is not among the user's libraries. */
export function NoLibrarySelected({ onSelectLibrary }: { onSelectLibrary: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Result
      icon={<ShopOutlined />}
      title={t('common:noLibrarySelected')}
      subTitle={t('guards.noLibrarySelectedHint')}
      extra={<Button type="primary" onClick={onSelectLibrary}>{t('common:selectLibrary')}</Button>}
    />
  );
}
