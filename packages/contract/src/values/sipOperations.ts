/** SIP statuses and types, without schemas: the browser's entry (../browser.ts) exports them without loading typebox. */

export const SIP_STATUSES = ['PENDING', 'SUCCESS', 'WARNING', 'ERROR'] as const;

export type SipStatus = (typeof SIP_STATUSES)[number];

export const SIP_TYPES = ['CHECKIN', 'CHECKIN_PENDING', 'CHECKOUT', 'CHECKOUT_CANCEL', 'RENEW', 'INFORMATION'] as const;

export type SipType = (typeof SIP_TYPES)[number];
