import { PASSWORD_MIN_LENGTH } from '@portal/contract';
import { expectCompleteTranslations, i18n } from '@portal/i18n';
import { SENSOR_NAME_MAX } from './devices/sensorRules';
import { SETTINGS_NS } from './i18n';
import { resources } from './locales';

it('has every settings text in all nine locales', () => {
  expect(() => expectCompleteTranslations(resources)).not.toThrow();
});

it('names the imagesets permission SelfChecks in English only, translated in every other locale', () => {
  for (const [locale, texts] of Object.entries(resources)) {
    const label = (texts as { permissions: { imagesets: string } }).permissions.imagesets;
    if (locale.startsWith('en')) expect(label).toBe('SelfChecks');
    else expect([locale, label]).not.toEqual([locale, 'SelfChecks']);
  }
});

it('gives Arabic lengths the plural form of their number', () => {
  const ar = i18n.getFixedT('ar', SETTINGS_NS);
  expect(ar('devices.nameTooLong', { count: SENSOR_NAME_MAX })).toBe('100 حرف على الأكثر');
  expect(ar('devices.nameTooLong', { count: 20 })).toBe('20 حرفًا على الأكثر');
  expect(ar('users.passwordTooShort', { count: PASSWORD_MIN_LENGTH })).toBe('يجب أن تتكون كلمة المرور من 8 أحرف على الأقل');
  expect(i18n.getFixedT('en-GB', SETTINGS_NS)('devices.nameTooLong', { count: SENSOR_NAME_MAX })).toBe('At most 100 characters');
});
