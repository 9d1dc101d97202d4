import type { SipStatus } from '@portal/api';

/** data-areas §4: a SIP operation's status is shown in colour (antd Tag preset colours). */
export const SIP_STATUS_COLORS: Readonly<Record<SipStatus, string>> = {
  PENDING: 'blue',
  SUCCESS: 'green',
  WARNING: 'orange',
  ERROR: 'red',
};

/** The colour of a status; an unknown one (a newer server) stays neutral. */
export function sipStatusColor(status: string): string {
  return Object.hasOwn(SIP_STATUS_COLORS, status) ? SIP_STATUS_COLORS[status as SipStatus] : 'default';
}
