import { useState } from 'react';
import { Form, Input, message, Modal, Select } from 'antd';
import { exportItems, logger, normalizeError, toExportColumns, type ExportColumnSource, type Order, type Separator } from '@portal/api';
import { exportErrorKey } from '@portal/i18n';
import { FormatButton } from '../format-dialog/FormatButton';
import { useStackedDialog } from '../modal-form/dialogStack';
import { DEFAULT_FORMAT, FILE_TYPES, hasSeparator, SEPARATORS } from '../format-dialog/formatOptions';
import { useListsTranslation } from '../i18n';
import { useOnOpening } from '../useOnOpening';
import { useExportFormat } from './useExportFormat';

export const EXPORT_DIALOG_WIDTH = 620;
export const EXPORT_DIALOG_BODY_MAX_HEIGHT = 620;

export type ExportOutcome = 'success' | 'failure' | 'cancel';

export interface ExportItemsDialogProps {
  open: boolean;
  /** The list's export URL (POSTed with format, columns, order and searchTexts). */
  url: string;
  columns: ExportColumnSource[];
  order: Order;
  searchTexts: Record<string, string>;
  defaultFileName?: string;
  /** Fires once per opening: after a successful or failed export, or on cancel. */
  onFinish: (outcome: ExportOutcome) => void;
}

const columnId = (c: ExportColumnSource): string => (typeof c.dataIndex === 'string' ? c.dataIndex : c.dataIndex.join('.'));

/**
 * Export Items (access-shell-dashboard §2/§4): file name, file type (saved at once when changed), separator
 * for csv/txt, columns (all by default). idle → exporting (OK loading) → closed.
 */
export function ExportItemsDialog({ open, url, columns, order, searchTexts, defaultFileName = '', onFinish }: ExportItemsDialogProps) {
  const { t } = useListsTranslation();
  const [toast, toastHolder] = message.useMessage();
  const { format, setFormat, changeFileType, reading } = useExportFormat(open);
  const [fileName, setFileName] = useState(defaultFileName);
  const [selected, setSelected] = useState<string[]>(() => columns.map(columnId));
  const [exporting, setExporting] = useState(false);

  useOnOpening(open, () => {
    setFileName(defaultFileName);
    setSelected(columns.map(columnId));
    setExporting(false);
  });

  const runExport = async () => {
    setExporting(true);
    try {
      await exportItems({
        url,
        fileName,
        format,
        columns: toExportColumns(columns.filter((c) => selected.includes(columnId(c)))),
        order,
        searchTexts,
      });
      onFinish('success');
    } catch (error) {
      logger.error('Export failed', error);
      void toast.error(t(exportErrorKey(normalizeError(error).code)));
      onFinish('failure');
    } finally {
      setExporting(false);
    }
  };

  const cancel = () => {
    if (!exporting) onFinish('cancel');
  };
  // Escape closes only the dialog opened last: the Format dialog over it first, then this one.
  const stacked = useStackedDialog(open, cancel);

  return (
    <>
      {toastHolder}
      <Modal
        open={open}
        title={t('export.title')}
        width={EXPORT_DIALOG_WIDTH}
        styles={{ body: { maxHeight: EXPORT_DIALOG_BODY_MAX_HEIGHT, overflowY: 'auto' } }}
        okText={t('export.ok')}
        cancelText={t('cancel')}
        // Until the saved format is read, Export would write the defaults (csv) instead of the user's format.
        okButtonProps={{ loading: exporting, disabled: reading || selected.length === 0 }}
        onOk={() => void runExport()}
        onCancel={cancel}
        {...stacked}
        // Opened from the list's menu, the focus can be left on the menu's button: once open, it goes to the file name.
        afterOpenChange={(isOpen) => {
          const name = document.getElementById('export-file-name');
          if (isOpen && !name?.closest('.ant-modal')?.contains(document.activeElement)) name?.focus();
        }}
      >
        <Form layout="vertical">
          <Form.Item label={t('export.fileName')} htmlFor="export-file-name">
            <Input id="export-file-name" value={fileName} placeholder="export" onChange={(e) => setFileName(e.target.value)} />
          </Form.Item>
          <Form.Item label={t('format.fileType')} htmlFor="export-file-type">
            <Select
              id="export-file-type"
              value={format.fileType}
              onChange={changeFileType}
              options={FILE_TYPES.map((value) => ({ value, label: t(`format.fileTypes.${value}`) }))}
            />
          </Form.Item>
          {hasSeparator(format.fileType) && (
            <Form.Item label={t('format.separator')} htmlFor="export-separator">
              <Select
                id="export-separator"
                value={format.separator}
                onChange={(separator: Separator) => setFormat((f) => ({ ...f, separator }))}
                options={SEPARATORS.map((value) => ({ value, label: t(`format.separators.${value}`) }))}
              />
            </Form.Item>
          )}
          {hasSeparator(format.fileType) && format.separator === 'other' && (
            <Form.Item label={t('format.otherSeparator')} htmlFor="export-other-separator">
              <Input
                id="export-other-separator"
                value={format.otherSeparator ?? ''}
                onChange={(e) => setFormat((f) => ({ ...f, otherSeparator: e.target.value }))}
              />
            </Form.Item>
          )}
          <Form.Item label={t('export.columns')} htmlFor="export-columns">
            <Select
              id="export-columns"
              mode="multiple"
              maxTagCount={3}
              value={selected}
              onChange={setSelected}
              options={columns.map((c) => ({ value: columnId(c), label: c.title }))}
            />
          </Form.Item>
          <FormatButton onSaved={(saved) => setFormat({ ...DEFAULT_FORMAT, ...saved })}>{t('export.adminFormat')}</FormatButton>
        </Form>
      </Modal>
    </>
  );
}
