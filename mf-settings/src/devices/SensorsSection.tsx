import { Badge, Button, Flex, Typography, type TableColumnsType, Modal, message as antdMessage } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { deleteSensor, logger, normalizeError, type Sensor, updateSensor } from '@portal/api';
import { useSettingsTranslation } from '../i18n';
import { useFormDialog } from '../useFormDialog';
import { SensorForm } from './SensorForm';
import { DeviceTableSection } from './DeviceTableSection';
import type { Loaded } from './useLoaded';

export interface SensorsSectionProps {
  storeId: number;
  libraryCapacity: number;
  sensors: Loaded<Sensor[]>;
}

/**
 * The library's people-counting sensors: add, rename, set capacity, delete. A sensor with records cannot be
 * deleted (the server answers SENSOR_HAS_RECORDS): it is offered to retire instead, which keeps its history.
 */
export function SensorsSection({ storeId, libraryCapacity, sensors }: SensorsSectionProps) {
  const { t } = useSettingsTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const [message, messageHolder] = antdMessage.useMessage();
  // Section titles are the page's h2s (under PageFrame's h1), drawn at antd's h5 size.
  const form = useFormDialog<Sensor>(() => sensors.reload());

  const columns = ((): TableColumnsType<Sensor> => {
    const retire = async (sensor: Sensor) => {
      try {
        await updateSensor(storeId, sensor.id, { retired: true });
      } catch (error) {
        logger.error('Sensor not retired', error);
        void message.error(t('devices.sensorSaveFailed'));
      }
      sensors.reload();
    };
    const offerRetire = (sensor: Sensor) =>
      modal.confirm({
        title: t('devices.sensorHasRecords', { name: sensor.name }),
        content: t('devices.retireExplained'),
        okText: t('devices.retire'),
        cancelText: t('devices.cancel'),
        onOk: () => retire(sensor),
      });
    const remove = async (sensor: Sensor) => {
      try {
        await deleteSensor(storeId, sensor.id);
      } catch (error) {
        if (normalizeError(error).code === 'SENSOR_HAS_RECORDS') {
          offerRetire(sensor);
        } else {
          logger.error('Sensor not deleted', error);
          void message.error(t('devices.sensorDeleteFailed'));
        }
      }
      sensors.reload();
    };
    const confirmDelete = (sensor: Sensor) =>
      modal.confirm({
        title: t('devices.deleteSensorConfirm', { name: sensor.name }),
        content: t('devices.cannotBeUndone'),
        okText: t('devices.delete'),
        okButtonProps: { danger: true },
        cancelText: t('devices.cancel'),
        onOk: () => remove(sensor),
      });
    return [
      { key: 'id', title: t('devices.id'), dataIndex: 'id', width: 80 },
      { key: 'name', title: t('devices.sensorName'), dataIndex: 'name' },
      {
        key: 'capacity',
        title: t('devices.capacity'),
        align: 'end',
        width: 200,
        render: (_, s) => s.capacity ?? <Typography.Text type="secondary">{t('devices.libraryCapacity', { capacity: libraryCapacity })}</Typography.Text>,
      },
      {
        key: 'state',
        title: t('devices.state'),
        width: 130,
        render: (_, s) => <Badge status={s.retired ? 'default' : 'success'} text={t(s.retired ? 'devices.retired' : 'devices.active')} />,
      },
      {
        key: 'actions',
        title: t('devices.actions'),
        width: 210,
        render: (_, s) => (
          <Flex gap={8}>
            <Button size="small" icon={<EditOutlined />} aria-label={t('devices.editSensorOf', { name: s.name })} onClick={() => form.edit(s)}>
              {t('devices.edit')}
            </Button>
            {/* A retired sensor with records is kept for its history: nothing more to remove. */}
            {!(s.retired && s.hasRecords) && (
              <Button
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('devices.deleteSensorOf', { name: s.name })}
                onClick={() => (s.hasRecords ? offerRetire(s) : confirmDelete(s))}
              >
                {t('devices.delete')}
              </Button>
            )}
          </Flex>
        ),
      },
    ];
  })();

  return (
    <>
      {modalHolder}
      {messageHolder}
      <DeviceTableSection<Sensor>
        id="devices-sensors"
        title={t('devices.sensors')}
        hint={t('devices.sensorsHint')}
        action={
          <Button type="primary" icon={<PlusOutlined />} onClick={form.add}>
            {t('devices.addSensor')}
          </Button>
        }
        loaded={sensors}
        columns={columns}
        empty={t('devices.noSensors')}
        testId="sensors-table"
      >
        <SensorForm open={form.open} storeId={storeId} libraryCapacity={libraryCapacity} sensor={form.record} onClose={form.close} />
      </DeviceTableSection>
    </>
  );
}
