import { registerTranslations, type Locale } from '@portal/i18n';

/** The login page's own texts beyond the shell's `login.*` keys: the password field's show/hide button. */
export const LOGIN_NS = 'login';

export const loginResources: Record<Locale, { showPassword: string; hidePassword: string }> = {
  'en-GB': { showPassword: 'Show password', hidePassword: 'Hide password' },
  'en-US': { showPassword: 'Show password', hidePassword: 'Hide password' },
  es: { showPassword: 'Mostrar contraseña', hidePassword: 'Ocultar contraseña' },
  ca: { showPassword: 'Mostra la contrasenya', hidePassword: 'Amaga la contrasenya' },
  fr: { showPassword: 'Afficher le mot de passe', hidePassword: 'Masquer le mot de passe' },
  pt: { showPassword: 'Mostrar palavra-passe', hidePassword: 'Ocultar palavra-passe' },
  nl: { showPassword: 'Wachtwoord tonen', hidePassword: 'Wachtwoord verbergen' },
  pl: { showPassword: 'Pokaż hasło', hidePassword: 'Ukryj hasło' },
  ar: { showPassword: 'إظهار كلمة المرور', hidePassword: 'إخفاء كلمة المرور' },
};

registerTranslations(LOGIN_NS, loginResources);
