import { Radio, Select, Space, Table, Typography } from 'antd';
import { IMPORT_FIELDS, type ImportField, type ImportFieldMap, type ImportSheet } from '@portal/api';

type Cells = ImportSheet['data'][number];
import { useListsTranslation } from '../i18n';
import { fieldOfColumn, type FieldLabels, type SheetScope } from './importState';

const PREVIEW_ROWS = 10;
const NONE = '__none';

interface SheetMappingProps {
  sheets: ImportSheet[];
  sheetIndex: number;
  mapping: ImportFieldMap | undefined;
  /** The list's labels of the fields (else the generic names: Code, Field 1…). */
  fieldLabels?: FieldLabels;
  showsSheetScope: boolean;
  scope: SheetScope;
  disabled: boolean;
  onSelectSheet: (index: number) => void;
  onScope: (scope: SheetScope) => void;
  onMap: (column: number, field: ImportField | null) => void;
}

/** The preview of the chosen sheet with a field selector above each of its columns. */
export function SheetMapping({
  sheets,
  sheetIndex,
  mapping,
  fieldLabels = {},
  showsSheetScope,
  scope,
  disabled,
  onSelectSheet,
  onScope,
  onMap,
}: SheetMappingProps) {
  const { t } = useListsTranslation();
  const sheet = sheets[sheetIndex];
  const rows = (sheet?.data ?? []).slice(0, PREVIEW_ROWS);
  const width = rows.reduce((max, row) => Math.max(max, row.length), 0);
  const fieldOptions = [
    { value: NONE, label: t('importModal.notImported') },
    ...IMPORT_FIELDS.map((field) => ({ value: field, label: fieldLabels[field] || t(`importModal.fields.${field}`) })),
  ];
  const columns = Array.from({ length: width }, (_, column) => ({
    key: column,
    width: 150,
    title: (
      <Select
        size="small"
        style={{ width: 136 }}
        aria-label={t('importModal.columnN', { n: column + 1 })}
        disabled={disabled}
        value={fieldOfColumn(mapping, column) ?? NONE}
        onChange={(value: string) => onMap(column, value === NONE ? null : (value as ImportField))}
        options={fieldOptions}
      />
    ),
    render: (_: unknown, row: Cells) => String(row[column] ?? ''),
  }));

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        {sheets.length > 1 && (
          <Select
            aria-label={t('importModal.sheet')}
            style={{ minWidth: 180 }}
            value={sheetIndex}
            disabled={disabled}
            onChange={onSelectSheet}
            options={sheets.map((s, i) => ({ value: i, label: s.name }))}
          />
        )}
        {showsSheetScope && (
          <Radio.Group value={scope} disabled={disabled} onChange={(e) => onScope(e.target.value as SheetScope)}>
            <Radio value="all">{t('importModal.allSheets')}</Radio>
            <Radio value="current">{t('importModal.currentSheet')}</Radio>
          </Radio.Group>
        )}
        {sheet && <Typography.Text type="secondary">{t('importModal.sheetItems', { count: sheet.totalItems })}</Typography.Text>}
      </Space>
      <Table<Cells>
        size="small"
        bordered
        pagination={false}
        rowKey={(row) => String(rows.indexOf(row))}
        columns={columns}
        dataSource={rows}
        scroll={{ x: Math.max(width * 150, 560), y: 240 }}
      />
    </Space>
  );
}
