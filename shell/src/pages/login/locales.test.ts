import { expectCompleteTranslations, i18n } from '@portal/i18n';
import { LOGIN_NS, loginResources } from './locales';

describe('login page translations', () => {
  it('has every key in all nine locales, registered and translated', () => {
    expect(() => expectCompleteTranslations(loginResources)).not.toThrow();
    expect(i18n.getFixedT('es', LOGIN_NS)('showPassword')).toBe('Mostrar contraseña');
    expect(i18n.getFixedT('ar', LOGIN_NS)('hidePassword')).toBe('إخفاء كلمة المرور');
  });
});
