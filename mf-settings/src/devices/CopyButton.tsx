import { Button, Tooltip } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useClipboardCopy } from '@portal/lists';
import { useSettingsTranslation } from '../i18n';

/** A button that copies `text` to the clipboard and says so for a moment. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useSettingsTranslation();
  const { copied, copy } = useClipboardCopy(text);
  return (
    <Tooltip title={t('devices.copied')} open={copied}>
      <Button icon={copied ? <CheckOutlined /> : <CopyOutlined />} onClick={() => void copy()}>
        {label}
      </Button>
    </Tooltip>
  );
}
