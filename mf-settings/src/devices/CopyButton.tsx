import { useEffect, useRef, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { logger } from '@portal/api';
import { COPIED_TOOLTIP_MS } from '@portal/lists';
import { useSettingsTranslation } from '../i18n';

/** A button that copies `text` to the clipboard and says so for a moment. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useSettingsTranslation();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch (error) {
      logger.error('Not copied', error);
      return;
    }
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_TOOLTIP_MS);
  };

  return (
    <Tooltip title={t('devices.copied')} open={copied}>
      <Button icon={copied ? <CheckOutlined /> : <CopyOutlined />} onClick={() => void copy()}>
        {label}
      </Button>
    </Tooltip>
  );
}
