import type { ReactNode } from 'react';
import { Button, DatePicker, Input, InputNumber, Radio, Select, Switch, TimePicker, TreeSelect, type FormInstance, type TimePickerProps } from 'antd';
import type { FormField } from './types';

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
      return <DatePicker {...common} format={field.format} style={{ width: '100%' }} />;
    case 'datetime':
      return <DatePicker {...common} showTime format={field.format} style={{ width: '100%' }} />;
    case 'time':
      return <TimePicker {...common} format={field.format ?? 'HH:mm'} minuteStep={field.step as TimePickerProps['minuteStep']} style={{ width: '100%' }} />;
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
