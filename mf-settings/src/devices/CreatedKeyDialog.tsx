import { Alert, Button, Flex, Modal, Typography } from 'antd';
import type { CreatedDeviceKey } from '@portal/api';
import { useSettingsTranslation } from '../i18n';
import { CopyButton } from './CopyButton';
import { intakeExample } from './intakeExample';

export interface CreatedKeyDialogProps {
  /** The key just created; null: closed. */
  created: CreatedDeviceKey | null;
  /** A sensor of the library for the example call (null: a placeholder). */
  sensorId: number | null;
  /** The library's local time now, for the example reading. */
  date: string;
  onClose: () => void;
}

const codeStyle = { display: 'block', whiteSpace: 'pre-wrap', wordBreak: 'break-all', direction: 'ltr', textAlign: 'left' } as const;

/**
 * The one time a device key is shown: the key with a copy button and a ready-to-paste intake call. Closing
 * drops it from the page (destroyOnHidden); the server keeps only its hash.
 */
export function CreatedKeyDialog({ created, sensorId, date, onClose }: CreatedKeyDialogProps) {
  const { t } = useSettingsTranslation();
  const example = created ? intakeExample({ origin: window.location.origin, key: created.key, sensorId, date }) : '';
  return (
    <Modal
      open={created !== null}
      title={t('devices.keyCreatedTitle', { name: created?.name ?? '' })}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      width={720}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('devices.keyCopiedClose')}
        </Button>
      }
    >
      {created && (
        <Flex vertical gap={12}>
          <Alert type="warning" showIcon title={t('devices.keyShownOnce')} />
          <Typography.Text strong>{t('devices.key')}</Typography.Text>
          <Flex gap={8} align="center" wrap>
            <Typography.Text code data-testid="device-key" style={codeStyle}>
              {created.key}
            </Typography.Text>
            <CopyButton text={created.key} label={t('devices.copyKey')} />
          </Flex>
          <Typography.Text strong>{t('devices.exampleCall')}</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('devices.exampleCallHint')}
          </Typography.Paragraph>
          <pre data-testid="intake-example" style={{ ...codeStyle, margin: 0, padding: 8, background: 'rgba(0,0,0,0.04)', borderRadius: 6 }}>
            {example}
          </pre>
          <div>
            <CopyButton text={example} label={t('devices.copyExample')} />
          </div>
        </Flex>
      )}
    </Modal>
  );
}
