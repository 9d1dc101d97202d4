import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { FormField } from './types';
import { rowsToObject } from './values';

/** Empty for a required field: nothing, an empty or whitespace-only text, or an empty list. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** An object field is empty when none of its key/value rows has a key (rows without a key are dropped on save). */
export const isEmptyObject = (rows: unknown): boolean => Object.keys(rowsToObject(rows, false)).length === 0;

/** The field's rules: the whitespace-aware required rule ('FieldRequiredMessage' with the label) first. */
export function fieldRules(field: FormField, t: TFunction): Rule[] {
  const rules: Rule[] = [...(field.rules ?? [])];
  if (field.required) {
    rules.unshift({
      validator: (_rule, value) =>
        (field.type === 'object' ? isEmptyObject(value) : isEmptyValue(value))
          ? Promise.reject(new Error(t('common:FieldRequiredMessage', { field: field.label ?? field.name })))
          : Promise.resolve(),
    });
  }
  return rules;
}
