import { Empty } from 'antd';
import { PageFrame } from '@portal/ui';
import { useTranslation } from '@portal/i18n';

/** data-areas §8: 'No Library Selected' when no library is selected. */
export function NoLibrary({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={title}>
      <Empty description={t('common:noLibrarySelected')} />
    </PageFrame>
  );
}
