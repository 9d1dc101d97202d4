import { ShopOutlined } from '@ant-design/icons';
import { useTranslation } from '@portal/i18n';
import { Button, Result } from 'antd';

export interface NoLibrarySelectedProps {
  onSelectLibrary: () => void;
}

/** Shown instead of library-scoped content when the selected library is not among the user's libraries. */
export function NoLibrarySelected({ onSelectLibrary }: NoLibrarySelectedProps) {
  const { t } = useTranslation('common');
  return (
    <Result
      icon={<ShopOutlined />}
      title={t('noLibrarySelected')}
      subTitle={t('guards.noLibrarySelectedHint')}
      extra={<Button type="primary" onClick={onSelectLibrary}>{t('selectLibrary')}</Button>}
    />
  );
}
