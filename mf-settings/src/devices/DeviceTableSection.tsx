import { Alert, Button, Flex, Table, theme, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useSettingsTranslation } from '../i18n';
import type { Loaded } from './useLoaded';

export interface DeviceTableSectionProps<T> {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  hint: string;
  /** The section's main button, beside its heading. */
  action: ReactNode;
  loaded: Loaded<T[]>;
  columns: TableColumnsType<T>;
  empty: string;
  testId: string;
  /** The table's scroll width; by default its content's, so a narrow screen scrolls the table, not the page. */
  scrollX?: number;
  /** The section's dialogs. */
  children?: ReactNode;
}

/** A section of the devices page: heading with its button, hint, and the table (or its load error with Retry). */
export function DeviceTableSection<T extends { id: number | string }>(props: DeviceTableSectionProps<T>) {
  const { id, title, hint, action, loaded, columns, empty, testId, scrollX, children } = props;
  const { t } = useSettingsTranslation();
  const { token } = theme.useToken();
  return (
    <section aria-labelledby={id}>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 8 }}>
        <Typography.Title level={2} id={id} style={{ margin: 0, fontSize: token.fontSizeHeading5, lineHeight: token.lineHeightHeading5 }}>
          {title}
        </Typography.Title>
        {action}
      </Flex>
      <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
      {loaded.failed ? (
        <Alert
          type="error"
          showIcon
          title={t('devices.loadFailed')}
          action={
            <Button size="small" onClick={loaded.reload}>
              {t('devices.retry')}
            </Button>
          }
        />
      ) : loaded.data?.length === 0 ? (
        // Said in a line rather than under a table's headings, which a narrow screen would have to scroll.
        <Typography.Paragraph type="secondary" data-testid={testId}>
          {empty}
        </Typography.Paragraph>
      ) : (
        <Table<T>
          rowKey="id"
          size="small"
          pagination={false}
          columns={columns}
          dataSource={loaded.data ?? []}
          scroll={{ x: scrollX ?? 'max-content' }}
          loading={loaded.data === undefined}
          data-testid={testId}
        />
      )}
      {children}
    </section>
  );
}
