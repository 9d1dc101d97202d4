import moment from 'moment';

/**
 * A library is expired when its expirationDate is earlier than today, counted in whole days since the date
 * (data-areas §2): a library expiring today is still usable. A missing date never expires.
 */
export function isExpired(expirationDate: string | Date | null | undefined, today: moment.MomentInput = undefined): boolean {
  if (!expirationDate) return false;
  // Dates travel as ISO text (YYYY-MM-DD); strict parsing keeps moment from guessing other formats.
  const expiry = typeof expirationDate === 'string' ? moment(expirationDate, moment.ISO_8601, true) : moment(expirationDate);
  if (!expiry.isValid()) return false;
  return moment(today).startOf('day').diff(expiry.startOf('day'), 'days') > 0;
}
