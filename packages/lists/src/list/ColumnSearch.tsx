import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { InputRef } from 'antd';
import { Button, Input, Radio, Space, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useListsTranslation } from '../i18n';

interface ColumnSearchProps {
  title: string;
  value: string | undefined;
  open: boolean;
  /** The text the server refused for this column (INVALID_REGEX): shown again with the message. */
  refused?: string;
  onSearch: (text: string | null) => void;
  close: () => void;
  /** The values to pick from instead of typing (the picked value is the search text). */
  options?: ReadonlyArray<{ value: string; label: string }>;
}

/**
 * A column's search box (its filter dropdown). The text is sent as typed: /…/ is a regular expression. A column
 * with options offers them to pick one instead.
 */
export function ColumnSearch({ title, value, open, refused, onSearch, close, options }: ColumnSearchProps) {
  const { t } = useListsTranslation();
  const [text, setText] = useState(refused ?? value ?? '');
  const input = useRef<InputRef>(null);
  // Filled on opening before the box is painted, so text typed at once is not overwritten.
  useLayoutEffect(() => {
    if (open) setText(refused ?? value ?? '');
  }, [open, value, refused]);
  // The box takes the focus each time it opens (autoFocus only works on the first opening).
  useEffect(() => {
    if (!open) return undefined;
    const timer = setTimeout(() => input.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [open]);
  const search = () => {
    onSearch(text);
    close();
  };
  const reset = () => {
    setText('');
    onSearch(null);
    close();
  };
  if (options) {
    return (
      <div style={{ padding: 8, width: 240 }} onKeyDown={(e) => e.stopPropagation()}>
        <Radio.Group
          aria-label={t('searchIn', { column: title })}
          value={text}
          onChange={(e) => setText(String(e.target.value))}
          options={options.map((o) => ({ value: o.value, label: o.label }))}
          style={{ display: 'flex', flexDirection: 'column', gap: 4, maxHeight: 240, overflowY: 'auto', marginBottom: 8 }}
        />
        <Space>
          <Button type="primary" size="small" icon={<SearchOutlined />} onClick={search} disabled={text === ''}>
            {t('search')}
          </Button>
          <Button size="small" onClick={reset}>
            {t('reset')}
          </Button>
        </Space>
      </div>
    );
  }
  return (
    <div style={{ padding: 8, width: 240 }} onKeyDown={(e) => e.stopPropagation()}>
      <Input
        ref={input}
        autoFocus
        aria-label={t('searchIn', { column: title })}
        placeholder={t('searchIn', { column: title })}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={search}
        status={refused !== undefined ? 'error' : undefined}
        aria-invalid={refused !== undefined}
        style={{ marginBottom: 8 }}
      />
      {refused !== undefined && (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', fontSize: 12, marginBottom: 8 }}>
          {t('invalidRegex')}
        </Typography.Text>
      )}
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginBottom: 8 }}>
        {t('regexHint')}
      </Typography.Text>
      <Space>
        <Button type="primary" size="small" icon={<SearchOutlined />} onClick={search}>
          {t('search')}
        </Button>
        <Button size="small" onClick={reset}>
          {t('reset')}
        </Button>
      </Space>
    </div>
  );
}
