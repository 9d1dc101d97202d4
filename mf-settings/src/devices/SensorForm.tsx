import { useMemo } from 'react';
import { message as antdMessage } from 'antd';
import { createSensor, logger, type Sensor, updateSensor } from '@portal/api';
import { ModalForm, type FormField } from '@portal/lists';
import { useSettingsTranslation } from '../i18n';
import { SENSOR_NAME_MAX, isValidSensorCapacity, newSensorBody, sensorUpdateBody } from './sensorRules';

export interface SensorFormProps {
  open: boolean;
  storeId: number;
  /** The library's capacity, used by sensors without their own. */
  libraryCapacity: number;
  /** The sensor being edited; null adds one. */
  sensor: Sensor | null;
  onClose: (saved?: Sensor) => void;
}

/** Add a sensor, or rename it, set its capacity (empty: the library's) and retire or restore it. */
export function SensorForm({ open, storeId, libraryCapacity, sensor, onClose }: SensorFormProps) {
  const { t } = useSettingsTranslation();
  const [message, messageHolder] = antdMessage.useMessage();
  const fields = useMemo(
    (): FormField[] => [
      {
        type: 'input',
        name: 'name',
        label: t('devices.sensorName'),
        required: true,
        initialValue: sensor?.name ?? '',
        rules: [{ max: SENSOR_NAME_MAX, message: t('devices.nameTooLong', { count: SENSOR_NAME_MAX }) }],
      },
      {
        // No min on the control: antd's InputNumber would turn a typed 0 into 1 on blur; the rule refuses it instead.
        type: 'number',
        name: 'capacity',
        label: t('devices.capacity'),
        step: 1,
        initialValue: sensor?.capacity ?? null,
        placeholder: t('devices.libraryCapacityPlaceholder', { capacity: libraryCapacity }),
        rules: [
          {
            validator: async (_rule: unknown, value: unknown) => {
              if (!isValidSensorCapacity(value)) throw new Error(t('devices.capacityInvalid'));
            },
          },
        ],
      },
      ...(sensor ? [{ type: 'switch' as const, name: 'retired', label: t('devices.retiredField'), initialValue: sensor.retired }] : []),
    ],
    [t, sensor, libraryCapacity],
  );

  const save = async (values: Record<string, unknown>) => {
    try {
      if (!sensor) {
        onClose(await createSensor(storeId, newSensorBody(values)));
        return;
      }
      const body = sensorUpdateBody(sensor, values);
      onClose(Object.keys(body).length > 0 ? await updateSensor(storeId, sensor.id, body) : undefined);
    } catch (error) {
      logger.error('Sensor not saved', error);
      void message.error(t('devices.sensorSaveFailed'));
      throw error;
    }
  };

  return (
    <>
      {messageHolder}
      <ModalForm open={open} title={sensor ? t('devices.editSensor') : t('devices.newSensor')} fields={fields} onOk={save} onCancel={() => onClose()} />
    </>
  );
}
