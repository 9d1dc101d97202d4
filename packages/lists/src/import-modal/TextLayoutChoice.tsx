import { Select, Space, Typography } from 'antd';
import { TEXT_ENCODINGS, type TextEncoding } from '@portal/contract';
import type { ImportSheet } from '@portal/api';
import { useListsTranslation } from '../i18n';
import type { TextChoice } from './useImportController';

const SEPARATORS: ReadonlyArray<TextChoice['separator']> = ['comma', 'semicolon', 'tabulator'];

interface TextLayoutChoiceProps {
  /** The sheet of a text file, with the encoding and separator it was read with. */
  sheet: ImportSheet;
  disabled: boolean;
  onChange: (choice: TextChoice) => void;
}

/** What the server detected (encoding, separator) for a text file; changing either reads the file again. */
export function TextLayoutChoice({ sheet, disabled, onChange }: TextLayoutChoiceProps) {
  const { t } = useListsTranslation();
  const encoding = sheet.encoding ?? 'utf-8';
  const separator = SEPARATORS.includes(sheet.separator as TextChoice['separator']) ? (sheet.separator as TextChoice['separator']) : 'comma';
  return (
    <Space wrap align="center" data-testid="text-layout">
      <Typography.Text>{t('importPreview.encoding')}</Typography.Text>
      <Select<TextEncoding>
        size="small"
        style={{ minWidth: 190 }}
        aria-label={t('importPreview.encoding')}
        disabled={disabled}
        value={encoding}
        onChange={(value) => onChange({ encoding: value, separator })}
        options={TEXT_ENCODINGS.map((e) => ({ value: e, label: t(`importPreview.encodings.${e}`) }))}
      />
      <Typography.Text>{t('importPreview.separator')}</Typography.Text>
      <Select<TextChoice['separator']>
        size="small"
        style={{ minWidth: 120 }}
        aria-label={t('importPreview.separator')}
        disabled={disabled}
        value={separator}
        onChange={(value) => onChange({ encoding, separator: value })}
        options={SEPARATORS.map((s) => ({ value: s, label: t(`format.separators.${s}`) }))}
      />
      <Typography.Text type="secondary">{t('importPreview.hint')}</Typography.Text>
    </Space>
  );
}
