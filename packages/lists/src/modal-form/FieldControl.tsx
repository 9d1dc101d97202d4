import { Suspense, type ReactNode } from 'react';
import { useTranslation } from '@portal/i18n';
import { lazyRetrying } from '@portal/ui';
import { Button, Input, InputNumber, Radio, Select, Space, Switch, TreeSelect, type DatePickerProps, type FormInstance, type TimePickerProps } from 'antd';
import type { FormField } from './types';

// The pickers (antd/pickers) are fetched when a form with a date or time field first renders: no list page needs
// them at first view. A disabled input holds their place meanwhile; if they cannot be fetched, it stays, with Retry.
const LazyDatePicker = lazyRetrying<DatePickerProps>(
  () => import(/* webpackChunkName: "form-pickers" */ './pickers').then((module) => module.DatePicker),
  PickerNotFetched,
);
const LazyTimePicker = lazyRetrying<TimePickerProps>(
  () => import(/* webpackChunkName: "form-pickers" */ './pickers').then((module) => module.TimePicker),
  PickerNotFetched,
);
const pickerFallback = (id: string | undefined) => <Input id={id} disabled style={{ width: '100%' }} />;

function PickerNotFetched({ id, retry }: { id?: string; retry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input id={id} disabled />
      <Button onClick={retry}>{t('retry')}</Button>
    </Space.Compact>
  );
}

/** Form.Item passes value and onChange to its child: these components forward them to the picker once it is in. */
function DateControl(props: DatePickerProps) {
  return (
    <Suspense fallback={pickerFallback(props.id)}>
      <LazyDatePicker {...props} />
    </Suspense>
  );
}

function TimeControl(props: TimePickerProps) {
  return (
    <Suspense fallback={pickerFallback(props.id)}>
      <LazyTimePicker {...props} />
    </Suspense>
  );
}

/** The input control of one field type (the surrounding Form.Item passes value and onChange). */
export function fieldControl(field: FormField, disabled: boolean, form: FormInstance): ReactNode {
  const common = { disabled, placeholder: field.placeholder, id: field.name };
  switch (field.type) {
    case 'input':
      return <Input {...common} />;
    case 'password':
      return <Input.Password {...common} autoComplete="new-password" />;
    case 'number':
      return <InputNumber {...common} min={field.min} max={field.max} step={field.step} style={{ width: '100%' }} />;
    case 'select':
      return (
        <Select
          {...common}
          mode={field.mode}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={(field.selectOptions ?? []).map((o) => ({ value: o.value as string | number, label: o.text }))}
        />
      );
    case 'treeselect':
      return (
        <TreeSelect
          {...common}
          treeData={field.treeData}
          multiple={field.mode === 'multiple'}
          treeCheckable={field.mode === 'multiple'}
          allowClear
          showSearch
        />
      );
    case 'radio':
      return (
        <Radio.Group disabled={disabled} id={field.name}>
          {(field.radioOptions ?? []).map((o) => (
            <Radio key={String(o.value)} value={o.value}>
              {o.text}
            </Radio>
          ))}
        </Radio.Group>
      );
    case 'date':
      return <DateControl {...common} format={field.format} style={{ width: '100%' }} />;
    case 'datetime':
      return <DateControl {...common} showTime format={field.format} style={{ width: '100%' }} />;
    case 'time':
      return <TimeControl {...common} format={field.format ?? 'HH:mm'} minuteStep={field.step as TimePickerProps['minuteStep']} style={{ width: '100%' }} />;
    case 'switch':
      return <Switch disabled={disabled} id={field.name} />;
    case 'button':
      return (
        <Button disabled={disabled} onClick={() => field.onClick?.(form)}>
          {field.buttonText ?? field.label}
        </Button>
      );
    case 'custom':
      return field.render?.(form) ?? null;
    case 'object':
      return null; // rendered by ObjectField (a Form.List, not a single control)
  }
}
