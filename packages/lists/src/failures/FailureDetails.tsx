import { Typography } from 'antd';
import { useListsTranslation } from '../i18n';
import type { Failure } from './failure';

/** A failure's message with its first refused rows and 'and N more' (the description of an error Alert). */
export function FailureDetails({ failure }: { failure: Failure }) {
  const { t } = useListsTranslation();
  return (
    <div data-testid="failure-details">
      <Typography.Paragraph style={{ marginBottom: failure.rows.length > 0 ? 4 : 0 }}>{failure.message}</Typography.Paragraph>
      {failure.rows.length > 0 && (
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {failure.rows.map((row) => (
            <li key={row}>{row}</li>
          ))}
          {failure.more > 0 && <li>{t('failures.andMore', { count: failure.more })}</li>}
        </ul>
      )}
    </div>
  );
}
