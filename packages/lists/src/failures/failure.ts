/**
 * What the Import, Sync and Add Items To dialogs show for a failed call (data-areas §8): the translated
 * message of the server's code and, when it refused rows, the first of them (sheet, row, reason) with
 * 'and N more' — never a bare code.
 */
import { normalizeError } from '@portal/api';
import { i18n } from '@portal/i18n';
import { LISTS_NS } from '../i18n';
import './i18n';

export interface Failure {
  message: string;
  /** The first refused rows, one text each. */
  rows: string[];
  /** Refused rows not listed. */
  more: number;
}

/** Refused rows listed before 'and N more'. */
export const SHOWN_ROWS = 5;

interface RowError {
  sheet?: unknown;
  row?: unknown;
  code?: unknown;
  field?: unknown;
}

const t = (key: string, options: Record<string, unknown> = {}) => i18n.t(`${LISTS_NS}:${key}`, options);
const has = (key: string) => i18n.exists(`${LISTS_NS}:${key}`);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function reason(error: RowError): string {
  const code = String(error.code ?? '');
  const field =
    typeof error.field === 'string' && has(`importModal.fields.${error.field}`) ? t(`importModal.fields.${error.field}`) : String(error.field ?? '');
  return has(`failures.reasons.${code}`) ? t(`failures.reasons.${code}`, { field }) : code;
}

function rowText(error: RowError): string {
  const values = { sheet: String(error.sheet ?? ''), row: Number(error.row), reason: reason(error) };
  return error.sheet !== undefined ? t('failures.rowInSheet', values) : t('failures.row', values);
}

/** The failure of an import, sync or add-to call, in the user's language. */
export function describeFailure(error: unknown): Failure {
  const { code, details } = normalizeError(error);
  const rowErrors = isObject(details) && Array.isArray(details.errors) ? (details.errors as RowError[]) : null;
  if (rowErrors && rowErrors.length > 0) {
    const total = typeof (details as { errorCount?: unknown }).errorCount === 'number' ? (details as { errorCount: number }).errorCount : rowErrors.length;
    const shown = rowErrors.slice(0, SHOWN_ROWS);
    const key = has(`failures.refused.${code}`) ? `failures.refused.${code}` : 'failures.refused.IMPORT_FAILED';
    return { message: t(key, { count: total }), rows: shown.map(rowText), more: Math.max(0, total - shown.length) };
  }
  const values = isObject(details) ? { ...details } : {};
  // The lists' own limit messages first (zip bombs, row cap, quotas), then the dialogs' ones.
  for (const key of [`errors.${code}`, `failures.codes.${code}`]) {
    if (has(key)) return { message: t(key, values), rows: [], more: 0 };
  }
  return { message: t('failures.unknown'), rows: [], more: 0 };
}
