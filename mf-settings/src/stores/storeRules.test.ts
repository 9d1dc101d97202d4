import moment from 'moment';
import {
  DEFAULT_TIMEZONE,
  RESET_TIME_OPTIONS,
  canAddOrDeleteStores,
  canEditStoreField,
  defaultExpirationDate,
  isFiveMinuteStep,
  isOnTheHour,
  isValidCapacity,
  newStoreDefaults,
  sipOperationsPath,
  storeBody,
} from './storeRules';

describe('library rules', () => {
  it('only an admin adds, deletes, or edits country, area, province, city, name and expiration date', () => {
    expect(canAddOrDeleteStores('admin')).toBe(true);
    expect(canAddOrDeleteStores('supervisor')).toBe(false);
    expect(canAddOrDeleteStores('user')).toBe(false);
    for (const field of ['country', 'area', 'province', 'city', 'name', 'expirationDate']) {
      expect(canEditStoreField(false, field)).toBe(false);
      expect(canEditStoreField(true, field)).toBe(true);
    }
    for (const field of ['address', 'manager', 'managertel', 'capacity', 'resetTime', 'startTime', 'endTime', 'timezone', 'code', 'field1']) {
      expect(canEditStoreField(false, field)).toBe(true);
    }
  });
  it('capacity is an integer of at least 1', () => {
    expect(isValidCapacity(1)).toBe(true);
    expect(isValidCapacity(250)).toBe(true);
    expect(isValidCapacity(0)).toBe(false);
    expect(isValidCapacity(1.5)).toBe(false);
    expect(isValidCapacity(null)).toBe(false);
  });
  it('reset time on the hour; open and close in 5-minute steps', () => {
    expect(RESET_TIME_OPTIONS).toHaveLength(24);
    expect(RESET_TIME_OPTIONS[0]).toBe('00:00');
    expect(RESET_TIME_OPTIONS[23]).toBe('23:00');
    expect(isOnTheHour('07:00')).toBe(true);
    expect(isOnTheHour('07:30')).toBe(false);
    expect(isFiveMinuteStep(moment('08:35', 'HH:mm'))).toBe(true);
    expect(isFiveMinuteStep('08:37')).toBe(false);
    expect(isFiveMinuteStep('nonsense')).toBe(false);
  });
  it('defaults: timezone Europe/Madrid, expiration one year ahead', () => {
    expect(DEFAULT_TIMEZONE).toBe('Europe/Madrid');
    expect(defaultExpirationDate(new Date(2026, 10, 22))).toBe('2027-11-22');
    expect(newStoreDefaults(new Date(2024, 1, 29))).toMatchObject({ timezone: 'Europe/Madrid', expirationDate: '2025-02-28' });
  });
  it('the public SIP link is /sipOperations/{storeCode}', () => {
    expect(sipOperationsPath('BIB-001')).toBe('/sipOperations/BIB-001');
    expect(sipOperationsPath('a b/c')).toBe('/sipOperations/a%20b%2Fc');
  });
  it('a non-admin body carries only the fields they may edit; times as HH:mm, dates as YYYY-MM-DD', () => {
    const values = {
      code: ' B1 ',
      country: 'ES',
      area: 'Norte',
      province: 'P',
      city: 'C',
      name: 'Central',
      address: 'A',
      manager: 'M',
      managertel: '600',
      capacity: 40,
      resetTime: '03:00',
      startTime: moment('08:05', 'HH:mm'),
      endTime: moment('20:30', 'HH:mm'),
      timezone: 'Europe/Madrid',
      expirationDate: moment('2030-01-02', 'YYYY-MM-DD'),
      fieldCode: 'Barcode',
    };
    const other = storeBody(values, false);
    expect(other).toMatchObject({ code: 'B1', capacity: 40, resetTime: '03:00', startTime: '08:05', endTime: '20:30', fieldCode: 'Barcode', field1: '' });
    for (const field of ['country', 'area', 'province', 'city', 'name', 'expirationDate']) expect(other).not.toHaveProperty(field);
    expect(storeBody(values, true)).toMatchObject({ country: 'ES', name: 'Central', expirationDate: '2030-01-02' });
  });
});
