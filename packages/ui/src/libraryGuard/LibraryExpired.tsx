import { useTranslation } from '@portal/i18n';
import { StatusResult } from '../StatusResult';
import { Button } from 'antd';

export interface LibraryExpiredProps {
  onSelectLibrary: () => void;
  libraryName?: string;
}

/** Shown instead of library-scoped content when the selected library's expirationDate has passed. */
export function LibraryExpired({ onSelectLibrary, libraryName }: LibraryExpiredProps) {
  const { t } = useTranslation('common');
  return (
    <StatusResult
      status="warning"
      title={t('libraryExpired')}
      subTitle={libraryName ? t('guards.libraryExpiredHint', { name: libraryName }) : undefined}
      extra={
        <Button type="primary" onClick={onSelectLibrary}>
          {t('selectAnotherLibrary')}
        </Button>
      }
    />
  );
}
