import { Button } from 'antd';
import { useTranslation } from '@portal/i18n';
import { StatusResult } from './StatusResult';

export interface RemoteErrorProps {
  /** The area that failed (e.g. a remote's name); without it the generic text is shown. */
  name?: string;
  onRetry?: () => void;
}

/** The content-area message of a part that failed to load or to render, with Retry. */
export function RemoteError({ name, onRetry }: RemoteErrorProps) {
  const { t } = useTranslation('common');
  return (
    <StatusResult
      status="warning"
      title={name ? t('remoteError.title') : t('errorBoundary.title')}
      subTitle={name ? t('remoteError.description', { name }) : t('errorBoundary.description')}
      extra={
        onRetry ? (
          <Button type="primary" onClick={onRetry}>
            {t('retry')}
          </Button>
        ) : undefined
      }
    />
  );
}
