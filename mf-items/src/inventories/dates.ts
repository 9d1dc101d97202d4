import moment from 'moment';

/** access-shell-dashboard §9: the inventory date formats. */
export const INVENTORY_DATE_FORMAT = 'YYYY/MM/DD HH:mm';
export const INVENTORY_DATETIME_FORMAT = 'YYYY/MM/DD HH:mm:ss';

/**
 * A section or scan date ('YYYY-MM-DD HH:mm:ss', the library's wall clock, shown as written) or an instant
 * (ISO with zone, shown in local time) in an inventory format.
 */
export function formatInventoryDate(value: unknown, pattern: string = INVENTORY_DATETIME_FORMAT): string {
  if (typeof value !== 'string' || value === '') return '';
  const parsed = /[zZ]|[+-]\d\d:?\d\d$/.test(value) ? moment(value) : moment(value, 'YYYY-MM-DD HH:mm:ss', true);
  return parsed.isValid() ? parsed.format(pattern) : value;
}
