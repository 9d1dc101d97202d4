/** The counters export (data-areas §2, §5): file name, format (Excel only: anything else 'Unsupported file type'), Complete or Zoom. */
import { useState } from 'react';
import { Alert, Form, Input, Modal, Radio, Select } from 'antd';
import type { ExportMode } from '@portal/contract';
import { useCountersTranslation } from '../i18n';
import { logger } from '@portal/api';

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type CounterExportFormat = (typeof EXPORT_FORMATS)[number];

/** Only Excel is written; the message key otherwise. */
export const exportFormatError = (format: string): string | null => (format === 'xlsx' ? null : 'unsupportedFileType');

export interface ExportModalProps {
  open: boolean;
  zoomed: boolean;
  onExport: (request: { fileName: string; exportMode: ExportMode }) => Promise<void>;
  onClose: () => void;
}

export function ExportModal({ open, zoomed, onExport, onClose }: ExportModalProps) {
  const { t } = useCountersTranslation();
  const [fileName, setFileName] = useState('');
  const [format, setFormat] = useState<CounterExportFormat>('xlsx');
  const [mode, setMode] = useState<ExportMode>('complete');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ok = async () => {
    const formatError = exportFormatError(format);
    if (formatError) {
      setError(t(formatError));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onExport({ fileName, exportMode: zoomed ? mode : 'complete' });
      onClose();
    } catch (e) {
      logger.error('Counters export failed', e);
      setError(t('exportFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={t('exportTitle')} okText={t('export')} onOk={ok} onCancel={onClose} confirmLoading={busy} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label={t('fileName')}>
          <Input aria-label={t('fileName')} value={fileName} placeholder="export" onChange={(e) => setFileName(e.target.value)} />
        </Form.Item>
        <Form.Item label={t('format')}>
          <Select<CounterExportFormat>
            aria-label={t('format')}
            value={format}
            onChange={(f) => {
              setFormat(f);
              setError(null);
            }}
            options={EXPORT_FORMATS.map((value) => ({ value, label: t(`formats.${value}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('exportMode')}>
          <Radio.Group value={zoomed ? mode : 'complete'} onChange={(e) => setMode(e.target.value as ExportMode)}>
            <Radio value="complete">{t('complete')}</Radio>
            <Radio value="zoom" disabled={!zoomed}>
              {t('zoom')}
            </Radio>
          </Radio.Group>
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={error} /> : null}
    </Modal>
  );
}
