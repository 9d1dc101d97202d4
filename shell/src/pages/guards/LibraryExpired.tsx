import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown instead of a library-scoped page when the selected library's expirationDate has passed. */
export function LibraryExpired({ onSelectLibrary, libraryName }: { onSelectLibrary: () => void; libraryName?: string }) {
  const { t } = useTranslation('shell');
  return (
    <Result
      status="warning"
      title={t('common:libraryExpired')}
      subTitle={libraryName ? t('guards.libraryExpiredHint', { name: libraryName }) : undefined}
      extra={<Button type="primary" onClick={onSelectLibrary}>{t('common:selectAnotherLibrary')}</Button>}
    />
  );
}
