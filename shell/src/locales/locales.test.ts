import { expectCompleteTranslations, i18n } from '@portal/i18n';
import { shellResources } from './index';

describe('shell translations', () => {
  it('has every key in all nine locales with the same placeholders', () => {
    expect(() => expectCompleteTranslations(shellResources)).not.toThrow();
  });

  it('is registered under the shell namespace and really translated', () => {
    expect(i18n.getFixedT('es', 'shell')('login.userNameRequired')).toBe('¡Introduzca su nombre de usuario!');
    expect(i18n.getFixedT('en-GB', 'shell')('login.userNameRequired')).toBe('Please input your user name!');
    expect(i18n.getFixedT('ar', 'shell')('logout.confirmTitle')).not.toBe(shellResources['en-GB'].logout.confirmTitle);
  });

  it("uses the spec's column name 'Province' in both English locales", () => {
    expect(shellResources['en-US'].changeLibrary.province).toBe('Province');
    expect(shellResources['en-GB'].changeLibrary.province).toBe('Province');
  });
});
