import type { SipStatus } from '@portal/api';

/**
 * data-areas §4: a SIP operation's status is shown in colour. Solid tags (white text) in dark tones of antd's
 * blue, green, orange and red: the light preset tags read at 3.4:1 only, these at least 4.5:1 (WCAG AA).
 */
export const SIP_STATUS_COLORS: Readonly<Record<SipStatus, string>> = {
  PENDING: '#0958d9',
  SUCCESS: '#237804',
  WARNING: '#ad4e00',
  ERROR: '#a8071a',
};

/** The colour of a status; an unknown one (a newer server) stays neutral. */
export function sipStatusColor(status: string): string {
  return Object.hasOwn(SIP_STATUS_COLORS, status) ? SIP_STATUS_COLORS[status as SipStatus] : 'default';
}
