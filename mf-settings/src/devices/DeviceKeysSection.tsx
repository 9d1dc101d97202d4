import { useMemo, useState } from 'react';
import { Badge, Button, Typography, type TableColumnsType, Modal, message as antdMessage } from 'antd';
import { KeyOutlined, StopOutlined } from '@ant-design/icons';
import { createDeviceKey, type CreatedDeviceKey, type DeviceKey, logger, revokeDeviceKey } from '@portal/api';
import { formatEventDate, ModalForm, type FormField } from '@portal/lists';
import { useSettingsTranslation } from '../i18n';
import { CreatedKeyDialog } from './CreatedKeyDialog';
import { DeviceTableSection } from './DeviceTableSection';
import type { Loaded } from './useLoaded';

export interface DeviceKeysSectionProps {
  storeId: number;
  keys: Loaded<DeviceKey[]>;
  /** A sensor for the example intake call shown with a new key (null: a placeholder). */
  exampleSensorId: number | null;
  /** The library's local time now ('YYYY-MM-DD HH:mm:ss'). */
  libraryNow: () => string;
}

const KEY_NAME_MAX = 100;

/** The keys the library's devices send data with: create (shown once), list with today's counts, revoke. */
export function DeviceKeysSection({ storeId, keys, exampleSensorId, libraryNow }: DeviceKeysSectionProps) {
  const { t } = useSettingsTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const [message, messageHolder] = antdMessage.useMessage();
  // Section titles are the page's h2s (under PageFrame's h1), drawn at antd's h5 size.
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ key: CreatedDeviceKey; date: string } | null>(null);

  const keyFields = useMemo(
    (): FormField[] => [
      {
        type: 'input',
        name: 'name',
        label: t('devices.keyName'),
        required: true,
        placeholder: t('devices.keyNamePlaceholder'),
        rules: [{ max: KEY_NAME_MAX, message: t('devices.nameTooLong', { count: KEY_NAME_MAX }) }],
      },
    ],
    [t],
  );

  const create = async (values: { name?: unknown }) => {
    try {
      const key = await createDeviceKey(storeId, String(values.name ?? '').trim());
      setCreating(false);
      setCreated({ key, date: libraryNow() });
    } catch (error) {
      logger.error('Device key not created', error);
      void message.error(t('devices.keyCreateFailed'));
      throw error;
    }
    keys.reload();
  };
  const revoke = async (key: DeviceKey) => {
    try {
      await revokeDeviceKey(storeId, key.id);
    } catch (error) {
      logger.error('Device key not revoked', error);
      void message.error(t('devices.keyRevokeFailed'));
    }
    keys.reload();
  };
  const confirmRevoke = (key: DeviceKey) =>
    modal.confirm({
      title: t('devices.revokeConfirm', { name: key.name }),
      content: t('devices.revokeExplained'),
      okText: t('devices.revoke'),
      okButtonProps: { danger: true },
      cancelText: t('devices.cancel'),
      onOk: () => revoke(key),
    });

  const count = (kind: keyof DeviceKey['today']) => ({
    key: kind,
    title: t(`devices.today.${kind}`),
    align: 'end' as const,
    width: 105,
    render: (_: unknown, k: DeviceKey) => k.today[kind],
  });
  const columns: TableColumnsType<DeviceKey> = [
    { key: 'name', title: t('devices.keyName'), dataIndex: 'name' },
    { key: 'createdAt', title: t('devices.created'), width: 165, render: (_, k) => formatEventDate(k.createdAt) },
    {
      key: 'lastUsedAt',
      title: t('devices.lastUsed'),
      width: 165,
      render: (_, k) => (k.lastUsedAt ? formatEventDate(k.lastUsedAt) : <Typography.Text type="secondary">{t('devices.never')}</Typography.Text>),
    },
    count('records'),
    count('alarms'),
    count('sipOperations'),
    {
      key: 'state',
      title: t('devices.state'),
      width: 150,
      render: (_, k) =>
        k.revokedAt ? (
          <Badge status="error" text={t('devices.revokedOn', { date: formatEventDate(k.revokedAt) })} />
        ) : (
          <Badge status="success" text={t('devices.active')} />
        ),
    },
    {
      key: 'actions',
      title: t('devices.actions'),
      width: 150,
      render: (_, k) =>
        k.revokedAt ? null : (
          <Button size="small" icon={<StopOutlined />} aria-label={t('devices.revokeKeyOf', { name: k.name })} onClick={() => confirmRevoke(k)}>
            {t('devices.revoke')}
          </Button>
        ),
    },
  ];

  return (
    <>
      {modalHolder}
      {messageHolder}
      <DeviceTableSection<DeviceKey>
        id="devices-keys"
        title={t('devices.keys')}
        hint={t('devices.keysHint')}
        action={
          <Button type="primary" icon={<KeyOutlined />} onClick={() => setCreating(true)}>
            {t('devices.createKey')}
          </Button>
        }
        loaded={keys}
        columns={columns}
        empty={t('devices.noKeys')}
        testId="device-keys-table"
        scrollX={960}
      >
        <ModalForm<{ name?: unknown }>
          open={creating}
          title={t('devices.newKey')}
          okText={t('devices.createKey')}
          fields={keyFields}
          onOk={create}
          onCancel={() => setCreating(false)}
        />
        <CreatedKeyDialog created={created?.key ?? null} sensorId={exampleSensorId} date={created?.date ?? ''} onClose={() => setCreated(null)} />
      </DeviceTableSection>
    </>
  );
}
