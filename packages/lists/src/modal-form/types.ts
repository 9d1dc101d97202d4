import type { ReactNode } from 'react';
import type { FormInstance, TreeSelectProps } from 'antd';
import type { Rule } from 'antd/es/form';

/** The field types of the generic modal form (access-shell-dashboard §2). */
export type FieldType =
  'input' | 'number' | 'password' | 'select' | 'treeselect' | 'radio' | 'date' | 'time' | 'datetime' | 'button' | 'switch' | 'object' | 'custom';

/** An option of a select or radio field. */
export interface FieldOption {
  value: string | number | boolean;
  text: ReactNode;
}

export type FormValues = Record<string, unknown>;
/** A property fixed or computed from the form's current values. */
export type Dynamic<V> = V | ((values: FormValues) => V);

/** One row of an object field (an editable list of key/value pairs). */
export interface KeyValueRow {
  key: string;
  value: string;
}

export interface FormField {
  type: FieldType;
  name: string;
  /** Translated label; also names the field in the required message. */
  label?: string;
  initialValue?: unknown;
  /** Rejects empty and whitespace-only values with 'FieldRequiredMessage' and the label. */
  required?: boolean;
  rules?: Rule[];
  visible?: Dynamic<boolean>;
  disabled?: Dynamic<boolean>;
  /** Fields whose change re-validates this one and recomputes visible/disabled. */
  dependencies?: string[];
  selectOptions?: FieldOption[];
  radioOptions?: FieldOption[];
  treeData?: TreeSelectProps['treeData'];
  mode?: 'multiple' | 'tags';
  placeholder?: string;
  help?: ReactNode;
  /** number: bounds and step; time/datetime: minute step via `step`. */
  min?: number;
  max?: number;
  step?: number;
  /** Display format of date/time pickers. */
  format?: string;
  /** button: its text and action. */
  buttonText?: ReactNode;
  onClick?: (form: FormInstance) => void;
  /** custom: renders the control (it receives value/onChange from the form item). */
  render?: (form: FormInstance) => ReactNode;
}
