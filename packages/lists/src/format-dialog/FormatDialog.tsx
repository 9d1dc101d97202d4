import { useEffect, useMemo, useState } from 'react';
import { message } from 'antd';
import { type ExportFormat, getFormat, logger, putFormat } from '@portal/api';
import { useListsTranslation } from '../i18n';
import { useStackedDialog } from '../modal-form/dialogStack';
import { ModalForm } from '../modal-form/ModalForm';
import type { FormField } from '../modal-form/types';
import { DEFAULT_FORMAT, fileTypeOptions, hasSeparator, separatorOptions } from './formatOptions';

export interface FormatDialogProps {
  open: boolean;
  /** Called after closing; with the saved format when Save succeeded. */
  onClose: (saved?: ExportFormat) => void;
}

/** The Format dialog: edits the saved export format (GET /api/format on opening, PUT on Save). */
export function FormatDialog({ open, onClose }: FormatDialogProps) {
  const { t } = useListsTranslation();
  const [format, setFormat] = useState<ExportFormat | null>(null);
  const [toast, toastHolder] = message.useMessage();
  // While the saved format loads the form is not shown yet, but an Escape cancels this dialog, not the one beneath.
  useStackedDialog(open && format === null, () => onClose());

  useEffect(() => {
    if (!open) return undefined;
    let current = true;
    getFormat()
      .then((saved) => {
        if (current) setFormat({ ...DEFAULT_FORMAT, ...saved });
      })
      .catch((error: unknown) => {
        logger.error('Export format could not be read', error);
        if (current) setFormat(DEFAULT_FORMAT);
      });
    // Forgotten on closing, so the next opening does not show the form for a moment with the format read before.
    return () => {
      current = false;
      setFormat(null);
    };
  }, [open]);

  const fields = useMemo<FormField[]>(() => {
    const f = format ?? DEFAULT_FORMAT;
    return [
      { type: 'select', name: 'fileType', label: t('format.fileType'), required: true, initialValue: f.fileType, selectOptions: fileTypeOptions(t) },
      { type: 'switch', name: 'firstRowHeader', label: t('format.firstRowHeader'), required: true, initialValue: f.firstRowHeader },
      { type: 'input', name: 'dateFormat', label: t('format.dateFormat'), required: true, initialValue: f.dateFormat },
      { type: 'input', name: 'codePrefix', label: t('format.codePrefix'), initialValue: f.codePrefix ?? '' },
      { type: 'input', name: 'codeSuffix', label: t('format.codeSuffix'), initialValue: f.codeSuffix ?? '' },
      {
        type: 'select',
        name: 'separator',
        label: t('format.separator'),
        required: true,
        initialValue: f.separator,
        selectOptions: separatorOptions(t),
        dependencies: ['fileType'],
        visible: (v) => hasSeparator(v.fileType),
      },
      {
        type: 'input',
        name: 'otherSeparator',
        label: t('format.otherSeparator'),
        initialValue: f.otherSeparator ?? '',
        dependencies: ['fileType', 'separator'],
        visible: (v) => hasSeparator(v.fileType) && v.separator === 'other',
      },
    ];
  }, [format, t]);

  const save = async (values: Record<string, unknown>) => {
    try {
      const saved = await putFormat({ ...(format ?? DEFAULT_FORMAT), ...(values as Partial<ExportFormat>) });
      onClose(saved);
    } catch (error) {
      logger.error('Export format could not be saved', error);
      void toast.error(t('format.saveFailed'));
    }
  };

  return (
    <>
      {toastHolder}
      <ModalForm open={open && format !== null} title={t('format.title')} fields={fields} onOk={save} onCancel={() => onClose()} />
    </>
  );
}
