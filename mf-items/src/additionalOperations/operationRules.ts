import type { AdditionalOperationInput } from '@portal/api';

/** data-areas §5: method POST, PUT or DELETE (default POST). */
export const OPERATION_METHODS = ['POST', 'PUT', 'DELETE'] as const;

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The form's values as the call's body: trimmed texts, the method (POST when unset), params as texts. */
export function operationInput(values: Record<string, unknown>): AdditionalOperationInput {
  const method = OPERATION_METHODS.find((m) => m === values.method) ?? 'POST';
  const params =
    values.params && typeof values.params === 'object' && !Array.isArray(values.params)
      ? Object.fromEntries(Object.entries(values.params as Record<string, unknown>).map(([k, v]) => [k, v === null || v === undefined ? '' : String(v)]))
      : {};
  return { name: text(values.name), url: text(values.url), method, attachData: Boolean(values.attachData), params };
}

/** Params shown in the table: 'key: value' per pair. */
export const paramsText = (params: Record<string, string>): string[] => Object.entries(params).map(([k, v]) => `${k}: ${v}`);
