/** The library form's fields (data-areas §5): admin-only fields shown read-only to others. */
import type { TFunction } from 'i18next';
import type { Store } from '@portal/api';
import type { FormField } from '@portal/lists';
import { DevicesLink } from './DevicesLink';
import { SipLink } from './SipLink';
import {
  LIBRARY_DATE_FORMAT,
  RESET_TIME_OPTIONS,
  TIME_STEP_MINUTES,
  canEditStoreField,
  isFiveMinuteStep,
  isOnTheHour,
  isValidCapacity,
  newStoreDefaults,
} from './storeRules';

const LABEL_FIELDS = ['fieldCode', 'fieldObjectId', 'field1', 'field2', 'field3', 'field4', 'field5', 'field6'] as const;

/** Every IANA time zone the browser knows (Europe/Madrid first when missing). */
function timezones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes('Europe/Madrid') ? known : ['Europe/Madrid', ...known];
}

/** `devices`: the user may manage the library's devices (a link to its Devices screen when editing). */
export function storeFields(t: TFunction, isAdmin: boolean, store: Store | null, devices = false): FormField[] {
  const initial: Partial<Store> = store ?? newStoreDefaults();
  const text = (name: keyof Store, required = true): FormField => ({
    type: 'input',
    name,
    label: t(`stores.${name}`),
    required,
    initialValue: initial[name] ?? '',
    disabled: !canEditStoreField(isAdmin, name),
  });
  const rule = (check: (v: unknown) => boolean, key: string) => ({
    validator: async (_r: unknown, value: unknown) => {
      if (value !== undefined && value !== null && value !== '' && !check(value)) throw new Error(t(key));
    },
  });
  return [
    text('code'),
    text('country'),
    text('area'),
    text('province'),
    text('city'),
    text('name'),
    text('address'),
    text('manager'),
    text('managertel'),
    {
      // No min on the control: antd's InputNumber would turn a typed 0 into 1 on blur; the rule refuses it instead.
      type: 'number',
      name: 'capacity',
      label: t('stores.capacity'),
      required: true,
      step: 1,
      initialValue: initial.capacity,
      rules: [rule(isValidCapacity, 'stores.capacityInvalid')],
    },
    {
      type: 'select',
      name: 'resetTime',
      label: t('stores.resetTime'),
      required: true,
      initialValue: initial.resetTime,
      selectOptions: RESET_TIME_OPTIONS.map((v) => ({ value: v, text: v })),
      rules: [rule(isOnTheHour, 'stores.resetTimeOnHour')],
    },
    {
      type: 'time',
      name: 'startTime',
      label: t('stores.startTime'),
      required: true,
      step: TIME_STEP_MINUTES,
      format: 'HH:mm',
      initialValue: initial.startTime,
      rules: [rule(isFiveMinuteStep, 'stores.fiveMinuteSteps')],
    },
    {
      type: 'time',
      name: 'endTime',
      label: t('stores.endTime'),
      required: true,
      step: TIME_STEP_MINUTES,
      format: 'HH:mm',
      initialValue: initial.endTime,
      rules: [rule(isFiveMinuteStep, 'stores.fiveMinuteSteps')],
    },
    {
      type: 'select',
      name: 'timezone',
      label: t('stores.timezone'),
      required: true,
      initialValue: initial.timezone,
      selectOptions: timezones().map((z) => ({ value: z, text: z })),
    },
    {
      type: 'date',
      name: 'expirationDate',
      label: t('stores.expirationDate'),
      required: true,
      format: LIBRARY_DATE_FORMAT,
      initialValue: initial.expirationDate,
      disabled: !isAdmin,
    },
    ...LABEL_FIELDS.map((name) => text(name, false)),
    ...(store
      ? [
          {
            type: 'custom' as const,
            name: 'sipLink',
            label: t('stores.sipLink'),
            render: () => <SipLink code={store.code} />,
          },
        ]
      : []),
    ...(store && devices
      ? [
          {
            type: 'custom' as const,
            name: 'devices',
            label: t('stores.devices'),
            render: () => <DevicesLink storeId={store.tid} />,
          },
        ]
      : []),
  ];
}
