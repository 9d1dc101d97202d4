import moment from 'moment';

/** Spec data-areas §2: dates in lists read YYYY-MM-DD, events YYYY-MM-DD HH:mm:ss. */
export const LIST_DATE_FORMAT = 'YYYY-MM-DD';
export const EVENT_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

function format(value: unknown, pattern: string): string {
  if (value === null || value === undefined || value === '') return '';
  const parsed = moment(value as moment.MomentInput);
  return parsed.isValid() ? parsed.format(pattern) : String(value);
}

export const formatListDate = (value: unknown): string => format(value, LIST_DATE_FORMAT);
export const formatEventDate = (value: unknown): string => format(value, EVENT_DATE_FORMAT);
