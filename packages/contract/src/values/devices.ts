/** The device key header, without schemas: the browser's entry (../browser.ts) exports them without loading typebox. */

/** The header carrying a device key on the intake calls. */
export const DEVICE_KEY_HEADER = 'x-device-key';
